import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDatabase } from "../../db/client.server.ts";
import { setRuntime } from "../../db/runtime.server.ts";
import { calendarFeeds } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import { createAccount } from "../auth/accounts.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { calendarAction } from "./calendar-admin.server.ts";
import { insertTestUnit } from "./test-units.server.ts";

/**
 * "Sync now", adding, removing and applying a feed never answer 500: when the database fails
 * under them (a lost connection, a full disk), each answers 503 with a plain message, and
 * nothing is changed.
 */

const SITE = "http://admin.test";

describe.each(TEST_ENGINES)("feed actions while the database fails, on %s", (engine) => {
  let database: TestDatabase;
  let unit: number;
  let adminId: number;
  let feedId: number;
  /** While true, every query of the runtime's database throws, as a lost connection would. */
  let failing = false;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const real = database.db;
    const failingDb = new Proxy(real, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (!failing || typeof value !== "function") return value;
        return () => {
          throw new Error("Connection terminated unexpectedly");
        };
      },
    }) as AppDatabase;
    const dataDir = mkdtempSync(path.join(tmpdir(), "feed-actions-"));
    setRuntime({
      config: loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL: SITE,
        CALENDAR_FEED_TIMEOUT_SECONDS: "2",
      }),
      database: { ...database, db: failingDb },
      databaseReady: true,
      storage: new LocalDiskStorage(path.join(dataDir, "media")),
      logger: createLogger("silent"),
    });
    adminId = (await createAccount(real, "feeds-down@example.com", "coral reef at dawn")).id;
    unit = await insertTestUnit(real, `feeds-down-${engine}`, { status: "available" });
    const [feed] = await real
      .insert(calendarFeeds)
      .values({ propertyId: unit, name: "Airbnb", url: "https://feeds.example/a.ics" })
      .returning({ id: calendarFeeds.id });
    feedId = feed?.id ?? 0;
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database?.destroy();
  });

  async function post(fields: Record<string, string>) {
    const body = new URLSearchParams(fields).toString();
    const request = new Request(`${SITE}/admin/properties/${unit}/calendar`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    let outcome: unknown;
    try {
      outcome = await calendarAction(request, unit, adminId);
    } catch (thrown) {
      // What the route would turn into a 500.
      return { status: 500, body: { ok: false, message: String(thrown) } };
    }
    const init = (outcome as { init?: { status?: number } }).init;
    const value = init ? (outcome as { data: unknown }).data : outcome;
    return { status: init?.status ?? 200, body: value as { ok: boolean; message: string } };
  }

  it.each([
    ["add-feed", { name: "Booking", url: "https://feeds.example/b.ics" }],
    ["sync-feed", {}],
    ["remove-feed", {}],
    ["apply-held", {}],
  ] as const)("%s answers 503 and changes nothing", async (intent, fields) => {
    const before = await database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.propertyId, unit));
    failing = true;
    let answer: Awaited<ReturnType<typeof post>>;
    try {
      answer = await post({ intent, id: String(feedId), ...fields });
    } finally {
      failing = false;
    }
    expect(answer).toEqual({
      status: 503,
      body: expect.objectContaining({
        ok: false,
        message: "The database could not be reached; nothing was changed. Try again shortly.",
      }),
    });
    const after = await database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.propertyId, unit));
    expect(after).toEqual(before);
  });
});

import { createHash } from "node:crypto";
import { eq, like } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { takeReplyAllowance } from "../../db/reply-caps.server.ts";
import { leads, outbox, rateLimits } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { DEMO_CONTACTS } from "../../lib/contacts.test-fixture.ts";
import { saveSearch } from "../saved-searches/saved-searches.server.ts";
import {
  type LeadActionDeps,
  revenueShareLeadAction,
  roiLeadAction,
} from "./lead-actions.server.ts";
import { type NewLead, storeLead } from "./leads.server.ts";
import type { MessageSettings } from "./outbox.server.ts";

const ORIGIN = "https://kamala.example";
const DAY_MS = 24 * 60 * 60 * 1000;
const messages: MessageSettings = {
  publicUrl: ORIGIN,
  contacts: DEMO_CONTACTS,
  secret: "s".repeat(40),
  notifications: {
    email: {
      smtpUrl: "smtp://127.0.0.1:1",
      from: "desk@kamala.example",
      desk: ["desk@kamala.example"],
    },
    telegram: { token: "1:x", chatId: "1", apiUrl: "http://127.0.0.1:1" },
  },
};

const post = (path: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: ORIGIN },
  });

describe.each(TEST_ENGINES)("replies per recipient on %s", (engine) => {
  let database: TestDatabase;
  let ip = 0;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(outbox);
    await database.db.delete(rateLimits);
  });

  const outboxFor = async (email: string) => {
    const rows = await database.db
      .select({ purpose: outbox.purpose, channel: outbox.channel, payload: outbox.payload })
      .from(outbox)
      .innerJoin(leads, eq(leads.id, outbox.leadId))
      .where(eq(leads.email, email));
    return {
      replies: rows.filter((r) => r.purpose === "reply"),
      alerts: rows.filter((r) => r.purpose === "alert"),
    };
  };

  it("answers one address once a form a day, from however many visitor addresses", async () => {
    const deps = (): LeadActionDeps => ({
      db: database.db,
      logger: pino({ level: "silent" }),
      clientAddress: `198.51.100.${++ip}`,
      publicUrl: ORIGIN,
      messages,
    });
    const victim = "victim.roi@example.com";
    for (let i = 0; i < 4; i++) {
      const answer = (await roiLeadAction(
        post("/owners/roi", {
          name: `Sender ${i}`,
          email: victim,
          value: "8000000",
          area: "Kamala",
          property: "pool-villa",
          beds: "3",
        }),
        deps(),
      )) as { data: { status: string } };
      // The visitor sees the same answer whether or not the reply went.
      expect(answer.data.status).toBe("ok");
    }
    const stored = await database.db.select().from(leads).where(eq(leads.email, victim));
    expect(stored).toHaveLength(4);
    const { replies, alerts } = await outboxFor(victim);
    expect(replies).toHaveLength(1);
    // The desk hears of every lead, by mail and by Telegram.
    expect(alerts).toHaveLength(8);
  });

  it("answers one address at most 3 times a day across all forms, whatever its letter case", async () => {
    const kinds: NewLead["kind"][] = [
      "roi",
      "revenue-share",
      "unit-enquiry",
      "viewing",
      "availability-alert",
      "contact",
    ];
    const spellings = ["many@example.com", "Many@Example.com", "MANY@EXAMPLE.COM"];
    for (const [i, kind] of kinds.entries())
      await storeLead(
        database.db,
        {
          kind,
          name: "N",
          email: spellings[i % spellings.length],
          language: "en",
          sourcePage: "/",
        },
        messages,
      );
    const rows = await database.db
      .select({ purpose: outbox.purpose, to: outbox.payload })
      .from(outbox)
      .where(eq(outbox.purpose, "reply"));
    expect(rows).toHaveLength(3);
    const alerts = await database.db.select().from(outbox).where(eq(outbox.purpose, "alert"));
    expect(alerts).toHaveLength(kinds.length * 2);
  });

  it("counts under a SHA-256 of the address in lower case, never the address itself", async () => {
    await storeLead(
      database.db,
      {
        kind: "contact",
        name: "H",
        email: "Hashed.Person@Example.com",
        language: "en",
        sourcePage: "/",
      },
      messages,
    );
    const hash = createHash("sha256").update("hashed.person@example.com").digest("hex");
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map(
      (r) => r.key,
    );
    expect(keys.sort()).toEqual([`reply:any:${hash}`, `reply:contact:${hash}`]);
    expect(keys.some((k) => k.toLowerCase().includes("hashed.person"))).toBe(false);
  });

  it("allows the next day what it refused today", async () => {
    const now = new Date("2026-11-26T03:00:00Z");
    expect(await takeReplyAllowance(database.db, "day@example.com", "roi", now)).toBe(true);
    expect(await takeReplyAllowance(database.db, "day@example.com", "roi", now)).toBe(false);
    const tomorrow = new Date(now.getTime() + DAY_MS);
    expect(await takeReplyAllowance(database.db, "day@example.com", "roi", tomorrow)).toBe(true);
  });

  it("sends one saved-search confirmation an address a day, however many filter sets", async () => {
    const now = new Date();
    for (const filters of ["status=available", "status=soon", "status=available&type=condo"])
      await saveSearch(
        database.db,
        { email: "searcher@example.com", filters, language: "en", sourcePage: null },
        messages,
        now,
      );
    const confirmations = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.purpose, "search-confirm"));
    expect(confirmations).toHaveLength(1);
    // The revenue-share reply still has its own place in the day's three.
    await revenueShareLeadAction(
      post("/owners/revenue-share", { name: "S", email: "searcher@example.com" }),
      {
        db: database.db,
        logger: pino({ level: "silent" }),
        clientAddress: `198.51.100.${++ip}`,
        publicUrl: ORIGIN,
        messages,
      },
    );
    expect((await outboxFor("searcher@example.com")).replies).toHaveLength(1);
    expect(
      await database.db.select().from(rateLimits).where(like(rateLimits.key, "reply:any:%")),
    ).toMatchObject([{ hits: 2 }]);
  });
});

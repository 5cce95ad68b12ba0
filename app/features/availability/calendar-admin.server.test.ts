import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRuntime } from "../../db/runtime.server.ts";
import { calendarFeeds, properties } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import * as portfolioRoute from "../../routes/admin.calendars.tsx";
import * as calendarRoute from "../../routes/admin.property-calendar.tsx";
import * as editRoute from "../../routes/admin.property-edit.tsx";
import { propertyForm } from "../admin/test-fixtures.ts";
import { createAccount } from "../auth/accounts.server.ts";
import { createSession } from "../auth/sessions.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { listStays } from "./stays.server.ts";
import { insertTestUnit, unitStatus } from "./test-units.server.ts";

const SITE = "http://admin.test";

describe.each(TEST_ENGINES)("the admin calendar page on %s", (engine) => {
  let database: TestDatabase;
  let cookie: string;
  let unit: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const dataDir = mkdtempSync(path.join(tmpdir(), "calendar-admin-"));
    setRuntime({
      config: loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL: SITE,
        CALENDAR_FEED_TIMEOUT_SECONDS: "2",
      }),
      database,
      databaseReady: true,
      storage: new LocalDiskStorage(path.join(dataDir, "media")),
      logger: createLogger("silent"),
    });
    const admin = await createAccount(database.db, "cal@example.com", "coral reef at dawn");
    cookie = `admin_session=${await createSession(database.db, admin.id)}`;
    unit = await insertTestUnit(database.db, "cal-unit", { status: "available" });
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database.destroy();
  });

  async function post(
    fields: Record<string, string>,
    id = String(unit),
    route: { action: (args: never) => Promise<unknown> } = calendarRoute,
  ) {
    const body = new URLSearchParams(fields).toString();
    const suffix = route === calendarRoute ? "/calendar" : "";
    const request = new Request(`${SITE}/admin/properties/${id}${suffix}`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
        origin: SITE,
        cookie,
      },
    });
    let outcome: unknown;
    try {
      outcome = await route.action({
        request,
        params: { id },
        context: new RouterContextProvider(),
      } as never);
    } catch (thrown) {
      outcome = thrown;
    }
    if (outcome instanceof Response) return { status: outcome.status, body: null };
    const init = (outcome as { init?: { status?: number }; data?: unknown }).init;
    const value = init ? (outcome as { data: unknown }).data : outcome;
    return { status: init?.status ?? 200, body: value as { ok: boolean; message: string } };
  }

  it("adds, refuses an overlap with 409, and removes a stay; the status follows", async () => {
    const added = await post({
      intent: "add-stay",
      kind: "lease",
      startDate: "2025-01-01",
      endDate: "2034-01-01",
      tenantName: "Private Person",
      leaseMonths: "12",
    });
    expect(added).toEqual({ status: 200, body: expect.objectContaining({ ok: true }) });
    expect((await unitStatus(database.db, unit))?.status).toBe("occupied");

    const clash = await post({
      intent: "add-stay",
      kind: "maintenance",
      startDate: "2030-01-01",
      endDate: "2030-01-02",
    });
    expect(clash.status).toBe(409);
    expect(clash.body?.message).toMatch(
      /^These dates overlap a lease from 2025-01-01 to 2034-01-01/,
    );
    const [stay] = await listStays(database.db, unit);
    expect(await listStays(database.db, unit)).toHaveLength(1);

    const removed = await post({ intent: "remove-stay", id: String(stay?.id) });
    expect(removed.status).toBe(200);
    expect(await listStays(database.db, unit)).toEqual([]);
    expect((await unitStatus(database.db, unit))?.status).toBe("available");
  });

  it("answers bad input with 400 or 404 and stores nothing", async () => {
    const cases: [Record<string, string>, number][] = [
      [{ intent: "add-stay", kind: "lease", startDate: "2027-02-30", endDate: "2027-03-01" }, 400],
      [{ intent: "add-stay", kind: "lease", startDate: "2027-03-01", endDate: "2027-02-01" }, 400],
      [{ intent: "add-stay", kind: "disco", startDate: "2027-03-01", endDate: "2027-04-01" }, 400],
      [
        { intent: "add-stay", kind: "lease", startDate: "9".repeat(50_000), endDate: "2027-04-01" },
        400,
      ],
      [
        {
          intent: "update-stay",
          id: "99999",
          kind: "lease",
          startDate: "2027-03-01",
          endDate: "2027-04-01",
        },
        404,
      ],
      [
        {
          intent: "update-stay",
          id: "1e9",
          kind: "lease",
          startDate: "2027-03-01",
          endDate: "2027-04-01",
        },
        404,
      ],
      [{ intent: "remove-stay", id: "-1" }, 404],
      [{ intent: "add-feed", name: "Airbnb", url: "file:///etc/passwd" }, 400],
      [{ intent: "add-feed", name: "", url: "https://example.com/a.ics" }, 400],
      [{ intent: "add-feed", name: "X", url: `https://example.com/${"a".repeat(3000)}` }, 400],
      [{ intent: "sync-feed", id: "424242" }, 404],
      [{ intent: "remove-feed", id: "424242" }, 404],
      [{ intent: "explode" }, 400],
    ];
    for (const [fields, status] of cases) {
      const outcome = await post(fields);
      expect(outcome.status, JSON.stringify(fields).slice(0, 120)).toBe(status);
    }
    expect(await listStays(database.db, unit)).toEqual([]);
    expect(await database.db.select().from(calendarFeeds)).toEqual([]);
    expect((await post({ intent: "add-stay" }, "77777")).status).toBe(404);
  });

  it("adds a feed that cannot be reached: kept with its error; removing it frees the unit", async () => {
    const outcome = await post({
      intent: "add-feed",
      name: "Broken channel",
      url: "http://127.0.0.1:9/calendar.ics",
    });
    expect(outcome.status).toBe(200);
    expect(outcome.body?.message).toMatch(/^Feed added, but it could not be read: /);
    const [feed] = await database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.propertyId, unit));
    // On this machine and not allowed: refused; the admin is told no more than that.
    expect(feed?.lastError).toBe("The feed could not be fetched");
    expect(feed?.lastErrorAt).toBeInstanceOf(Date);
    const again = await post({
      intent: "add-feed",
      name: "Same",
      url: "http://127.0.0.1:9/calendar.ics",
    });
    expect(again.status).toBe(409);
    expect((await post({ intent: "remove-feed", id: String(feed?.id) })).status).toBe(200);
    expect(await database.db.select().from(calendarFeeds)).toEqual([]);
    const [row] = await database.db.select().from(properties).where(eq(properties.id, unit));
    expect(row?.status).toBe("available");
  });

  it("a property saved by hand takes the calendar's status again, unless overridden", async () => {
    const id = await insertTestUnit(database.db, "cal-override");
    await post(
      { intent: "add-stay", kind: "lease", startDate: "2025-01-01", endDate: "2033-01-01" },
      String(id),
    );
    expect((await unitStatus(database.db, id))?.status).toBe("occupied");

    const form = { ...propertyForm("CAL-OVERRIDE"), status: "available", version: "1" };
    expect((await post(form, String(id), editRoute)).status).toBe(302);
    expect((await unitStatus(database.db, id))?.status).toBe("occupied");

    expect(
      (await post({ ...form, version: "2", statusOverride: "on" }, String(id), editRoute)).status,
    ).toBe(302);
    const [row] = await database.db.select().from(properties).where(eq(properties.id, id));
    expect(row).toMatchObject({ status: "available", statusOverride: true, rentedUntil: null });
  });

  it("the portfolio shows each unit's share of taken days in the next six months", async () => {
    const id = await insertTestUnit(database.db, "cal-portfolio");
    await post(
      { intent: "add-stay", kind: "owner-block", startDate: "2020-01-01", endDate: "2029-12-31" },
      String(id),
    );
    const request = new Request(`${SITE}/admin/calendars`, { headers: { cookie } });
    const page = (await portfolioRoute.loader({
      request,
      params: {},
      context: new RouterContextProvider(),
    } as never)) as { months: string[]; units: { id: number; occupancy: number[] }[] };
    expect(page.months).toHaveLength(6);
    expect(page.units.find((u) => u.id === id)?.occupancy).toEqual([100, 100, 100, 100, 100, 100]);
    expect(page.units.find((u) => u.id === unit)?.occupancy).toEqual([0, 0, 0, 0, 0, 0]);

    // A unit occupied by its status alone (no stays), as the public calendar shows it: taken
    // from today to the last day of next month (the day after rentedUntil is free).
    // Today in Phuket by plain arithmetic (UTC+7 all year), not by the code under test.
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const [y, m, d] = today.split("-").map(Number) as [number, number, number];
    const lastOfNext = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
    const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const byStatus = await insertTestUnit(database.db, `by-status-${engine}`, {
      status: "occupied",
      rentedUntil: lastOfNext,
    });
    const again = (await portfolioRoute.loader({
      request: new Request(`${SITE}/admin/calendars`, { headers: { cookie } }),
      params: {},
      context: new RouterContextProvider(),
    } as never)) as { units: { id: number; occupancy: number[]; fromStatus: boolean }[] };
    const row = again.units.find((u) => u.id === byStatus);
    expect(row?.occupancy).toEqual([
      Math.round(((daysInMonth - d + 1) / daysInMonth) * 100),
      100,
      0,
      0,
      0,
      0,
    ]);
    expect(row?.fromStatus).toBe(true);

    const anonymous = await portfolioRoute
      .loader({
        request: new Request(`${SITE}/admin/calendars`),
        params: {},
        context: new RouterContextProvider(),
      } as never)
      .catch((e: unknown) => e);
    expect((anonymous as Response).headers.get("location")).toBe("/admin");
  });
});

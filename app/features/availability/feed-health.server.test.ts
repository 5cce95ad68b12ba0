import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeTelegram,
  startFakeTelegram,
  startSmtp,
  type TestSmtp,
} from "../../../tests/support/mail-servers.ts";
import type { AppDatabase } from "../../db/client.server.ts";
import { setRuntime } from "../../db/runtime.server.ts";
import { calendarFeeds, outbox } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { plusDays } from "../../domain/date-time.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import * as calendarRoute from "../../routes/admin.property-calendar.tsx";
import { createAccount } from "../auth/accounts.server.ts";
import { createSession } from "../auth/sessions.server.ts";
import { createSenders, processDueMessages } from "../leads/outbox.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { unitCalendarIcs } from "./ical-export.server.ts";
import { syncFeed } from "./ical-import.server.ts";
import { stayFormSchema } from "./stay-schema.ts";
import { addStay, listStays } from "./stays.server.ts";
import { insertTestUnit } from "./test-units.server.ts";

/**
 * A feed's health through the admin calendar page, against a feed server, an SMTP server and a
 * Telegram API on 127.0.0.1: a feed that collides keys or has events without UID is read whole,
 * a failing feed is recorded and alerted after CALENDAR_FEED_ALERT_HOURS and on recovery, a
 * feed that suddenly empties is held until applied, and nothing answers 500.
 */

const SITE = "http://admin.test";
const DESK = "desk@kamala.example";

let feedServer: Server;
let feedBase = "";
const answers = new Map<string, { status: number; body: string }>();

beforeAll(async () => {
  feedServer = createServer((req, res) => {
    const answer = answers.get(req.url ?? "") ?? { status: 404, body: "not found" };
    res.writeHead(answer.status, { "content-type": "text/calendar" });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  feedBase = `127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

const lines = (...l: string[]) => `${l.join("\r\n")}\r\n`;
/** Five blocks from March 2027 on: a daily series with one occurrence moved onto
 * another's day, an event without UID, and an RDATE. */
const GOOD = lines(
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//Feed//EN",
  "BEGIN:VEVENT",
  "UID:series@x",
  "DTSTART;TZID=Asia/Bangkok:20270301T140000",
  "DTEND;TZID=Asia/Bangkok:20270302T110000",
  "RRULE:FREQ=DAILY;COUNT=3",
  "RDATE;TZID=Asia/Bangkok:20270310T140000",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:series@x",
  "RECURRENCE-ID;TZID=Asia/Bangkok:20270302T140000",
  "DTSTART;TZID=Asia/Bangkok:20270303T150000",
  "DTEND;TZID=Asia/Bangkok:20270304T110000",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "DTSTART;VALUE=DATE:20270401",
  "DTEND;VALUE=DATE:20270406",
  "SUMMARY:Blocked",
  "END:VEVENT",
  "END:VCALENDAR",
);
const EMPTY = lines("BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Feed//EN", "END:VCALENDAR");

describe.each(TEST_ENGINES)("calendar feed health on %s", (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let telegram: FakeTelegram;
  let cookie: string;
  let unit: number;
  let config: ReturnType<typeof loadConfig>;
  const feedPath = `/${engine}/airbnb.ics`;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    smtp = await startSmtp();
    telegram = await startFakeTelegram();
    const dataDir = mkdtempSync(path.join(tmpdir(), "feed-health-"));
    config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: SITE,
      CALENDAR_FEED_TIMEOUT_SECONDS: "2",
      CALENDAR_FEED_ALLOW_HOSTS: feedBase,
      CALENDAR_FEED_ALERT_HOURS: "6",
    });
    config.notifications = {
      email: { smtpUrl: smtp.url, from: "Desk <desk@kamala.example>", desk: [DESK] },
      telegram: { token: "123:abc", chatId: "-100", apiUrl: telegram.apiUrl },
    };
    setRuntime({
      config,
      database,
      databaseReady: true,
      storage: new LocalDiskStorage(path.join(dataDir, "media")),
      logger: createLogger("silent"),
    });
    const admin = await createAccount(database.db, "feeds@example.com", "coral reef at dawn");
    cookie = `admin_session=${await createSession(database.db, admin.id)}`;
    unit = await insertTestUnit(database.db, `health-${engine}`, { status: "available" });
  });
  afterAll(async () => {
    setRuntime(undefined);
    await smtp?.close();
    await telegram?.close();
    await database?.destroy();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
    telegram.calls.length = 0;
  });

  async function post(fields: Record<string, string>) {
    const body = new URLSearchParams(fields).toString();
    const request = new Request(`${SITE}/admin/properties/${unit}/calendar`, {
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
      outcome = await calendarRoute.action({
        request,
        params: { id: String(unit) },
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

  const feedRow = async () =>
    (await database.db.select().from(calendarFeeds).where(eq(calendarFeeds.propertyId, unit)))[0];
  const nights = async () =>
    (await listStays(database.db, unit)).map((s) => `${s.startDate}/${s.endDate}`).sort();
  const sendAll = async () => {
    const senders = createSenders(config.notifications, async () => null as never);
    while ((await processDueMessages(database.db, senders)) > 0) {}
  };
  const sync = async () => post({ intent: "sync-feed", id: String((await feedRow())?.id) });
  const subjects = () => smtp.messages.map((m) => m.subject);

  it("reads a feed whole, is recorded and alerted when failing and recovered, and holds one that empties", async () => {
    answers.set(feedPath, { status: 200, body: GOOD });
    const added = await post({
      intent: "add-feed",
      name: "Airbnb",
      url: `http://${feedBase}${feedPath}`,
    });
    expect(added).toEqual({
      status: 200,
      body: expect.objectContaining({ ok: true, message: "Feed added: 5 stays read." }),
    });
    // The series' first, its moved second (on the third's day), its third, its RDATE, and the
    // event without UID.
    const expected = [
      "2027-03-01/2027-03-02",
      "2027-03-03/2027-03-04",
      "2027-03-03/2027-03-04",
      "2027-03-10/2027-03-11",
      "2027-04-01/2027-04-06",
    ];
    expect(await nights()).toEqual(expected);
    // Read again: nothing added, changed or removed.
    expect((await sync()).body?.message).toBe("Synced: 0 added, 0 changed, 0 removed.");

    // The channel fails: recorded, the stays kept, no alert before six hours.
    answers.set(feedPath, { status: 503, body: "down" });
    const down = await sync();
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Sync failed: /),
    });
    const failing = await feedRow();
    expect(failing?.lastError).toBeTruthy();
    expect(failing?.failingSince).toBeInstanceOf(Date);
    expect(failing?.alertedAt).toBeNull();
    expect(await database.db.select().from(outbox)).toEqual([]);
    expect(await nights()).toEqual(expected);

    // Failing since seven hours: one alert on each desk channel, not repeated.
    await database.db
      .update(calendarFeeds)
      .set({ failingSince: new Date(Date.now() - 7 * 3_600_000) })
      .where(eq(calendarFeeds.propertyId, unit));
    await sync();
    await sync();
    await sendAll();
    expect(subjects()).toEqual([`Calendar feed failing: Unit health-${engine}: Airbnb`]);
    expect(smtp.messages[0]?.to && "text" in smtp.messages[0].to && smtp.messages[0].to.text).toBe(
      DESK,
    );
    expect(telegram.calls).toHaveLength(1);
    expect(telegram.calls[0]?.body.text).toContain("Calendar feed failing");
    expect((await feedRow())?.alertedAt).toBeInstanceOf(Date);

    // It recovers: one alert saying so, and the feed is well again.
    answers.set(feedPath, { status: 200, body: GOOD });
    expect((await sync()).body?.ok).toBe(true);
    await sendAll();
    expect(subjects()).toEqual([
      `Calendar feed failing: Unit health-${engine}: Airbnb`,
      `Calendar feed working again: Unit health-${engine}: Airbnb`,
    ]);
    expect(await feedRow()).toMatchObject({ lastError: null, failingSince: null, alertedAt: null });

    // The export link is rotated and now answers an empty calendar: held, blocks kept.
    answers.set(feedPath, { status: 200, body: EMPTY });
    const held = await sync();
    expect(held.body?.message).toMatch(/^Held: .* would remove all 5 future blocks/);
    expect(await nights()).toEqual(expected);
    expect((await feedRow())?.held).toMatchObject({ removes: 5, events: [] });
    await sync(); // still empty: still held, the desk told once
    await sendAll();
    expect(subjects().at(-1)).toBe(`Calendar feed needs a look: Unit health-${engine}: Airbnb`);
    expect(subjects().filter((s) => s?.startsWith("Calendar feed needs a look"))).toHaveLength(1);

    // One click applies it.
    const applied = await post({ intent: "apply-held", id: String((await feedRow())?.id) });
    expect(applied.body).toMatchObject({
      ok: true,
      message: "Applied: 5 blocks removed, 0 added.",
    });
    expect(await nights()).toEqual([]);
    expect((await feedRow())?.held).toBeNull();
    const again = await post({ intent: "apply-held", id: String((await feedRow())?.id) });
    expect(again.status).toBe(409);
  });

  it("round trip: unit A's export added as a feed of unit B blocks exactly A's nights on B", async () => {
    const db = database.db;
    const a = await insertTestUnit(db, `trip-a-${engine}`);
    const b = await insertTestUnit(db, `trip-b-${engine}`);
    const written: [string, string, string][] = [
      ["lease", "2027-01-01", "2027-03-01"],
      ["maintenance", "2027-03-01", "2027-03-03"], // touches the lease
      ["short-stay", "2027-03-10", "2027-03-11"], // one night
      ["owner-block", "2027-12-30", "2028-01-02"], // over the new year
    ];
    for (const [kind, startDate, endDate] of written)
      await addStay(db, a, stayFormSchema.parse({ kind, startDate, endDate }), {});
    const ics = await unitCalendarIcs(db, `trip-a-${engine}`, {
      publicUrl: SITE,
      brandName: "Kamala Living",
    });
    answers.set(`/${engine}/trip-a.ics`, { status: 200, body: ics ?? "" });
    const [feed] = await db
      .insert(calendarFeeds)
      .values({ propertyId: b, name: "Unit A", url: `http://${feedBase}/${engine}/trip-a.ics` })
      .returning();
    const result = await syncFeed(db, feed?.id ?? 0, { allowHosts: [feedBase], timeoutMs: 2000 });
    expect(result).toMatchObject({ ok: true, added: 4 });
    const nightsOf = (spans: [string, string][]) => {
      const out: string[] = [];
      for (const [start, end] of spans)
        for (let d = start; d < end; d = plusDays(d, 1)) out.push(d);
      return out.sort();
    };
    const onB = (await listStays(db, b)).map((s) => [s.startDate, s.endDate] as [string, string]);
    expect(nightsOf(onB)).toEqual(nightsOf(written.map(([, s, e]) => [s, e])));
    expect(nightsOf(onB)).toHaveLength(59 + 2 + 1 + 3);
  });

  it("a sync whose saving fails answers a failed sync, recorded on the feed, and throws nothing", async () => {
    const other = await insertTestUnit(database.db, `health-db-${engine}`);
    answers.set(`/${engine}/other.ics`, { status: 200, body: GOOD });
    const [feed] = await database.db
      .insert(calendarFeeds)
      .values({ propertyId: other, name: "VRBO", url: `http://${feedBase}/${engine}/other.ics` })
      .returning();
    let first = true;
    // The database fails the first transaction (the one that saves the events).
    const flaky = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key === "transaction" && first) {
          first = false;
          return async () => {
            throw new Error("connection lost");
          };
        }
        const value = Reflect.get(target, key, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    }) as AppDatabase;
    const result = await syncFeed(flaky, feed?.id ?? 0, {
      allowHosts: [feedBase],
      timeoutMs: 2000,
    });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/could not be saved/) });
    const [row] = await database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.id, feed?.id ?? 0));
    expect(row?.lastError).toMatch(/could not be saved/);
    expect(row?.failingSince).toBeInstanceOf(Date);
  });
});

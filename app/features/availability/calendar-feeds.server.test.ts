import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import nodeIcal, { type VEvent } from "node-ical";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeeds } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { unitCalendarIcs } from "./ical-export.server.ts";
import { feedFetchUrl, parseFeedEvents, pollFeeds, syncFeed } from "./ical-import.server.ts";
import { stayFormSchema } from "./stay-schema.ts";
import { addStay, listStays } from "./stays.server.ts";
import { insertTestUnit, unitStatus } from "./test-units.server.ts";

/** The test's feed host on 127.0.0.1, allowed by host:port once it listens (decision 093). */
const allowHosts: string[] = [];
// 10:00 in Phuket on 2026-11-23.
const clock = { now: new Date("2026-11-23T03:00:00Z"), horizonDays: 60, allowHosts };
const GENERIC = "The feed could not be fetched";

/** A pino logger whose lines the test reads: the causes the admin is not shown. */
function capturedLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "info", base: undefined }, { write: (line) => lines.push(line) });
  return { logger, text: () => lines.join("") };
}

function vevent(uid: string, start: string, end: string, extra = ""): string {
  const d = (s: string) => s.replaceAll("-", "");
  return [
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20261101T000000Z",
    `DTSTART;VALUE=DATE:${d(start)}`,
    `DTEND;VALUE=DATE:${d(end)}`,
    "SUMMARY:Reserved",
    ...(extra ? [extra] : []),
    "END:VEVENT",
  ].join("\r\n");
}
const calendar = (...events: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//Feed//EN",
    ...events,
    "END:VCALENDAR",
    "",
  ].join("\r\n");

/** A calendar host for the test: each path answers what `routes` holds for it now. */
type Answer = { status?: number; body?: string; hang?: boolean; endless?: boolean };
const routes = new Map<string, Answer>();
const hanging = new Set<ServerResponse>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const answer = routes.get(req.url ?? "") ?? { status: 404, body: "not found" };
    if (answer.hang) {
      hanging.add(res); // never answers: the client's time limit must end it
      return;
    }
    res.writeHead(answer.status ?? 200, { "content-type": "text/calendar" });
    if (answer.endless) {
      // Streams without end and without a length: the client's size bound must stop it.
      const chunk = `${"X".repeat(64 * 1024)}\r\n`;
      const write = () => {
        while (res.write(chunk)) {}
        res.once("drain", write);
      };
      res.write("BEGIN:VCALENDAR\r\n");
      write();
      res.on("close", () => res.removeAllListeners("drain"));
      return;
    }
    res.end(answer.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  allowHosts.push(`127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe.each(TEST_ENGINES)("calendar feeds on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  async function feedFor(unitId: number, path: string) {
    const [feed] = await database.db
      .insert(calendarFeeds)
      .values({ propertyId: unitId, name: "Airbnb", url: `${base}/${engine}${path}` })
      .returning();
    if (!feed) throw new Error("no feed");
    return feed;
  }
  const serve = (path: string, answer: Answer) => routes.set(`/${engine}${path}`, answer);
  const feedRow = async (id: number) =>
    (await database.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, id)))[0];
  const feedStays = async (unitId: number) =>
    (await listStays(database.db, unitId)).map((s) => ({
      uid: s.feedUid,
      start: s.startDate,
      end: s.endDate,
      conflict: s.conflict,
    }));

  it("new, changed and removed events: matched by UID, no duplicates, status follows", async () => {
    const db = database.db;
    const unit = await insertTestUnit(db, `feed-a-${engine}`);
    const feed = await feedFor(unit, "/a.ics");
    serve("/a.ics", {
      body: calendar(
        vevent("b1@x", "2026-11-20", "2026-11-27"),
        vevent("b2@x", "2026-12-05", "2026-12-08"),
      ),
    });
    expect(await syncFeed(db, feed.id, clock)).toEqual({
      ok: true,
      added: 2,
      changed: 0,
      removed: 0,
    });
    expect(await feedStays(unit)).toEqual([
      { uid: "b1@x", start: "2026-11-20", end: "2026-11-27", conflict: false },
      { uid: "b2@x", start: "2026-12-05", end: "2026-12-08", conflict: false },
    ]);
    expect(await unitStatus(db, unit)).toEqual({
      status: "soon",
      availableFrom: "2026-11-27",
      rentedUntil: null,
    });

    // The same feed again: nothing new.
    expect(await syncFeed(db, feed.id, clock)).toEqual({
      ok: true,
      added: 0,
      changed: 0,
      removed: 0,
    });
    expect(await feedStays(unit)).toHaveLength(2);

    // b1 extended, b2 cancelled (gone from the feed), b3 new.
    serve("/a.ics", {
      body: calendar(
        vevent("b1@x", "2026-11-20", "2027-03-01"),
        vevent("b3@x", "2027-04-01", "2027-04-03"),
      ),
    });
    expect(await syncFeed(db, feed.id, clock)).toEqual({
      ok: true,
      added: 1,
      changed: 1,
      removed: 1,
    });
    expect(await feedStays(unit)).toEqual([
      { uid: "b1@x", start: "2026-11-20", end: "2027-03-01", conflict: false },
      { uid: "b3@x", start: "2027-04-01", end: "2027-04-03", conflict: false },
    ]);
    expect(await unitStatus(db, unit)).toEqual({
      status: "occupied",
      availableFrom: null,
      rentedUntil: "2027-02-28",
    });
    const row = await feedRow(feed.id);
    expect(row?.lastSuccessAt).toBeInstanceOf(Date);
    expect(row?.lastError).toBeNull();
  });

  it("a broken feed keeps the last good stays and records the error and its time", async () => {
    const db = database.db;
    const unit = await insertTestUnit(db, `feed-b-${engine}`);
    const feed = await feedFor(unit, "/b.ics");
    serve("/b.ics", { body: calendar(vevent("k1@x", "2026-12-01", "2026-12-04")) });
    await syncFeed(db, feed.id, clock);
    const good = await feedRow(feed.id);

    for (const [answer, message, cause] of [
      [{ status: 500, body: "oops" }, `${GENERIC}: the address answered HTTP 500`, "HTTP 500"],
      [
        { body: "<html>login</html>" },
        "The answer is not an iCalendar file (no BEGIN:VCALENDAR)",
        "",
      ],
      [{ status: 404 }, `${GENERIC}: the address answered HTTP 404`, "HTTP 404"],
    ] as const) {
      serve("/b.ics", answer);
      const log = capturedLogger();
      const result = await syncFeed(db, feed.id, { ...clock, logger: log.logger });
      expect(result).toMatchObject({ ok: false, error: message });
      if (cause) expect(log.text()).toContain(`"cause":"${cause}"`);
      expect(await feedStays(unit)).toEqual([
        { uid: "k1@x", start: "2026-12-01", end: "2026-12-04", conflict: false },
      ]);
      const row = await feedRow(feed.id);
      expect(row?.lastError).toBe(message);
      expect(row?.lastErrorAt).toBeInstanceOf(Date);
      expect(row?.lastSuccessAt?.getTime()).toBe(good?.lastSuccessAt?.getTime());
    }

    // Recovers: the error is cleared.
    serve("/b.ics", { body: calendar(vevent("k1@x", "2026-12-01", "2026-12-04")) });
    expect((await syncFeed(db, feed.id, clock)).ok).toBe(true);
    expect((await feedRow(feed.id))?.lastError).toBeNull();
  });

  it("a slow feed is given up after the time limit, an endless one at the size bound", async () => {
    const db = database.db;
    const unit = await insertTestUnit(db, `feed-c-${engine}`);
    const slow = await feedFor(unit, "/slow.ics");
    serve("/slow.ics", { hang: true });
    const slowLog = capturedLogger();
    const result = await syncFeed(db, slow.id, {
      ...clock,
      timeoutMs: 300,
      logger: slowLog.logger,
    });
    expect(result).toMatchObject({ ok: false, error: `${GENERIC}: no answer within 0.3 s` });
    expect((await feedRow(slow.id))?.lastError).toBe(`${GENERIC}: no answer within 0.3 s`);
    expect(slowLog.text()).toContain('"cause":"no answer within 0.3 s"');

    const big = await feedFor(unit, "/big.ics");
    serve("/big.ics", { endless: true });
    const bigLog = capturedLogger();
    const tooBig = await syncFeed(db, big.id, {
      ...clock,
      maxBytes: 256 * 1024,
      logger: bigLog.logger,
    });
    expect(tooBig).toMatchObject({
      ok: false,
      error: `${GENERIC}: the answer is larger than 256 KB`,
    });
    expect(bigLog.text()).toContain('"cause":"larger than 256 KB"');
  });

  it("a feed's stay that overlaps a stay entered by hand is kept and flagged, both sides", async () => {
    const db = database.db;
    const unit = await insertTestUnit(db, `feed-d-${engine}`);
    await addStay(
      db,
      unit,
      stayFormSchema.parse({ kind: "owner-block", startDate: "2027-01-10", endDate: "2027-01-20" }),
      clock,
    );
    const feed = await feedFor(unit, "/d.ics");
    serve("/d.ics", { body: calendar(vevent("c1@x", "2027-01-15", "2027-01-25")) });
    await syncFeed(db, feed.id, clock);
    expect((await listStays(db, unit)).map((s) => [s.kind, s.conflict])).toEqual([
      ["owner-block", true],
      ["short-stay", true],
    ]);
    // The booking moves away: the flags go.
    serve("/d.ics", { body: calendar(vevent("c1@x", "2027-01-20", "2027-01-25")) });
    await syncFeed(db, feed.id, clock);
    expect((await listStays(db, unit)).map((s) => s.conflict)).toEqual([false, false]);
  });

  it("the poller syncs the feeds that are due and skips ones fetched recently", async () => {
    const db = database.db;
    const unit = await insertTestUnit(db, `feed-e-${engine}`);
    const feed = await feedFor(unit, "/e.ics");
    serve("/e.ics", { body: calendar(vevent("p1@x", "2027-02-01", "2027-02-03")) });
    // The other tests' feeds were fetched moments ago: only this new one is due.
    expect(await pollFeeds(database, { timeoutMs: 300, allowHosts })).toBe(1);
    expect(await feedStays(unit)).toHaveLength(1);
    expect(
      await pollFeeds(database, { now: new Date(Date.now() + 60_000), timeoutMs: 300, allowHosts }),
    ).toBe(0);
    // Half an hour later every feed is due again.
    expect(
      await pollFeeds(database, {
        now: new Date(Date.now() + 31 * 60_000),
        timeoutMs: 300,
        allowHosts,
      }),
    ).toBeGreaterThan(1);
    expect((await feedRow(feed.id))?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it("exports the unit's stays as all-day events with stable UIDs and no names", async () => {
    const db = database.db;
    const unit = await insertTestUnit(db, `export-${engine}`);
    await addStay(
      db,
      unit,
      stayFormSchema.parse({
        kind: "lease",
        startDate: "2026-12-01",
        endDate: "2027-06-01",
        tenantName: "Secret Tenant",
      }),
      clock,
    );
    await addStay(
      db,
      unit,
      stayFormSchema.parse({ kind: "maintenance", startDate: "2027-06-01", endDate: "2027-06-03" }),
      clock,
    );
    // Long over: left out.
    await addStay(
      db,
      unit,
      stayFormSchema.parse({ kind: "lease", startDate: "2025-01-01", endDate: "2025-06-01" }),
      clock,
    );
    const options = {
      publicUrl: "https://kamala.example",
      brandName: "Kamala Living",
      now: clock.now,
    };
    const text = await unitCalendarIcs(db, `export-${engine}`, options);
    expect(text).not.toBeNull();
    expect(text).not.toContain("Secret");
    expect(text).not.toMatch(/lease|maintenance/i);
    const parsed = nodeIcal.sync.parseICS(text ?? "");
    const events = Object.values(parsed).filter((c) => c?.type === "VEVENT") as VEvent[];
    expect(events.map((e) => [e.uid, e.datetype, e.summary])).toEqual([
      [expect.stringMatching(/^stay-\d+@kamala\.example$/), "date", "Not available"],
      [expect.stringMatching(/^stay-\d+@kamala\.example$/), "date", "Not available"],
    ]);
    // Read back as a feed: the same days.
    expect(parseFeedEvents(text ?? "", { now: clock.now }).map((e) => [e.start, e.end])).toEqual([
      ["2026-12-01", "2027-06-01"],
      ["2027-06-01", "2027-06-03"],
    ]);
    expect(await unitCalendarIcs(db, `export-${engine}`, options)).toBe(text);
    expect(await unitCalendarIcs(db, "no-such-unit", options)).toBeNull();
  });
});

describe("parseFeedEvents", () => {
  const now = clock.now;
  it("reads timed events in Bangkok days and UID-less ones, and skips cancelled and ancient events", () => {
    const text = calendar(
      // 20:00 UTC on the 30th is 03:00 on the 1st in Phuket; check-out 04:00 UTC on the 5th.
      [
        "BEGIN:VEVENT",
        "UID:t1",
        "DTSTART:20261130T200000Z",
        "DTEND:20261205T040000Z",
        "END:VEVENT",
      ].join("\r\n"),
      vevent("gone", "2026-12-10", "2026-12-12", "STATUS:CANCELLED"),
      ["BEGIN:VEVENT", "DTSTART;VALUE=DATE:20261201", "END:VEVENT"].join("\r\n"),
      vevent("old", "2020-01-01", "2020-01-05"),
      vevent("one-day", "2026-12-20", "2026-12-20"),
    );
    const events = parseFeedEvents(text, { now });
    expect(events.map((e) => [e.start, e.end])).toEqual([
      ["2026-12-01", "2026-12-05"],
      ["2026-12-01", "2026-12-02"],
      ["2026-12-20", "2026-12-21"],
    ]);
    expect(events.map((e) => e.uid)).toEqual(["t1", expect.stringMatching(/^no-uid:/), "one-day"]);
  });

  it("fetches webcal:// addresses over https", () => {
    expect(feedFetchUrl("webcal://example.com/a.ics")).toBe("https://example.com/a.ics");
    expect(feedFetchUrl("http://example.com/a.ics")).toBe("http://example.com/a.ics");
  });

  it("gives each occurrence of a repeating block its own period, without exceptions, with moves", () => {
    const text = calendar(
      // Saturday to Monday, five weeks running: the second week off, the third moved a day on,
      // the fourth cancelled.
      vevent(
        "weekly",
        "2026-12-05",
        "2026-12-07",
        "RRULE:FREQ=WEEKLY;COUNT=5\r\nEXDATE;VALUE=DATE:20261212",
      ),
      [
        "BEGIN:VEVENT",
        "UID:weekly",
        "RECURRENCE-ID;VALUE=DATE:20261226",
        "DTSTART;VALUE=DATE:20261226",
        "DTEND;VALUE=DATE:20261228",
        "STATUS:CANCELLED",
        "END:VEVENT",
      ].join("\r\n"),
      [
        "BEGIN:VEVENT",
        "UID:weekly",
        "RECURRENCE-ID;VALUE=DATE:20261219",
        "DTSTART;VALUE=DATE:20261220",
        "DTEND;VALUE=DATE:20261222",
        "END:VEVENT",
      ].join("\r\n"),
      vevent("single", "2027-01-10", "2027-01-12"),
    );
    expect(parseFeedEvents(text, { now })).toEqual([
      { uid: "weekly#2026-12-05", start: "2026-12-05", end: "2026-12-07" },
      // Keyed by the occurrence it moves (its RECURRENCE-ID), not the day it moved to.
      { uid: "weekly#2026-12-19", start: "2026-12-20", end: "2026-12-22" },
      { uid: "weekly#2027-01-02", start: "2027-01-02", end: "2027-01-04" },
      { uid: "single", start: "2027-01-10", end: "2027-01-12" },
    ]);
  });

  it("expands an endless rule only over the days it reads, and refuses one it cannot bound", () => {
    // Every month since 2001: only those from a year back to three years ahead count.
    const monthly = parseFeedEvents(
      calendar(vevent("monthly", "2001-01-15", "2001-01-16", "RRULE:FREQ=MONTHLY")),
      { now },
    );
    expect(monthly[0]).toEqual({
      uid: "monthly#2025-12-15",
      start: "2025-12-15",
      end: "2025-12-16",
    });
    expect(monthly.at(-1)?.start).toBe("2029-11-15");
    expect(monthly).toHaveLength(48);
    // Every minute since 1900: more steps than a rule may take; skipped and counted, not a hang.
    const minutely = calendar(
      [
        "BEGIN:VEVENT",
        "UID:busy",
        "DTSTART:19000101T000000Z",
        "DTEND:19000101T000100Z",
        "RRULE:FREQ=MINUTELY",
        "END:VEVENT",
      ].join("\r\n"),
      vevent("single", "2027-01-10", "2027-01-12"),
    );
    expect(parseFeedEvents(minutely, { now })).toEqual([
      { uid: "single", start: "2027-01-10", end: "2027-01-12" },
    ]);
  });

  it("refuses a feed with too many events", () => {
    const many = Array.from({ length: 12 }, (_, i) => vevent(`m${i}`, "2026-12-01", "2026-12-02"));
    expect(() => parseFeedEvents(calendar(...many), { now, maxEvents: 10 })).toThrow(
      "more than 10 events in the import window",
    );
  });
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeeds, stays } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { syncFeed } from "./ical-import.server.ts";
import { stayFormSchema } from "./stay-schema.ts";
import { addStay, listStays, removeFeedStays } from "./stays.server.ts";
import { insertTestUnit } from "./test-units.server.ts";

// 10:00 in Phuket on 2026-11-23.
const clock = { now: new Date("2026-11-23T03:00:00Z"), horizonDays: 60 };

const day = (n: number) => new Date(Date.UTC(2026, 5, 1 + n)).toISOString().slice(0, 10);
const compact = (iso: string) => iso.replaceAll("-", "");

/**
 * A busy channel's feed: `size` stays of one to seven nights over about three years from June
 * 2026, several a day, so they overlap each other and the other feed's (`seed` shifts them).
 */
function busyFeed(size: number, seed: number): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Busy//EN"];
  for (let i = 0; i < size; i++) {
    const first = Math.floor((i * 1150) / size) + seed;
    lines.push(
      "BEGIN:VEVENT",
      `UID:busy-${seed}-${i}@channel.test`,
      "DTSTAMP:20261101T000000Z",
      `DTSTART;VALUE=DATE:${compact(day(first))}`,
      `DTEND;VALUE=DATE:${compact(day(first + 1 + ((i * 7 + seed) % 7)))}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

const bodies = new Map<string, string>();
let server: Server;
let base: string;
const allowBefore = process.env.CALENDAR_FEED_ALLOW_HOSTS;

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = bodies.get(req.url ?? "");
    res.writeHead(body === undefined ? 404 : 200, { "content-type": "text/calendar" });
    res.end(body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `http://${host}`;
  // The feed server is on loopback, which feeds may reach only when named by the operator.
  process.env.CALENDAR_FEED_ALLOW_HOSTS = host;
});
afterAll(async () => {
  if (allowBefore === undefined) delete process.env.CALENDAR_FEED_ALLOW_HOSTS;
  else process.env.CALENDAR_FEED_ALLOW_HOSTS = allowBefore;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * The longest the event loop was held: a 5 ms timer notes each gap between its runs, and the
 * processor time this process used in the gap. A gap is counted as held for as long as both
 * ran: on a machine shared by other work the process may wait for a processor with its loop
 * free (a long gap, little time used), which is not this code holding it.
 */
function eventLoopProbe() {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let longest = 0;
  const note = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    longest = Math.max(longest, Math.min(now - last, (cpu.user + cpu.system) / 1000));
    last = now;
    lastCpu = process.cpuUsage();
  };
  const timer = setInterval(note, 5);
  return () => {
    clearInterval(timer);
    note();
    return longest;
  };
}

describe.each(TEST_ENGINES)("calendars at scale on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  async function feedFor(unitId: number, path: string, body: string) {
    bodies.set(`/${engine}${path}`, body);
    const [feed] = await database.db
      .insert(calendarFeeds)
      .values({ propertyId: unitId, name: path, url: `${base}/${engine}${path}` })
      .returning();
    if (!feed) throw new Error("no feed");
    return feed;
  }

  it("syncs two 5,000-event feeds onto one unit while the event loop keeps answering", async () => {
    const db = database.db;
    const unit = await insertTestUnit(db, `busy-${engine}`);
    const first = await feedFor(unit, "/busy-1.ics", busyFeed(5000, 1));
    const second = await feedFor(unit, "/busy-2.ics", busyFeed(5000, 2));

    const probe = eventLoopProbe();
    const results = [await syncFeed(db, first.id, clock), await syncFeed(db, second.id, clock)];
    const longestPause = probe();
    expect(results).toEqual([
      { ok: true, added: 5000, changed: 0, removed: 0 },
      { ok: true, added: 5000, changed: 0, removed: 0 },
    ]);
    expect(longestPause).toBeLessThan(200);

    // Every stay stored, and flagged exactly when another shares a night with it: counted
    // night by night here, apart from the sweep the code uses.
    const stored = await listStays(db, unit);
    expect(stored).toHaveLength(10_000);
    const guests = new Map<string, number>();
    const nights = (s: { startDate: string; endDate: string }) => {
      const out: string[] = [];
      for (let d = s.startDate; d < s.endDate; ) {
        out.push(d);
        d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      }
      return out;
    };
    for (const s of stored) for (const n of nights(s)) guests.set(n, (guests.get(n) ?? 0) + 1);
    const shared = stored.filter((s) => nights(s).some((n) => (guests.get(n) ?? 0) > 1));
    expect(shared.length).toBeGreaterThan(1000);
    expect(stored.filter((s) => s.conflict).map((s) => s.id)).toEqual(shared.map((s) => s.id));

    // Again, unchanged: nothing written. One event moved and one gone: just those.
    expect(await syncFeed(db, first.id, clock)).toEqual({
      ok: true,
      added: 0,
      changed: 0,
      removed: 0,
    });
    const moved = busyFeed(5000, 1)
      .replace(
        "UID:busy-1-0@channel.test\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20260602",
        "UID:busy-1-0@channel.test\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20260601",
      )
      .replace(/BEGIN:VEVENT\r\nUID:busy-1-4999@[\s\S]*?END:VEVENT\r\n/, "");
    bodies.set(`/${engine}/busy-1.ics`, moved);
    expect(await syncFeed(db, first.id, clock)).toEqual({
      ok: true,
      added: 0,
      changed: 1,
      removed: 1,
    });

    // A stay by hand on that unit still goes through the overlap check and the refresh.
    await addStay(
      db,
      unit,
      stayFormSchema.parse({ kind: "owner-block", startDate: "2030-01-01", endDate: "2030-01-05" }),
      clock,
    );
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(stays)
      .where(eq(stays.propertyId, unit));
    expect(total).toBe(10_000);

    // Removing a feed takes its stays away in batches: the other feed's and the hand's stay.
    expect(await removeFeedStays(db, second.id)).toBe(5000);
    expect(
      (await listStays(db, unit)).map((s) => s.feedId ?? 0).filter((f) => f === second.id),
    ).toEqual([]);
    expect(await listStays(db, unit)).toHaveLength(5000);
    // A few seconds alone; more when the machine is shared with other test files.
  }, 120_000);

  it("a feed with bad dates: the rest is imported and the count kept with the feed", async () => {
    const db = database.db;
    const unit = await insertTestUnit(db, `bad-dates-${engine}`);
    const vevent = (uid: string, start: string, end: string) =>
      ["BEGIN:VEVENT", `UID:${uid}`, `DTSTART${start}`, `DTEND${end}`, "END:VEVENT"].join("\r\n");
    const feed = await feedFor(
      unit,
      "/bad-dates.ics",
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        vevent("ok-1@x", ";VALUE=DATE:20261201", ";VALUE=DATE:20261204"),
        vevent("bad-1@x", ":garbage", ";VALUE=DATE:20261204"),
        vevent("bad-2@x", ";VALUE=DATE:20261340", ";VALUE=DATE:20261345"),
        vevent("bad-3@x", ":2757600913T000000Z", ":2757600914T000000Z"),
        vevent("ok-2@x", ";VALUE=DATE:20270110", ";VALUE=DATE:20270112"),
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
    expect(await syncFeed(db, feed.id, clock)).toEqual({
      ok: true,
      added: 2,
      changed: 0,
      removed: 0,
      skipped: { "bad-date": 3 },
    });
    expect((await listStays(db, unit)).map((s) => [s.feedUid, s.startDate, s.endDate])).toEqual([
      ["ok-1@x", "2026-12-01", "2026-12-04"],
      ["ok-2@x", "2027-01-10", "2027-01-12"],
    ]);
    const row = async () =>
      (await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id)))[0];
    expect((await row())?.lastSkipped).toEqual({ "bad-date": 3 });
    expect((await row())?.lastError).toBeNull();

    // Fixed at the source: the count goes.
    bodies.set(
      `/${engine}/bad-dates.ics`,
      [
        "BEGIN:VCALENDAR",
        vevent("ok-1@x", ";VALUE=DATE:20261201", ";VALUE=DATE:20261204"),
        "END:VCALENDAR",
      ].join("\r\n"),
    );
    expect(await syncFeed(db, feed.id, clock)).toEqual({
      ok: true,
      added: 0,
      changed: 0,
      removed: 1,
    });
    expect((await row())?.lastSkipped).toEqual({});
  });
});

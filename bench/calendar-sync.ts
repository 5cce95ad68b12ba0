/**
 * Calendars at scale (decision 092): two feeds of 5,000 events each synced onto one unit, from a
 * feed server on 127.0.0.1, while the event loop's delay is watched (Node's
 * `monitorEventLoopDelay` for p99 and max, and a 10 ms timer for the longest gap between its
 * ticks); then one stay entered by hand on that unit. `npm run bench -- calendar` runs only this.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { openDatabase } from "../app/db/client.server.ts";
import { calendarFeeds } from "../app/db/schema.ts";
import { businessToday, plusDays } from "../app/domain/date-time.ts";
import { syncFeed } from "../app/features/availability/ical-import.server.ts";
import { stayFormSchema } from "../app/features/availability/stay-schema.ts";
import { addStay } from "../app/features/availability/stays.server.ts";
import { insertTestUnit } from "../app/features/availability/test-units.server.ts";

/**
 * An iCalendar text of `count` one-to-seven-night events over the next three years, as a busy
 * channel's feed might hold; `seed` shifts the days so that two feeds overlap each other.
 */
export function busyFeed(count: number, seed: number, today: string): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Bench//Feed//EN"];
  for (let i = 0; i < count; i++) {
    const start = plusDays(today, -200 + Math.floor((i * 1200) / count) + (seed % 3));
    const end = plusDays(start, 1 + ((i + seed) % 7));
    lines.push(
      "BEGIN:VEVENT",
      `UID:bench-${seed}-${i}@feed.test`,
      "DTSTAMP:20261101T000000Z",
      `DTSTART;VALUE=DATE:${start.replaceAll("-", "")}`,
      `DTEND;VALUE=DATE:${end.replaceAll("-", "")}`,
      "SUMMARY:Reserved",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

/**
 * Watches the event loop: the histogram's p99 and max, the longest gap of a 10 ms timer, and the
 * longest the loop was held (a gap counted only for the processor time this process used in
 * it: on a machine busy with other work the process also waits with its loop free).
 */
export function watchEventLoop() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let longestGap = 0;
  let longestHeld = 0;
  const note = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    longestGap = Math.max(longestGap, now - last - 10);
    longestHeld = Math.max(longestHeld, Math.min(now - last, (cpu.user + cpu.system) / 1000));
    last = now;
    lastCpu = process.cpuUsage();
  };
  const timer = setInterval(note, 10);
  return {
    stop() {
      clearInterval(timer);
      note();
      histogram.disable();
      return {
        p99Ms: +(histogram.percentile(99) / 1e6).toFixed(1),
        maxMs: +(histogram.max / 1e6).toFixed(1),
        longestTimerGapMs: +longestGap.toFixed(1),
        longestHeldMs: +longestHeld.toFixed(1),
      };
    },
  };
}

/** The calendar code measured: this checkout's, or (for a comparison) an older one's. */
export interface CalendarCode {
  syncFeed: typeof syncFeed;
  addStay: typeof addStay;
}

export async function calendarSyncLag(events = 5000, code: CalendarCode = { syncFeed, addStay }) {
  const today = businessToday();
  const bodies = new Map([
    ["/a.ics", busyFeed(events, 1, today)],
    ["/b.ics", busyFeed(events, 2, today)],
  ]);
  const server = createServer((req, res) => {
    const body = bodies.get(req.url ?? "");
    res.writeHead(body ? 200 : 404, { "content-type": "text/calendar" });
    res.end(body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The feed server is on loopback: allowed by name, as an operator would allow a local PMS.
  process.env.CALENDAR_FEED_ALLOW_HOSTS = host;
  const database = await openDatabase({});
  try {
    await database.migrate();
    const db = database.db;
    const unit = await insertTestUnit(db, "bench-calendar");
    const feeds = await db
      .insert(calendarFeeds)
      .values([
        { propertyId: unit, name: "Channel A", url: `http://${host}/a.ics` },
        { propertyId: unit, name: "Channel B", url: `http://${host}/b.ics` },
      ])
      .returning({ id: calendarFeeds.id });
    const syncs: { feed: string; ms: number; added: number; ok: boolean }[] = [];
    const watch = watchEventLoop();
    for (const [i, feed] of feeds.entries()) {
      const start = performance.now();
      const result = await code.syncFeed(db, feed.id, { timeoutMs: 30_000 });
      syncs.push({
        feed: i === 0 ? "first" : "second",
        ms: Math.round(performance.now() - start),
        added: result.added,
        ok: result.ok,
      });
    }
    const loop = watch.stop();
    const start = performance.now();
    const far = plusDays(today, 2000);
    await code.addStay(
      db,
      unit,
      stayFormSchema.parse({ kind: "owner-block", startDate: far, endDate: plusDays(far, 3) }),
    );
    const addStayMs = Math.round(performance.now() - start);
    return {
      eventsPerFeed: events,
      syncs,
      eventLoop: loop,
      addStayMs,
      budgetP99Ms: 50,
      loadAverage: loadavg().map((l) => +l.toFixed(2)),
    };
  } finally {
    await database.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

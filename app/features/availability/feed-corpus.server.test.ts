import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeeds } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { BUSINESS_TIME_ZONE, businessToday, plusDays } from "../../domain/date-time.ts";
import { readFeedEvents } from "./feed-events.server.ts";
import { listStays, replaceFeedStays } from "./stays.server.ts";
import { insertTestUnit } from "./test-units.server.ts";

/**
 * Real-world calendars (feed-corpus/SOURCES.md) read by the product and, night by night,
 * compared with what a second parser, Mozilla's ical.js, computes: its own reading of the
 * text, its own expansion of RRULE, RDATE, EXDATE and RECURRENCE-ID, its own time zones.
 * The reference follows the product's documented rules (docs/calendars.md): whole Phuket days,
 * the end the first free day (a timed event takes at least its first day), floating times in
 * Phuket, the highest SEQUENCE of a repeated event, cancelled events left out, and the window
 * of a year back to three years ahead.
 */

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "feed-corpus");
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith(".ics"))
  .sort();

type Time = InstanceType<typeof ICAL.Time>;

const bangkokDay = (ms: number) => businessToday(new Date(ms));
const validZone = (name: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** The instant of a wall-clock time in an IANA zone, by Intl (two passes for the offset). */
function zonedMs(t: Time, zone: string): number {
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  const offset = (ms: number) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).formatToParts(new Date(ms));
    const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) - ms;
  };
  const first = wall - offset(wall);
  return wall - offset(first);
}

/**
 * Zone names some files use that are not IANA names and come with no VTIMEZONE: the names
 * Windows shows for its zones, mapped as in CLDR's windowsZones table (typed here from it, not
 * taken from the product or its parser). ical.js knows no zone it is not given; the reference
 * reads such a time in the zone named here.
 */
const WINDOWS_ZONE_LABELS: Record<string, string> = {
  "(GMT+10:00) Canberra, Melbourne, Sydney": "Australia/Sydney",
  "(UTC-05:00) Eastern Time (US & Canada)": "America/New_York",
  "(UTC-05:00) Eastern Time (US and Canada)": "America/New_York",
};

/** The Phuket day of a reference time, and its instant (null for a date). */
function dayOfTime(t: Time, tzid: string | null): { day: string; ms: number | null } {
  if (t.isDate) {
    const day = `${t.year}-${String(t.month).padStart(2, "0")}-${String(t.day).padStart(2, "0")}`;
    return { day, ms: null };
  }
  const zone = t.zone;
  let ms: number;
  if (zone && zone.tzid === "UTC") ms = t.toUnixTime() * 1000;
  else if (zone && zone.tzid !== "floating" && zone.component) ms = t.toUnixTime() * 1000;
  else if (tzid && validZone(tzid)) ms = zonedMs(t, tzid);
  else if (tzid && WINDOWS_ZONE_LABELS[tzid]) ms = zonedMs(t, WINDOWS_ZONE_LABELS[tzid]);
  else ms = zonedMs(t, BUSINESS_TIME_ZONE);
  return { day: bangkokDay(ms), ms };
}

/** The nights (Phuket dates) the reference finds taken in a file. */
function referenceNights(text: string, now: Date): Set<string> {
  // ical.js reads no byte-order mark.
  const root = new ICAL.Component(ICAL.parse(text.replace(/^\uFEFF/, "")));
  for (const tz of root.getAllSubcomponents("vtimezone")) {
    if (!tz.getFirstPropertyValue("tzid")) continue; // a definition without a name names nothing
    const zone = new ICAL.Timezone(tz);
    if (!ICAL.TimezoneService.has(zone.tzid)) ICAL.TimezoneService.register(zone);
  }
  const today = businessToday(now);
  const earliestEnd = plusDays(today, -365);
  const latestStart = plusDays(today, 3 * 366);
  const nights = new Set<string>();
  const take = (start: string, end: string) => {
    if (end < earliestEnd || start > latestStart) return;
    for (let d = start; d < end; d = plusDays(d, 1)) nights.add(d);
  };
  const span = (start: Time, end: Time | null, startTz: string | null, endTz: string | null) => {
    const s = dayOfTime(start, startTz);
    let e = end ? dayOfTime(end, endTz).day : plusDays(s.day, 1);
    if (e <= s.day) e = plusDays(s.day, 1);
    take(s.day, e);
  };
  const tzOf = (c: InstanceType<typeof ICAL.Component>, name: string) =>
    (c.getFirstProperty(name)?.getParameter("tzid") as string | undefined) ?? null;

  // Events by UID (or their content when they have none); one per RECURRENCE-ID, highest SEQUENCE.
  const latest = new Map<string, InstanceType<typeof ICAL.Component>>();
  for (const c of root.getAllSubcomponents("vevent")) {
    if (!c.hasProperty("dtstart")) continue;
    const uid =
      (c.getFirstPropertyValue("uid") as string | null) ??
      `~${c.getFirstProperty("dtstart")?.toICALString()}|${c.getFirstProperty("dtend")?.toICALString()}|${c.getFirstPropertyValue("summary")}`;
    const rid = c.getFirstProperty("recurrence-id")?.toICALString() ?? "";
    const id = `${uid}\n${rid}`;
    const seen = latest.get(id);
    const seq = (c: InstanceType<typeof ICAL.Component>) =>
      Number(c.getFirstPropertyValue("sequence") ?? 0);
    if (!seen || seq(c) >= seq(seen)) latest.set(id, c);
  }
  const groups = new Map<string, InstanceType<typeof ICAL.Component>[]>();
  for (const [id, c] of latest) {
    const uid = id.split("\n")[0] as string;
    groups.set(uid, [...(groups.get(uid) ?? []), c]);
  }
  const cancelled = (c: InstanceType<typeof ICAL.Component>) =>
    String(c.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";
  const windowEnd = ICAL.Time.fromJSDate(new Date(`${plusDays(latestStart, 2)}T00:00:00Z`), true);

  for (const group of groups.values()) {
    const master = group.find((c) => !c.hasProperty("recurrence-id"));
    const overrides = group.filter((c) => c.hasProperty("recurrence-id"));
    if (!master) {
      for (const o of overrides) {
        if (cancelled(o)) continue;
        const ev = new ICAL.Event(o);
        span(ev.startDate, ev.endDate, tzOf(o, "dtstart"), tzOf(o, "dtend") ?? tzOf(o, "dtstart"));
      }
      continue;
    }
    if (cancelled(master)) continue;
    const event = new ICAL.Event(master, { exceptions: overrides, strictExceptions: true });
    if (!event.isRecurring() && overrides.length === 0) {
      span(
        event.startDate,
        master.hasProperty("dtend") || master.hasProperty("duration") ? event.endDate : null,
        tzOf(master, "dtstart"),
        tzOf(master, "dtend") ?? tzOf(master, "dtstart"),
      );
      continue;
    }
    const iterator = event.iterator();
    let steps = 0;
    for (let next = iterator.next(); next && steps < 200_000; next = iterator.next()) {
      steps++;
      if (next.compare(windowEnd) > 0) break;
      const details = event.getOccurrenceDetails(next);
      const item = details.item.component;
      if (cancelled(item)) continue;
      const hasEnd = item.hasProperty("dtend") || item.hasProperty("duration");
      const startTz = tzOf(item, "dtstart");
      span(
        details.startDate,
        hasEnd || !master ? details.endDate : null,
        startTz,
        tzOf(item, "dtend") ?? startTz,
      );
    }
    // Overrides of occurrences the rule does not make (moved from an RDATE, say) stand alone.
  }
  return nights;
}

/** A "now" for each file that puts its events in the import window: a year after its first. */
function nowFor(text: string): Date {
  const events = text.replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE/g, "");
  // The value follows the line's last colon (a quoted zone name may hold colons of its own).
  const firsts = [...events.matchAll(/^DTSTART[^\r\n]*:(\d{8})(?:T\d{6}Z?)?\r?$/gm)]
    .map((m) => m[1] as string)
    .sort();
  const first = firsts[0] ?? "20260101";
  const day = `${first.slice(0, 4)}-${first.slice(4, 6)}-${first.slice(6, 8)}`;
  return new Date(`${plusDays(day, 360)}T05:00:00Z`);
}

/** Files whose events the product skips, and why (ical.js reads them leniently). */
const SKIPPED: Record<string, Record<string, number>> = {
  // `RDATE:20131210Z`: a date with a Z is no value RFC 5545 allows.
  "ical.js--google_birthday.ics": { "bad-date": 1 },
};
/** Files with no event at all: read without error (this one opens with a byte-order mark). */
const EMPTY = new Set(["python-icalendar--bom_calendar.ics"]);

/** Where the VEVENT that holds `line` starts and ends in the text. */
const eventAround = (text: string, line: string) => {
  const at = text.indexOf(line);
  expect(at, line).toBeGreaterThanOrEqual(0);
  return {
    start: text.lastIndexOf("BEGIN:VEVENT", at),
    end: text.indexOf("END:VEVENT", at) + "END:VEVENT".length,
  };
};
/** The text without the VEVENT that holds `line` (the event the product skips). */
const withoutEventOf = (line: string) => (text: string) => {
  const { start, end } = eventAround(text, line);
  return text.slice(0, start) + text.slice(end).replace(/^\r?\n/, "");
};
/** The VEVENT that holds `line`. */
const eventOf = (text: string, line: string) => {
  const { start, end } = eventAround(text, line);
  return text.slice(start, end);
};
/** The days (YYYY-MM-DD) of the date-time values on the file's lines that start with `name`. */
const daysOn = (text: string, name: string) =>
  [...text.matchAll(new RegExp(`^${name}[^\\r\\n]*:([\\dT,]+)\\r?$`, "gm"))]
    .flatMap((m) => (m[1] as string).split(","))
    .map((v) => `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`);

/**
 * Files on which ical.js and the product disagree, each looked at by hand: who is right and
 * why, what the reference is given instead (a repair of the defect it stumbles on, applied to
 * its copy only and required to change something), and exactly how it reads the file as is.
 * The product's nights must equal the reference's on the repaired copy, night by night.
 */
interface KnownDifference {
  why: string;
  repair: (text: string) => string;
  /** How ical.js reads the file as published: it refuses it, or differs by exactly these nights. */
  asIs: { throws: RegExp } | ((text: string) => { missing: string[]; extra: string[] });
  skipped?: Record<string, number>;
  /** The product reads no night at all (its one event is skipped and counted). */
  empty?: boolean;
}
const KNOWN: Record<string, KnownDifference> = {
  "node-ical--exchange_whole_day_moved_recurrence.ics": {
    why:
      "Exchange names the moved occurrence of an all-day series by its midnight in the " +
      "organiser's zone (RECURRENCE-ID;TZID=W. Europe Standard Time:20260226T000000). RFC 5545 " +
      "3.8.4.4 wants the DTSTART's type (a DATE); ical.js then finds no such occurrence and keeps " +
      "the 26th as well as dropping the move. The product relates it: the 26th moves to the 27th.",
    repair: (t) =>
      t.replace(
        "RECURRENCE-ID;TZID=W. Europe Standard Time:20260226T000000",
        "RECURRENCE-ID;VALUE=DATE:20260226",
      ),
    asIs: (t) => ({
      missing: daysOn(t, "RECURRENCE-ID"),
      extra: daysOn(eventOf(t, "RECURRENCE-ID"), "DTSTART"),
    }),
  },
  "node-ical--ms_timezones.ics": {
    why:
      'One event\'s DTSTART has its quote misplaced (TZID="W. Europe Standard Time:20200609T090000"): ' +
      "by RFC 5545 3.1 the colon inside the quotes is no separator, so the line has no value. " +
      "ical.js refuses the whole file; the product skips that one event, counts it, and reads " +
      "the other events as ical.js reads them without it.",
    repair: withoutEventOf('DTSTART;TZID="W. Europe Standard Time:20200609T090000"'),
    asIs: { throws: /Missing parameter value/ },
    skipped: { "bad-date": 1 },
  },
  "node-ical--biweekly-exdate-until.ics": {
    why:
      "`EXDATE:20200116` is a date where the property's default type is DATE-TIME (RFC 5545 " +
      "3.8.5.1 wants VALUE=DATE). ical.js refuses it; the product reads it as the date it is. " +
      "Given VALUE=DATE, ical.js reads the file as the product does.",
    repair: (t) => t.replace("EXDATE:20200116", "EXDATE;VALUE=DATE:20200116"),
    asIs: { throws: /invalid date-time value/ },
  },
  "node-ical--test_date_duration.ics": {
    why:
      "Its one event has `DURATION:PT1W`, no duration by RFC 5545 3.3.6 (weeks are `P1W`, with no " +
      "T), and a date DTSTART without VALUE=DATE. ical.js refuses the file; the product skips " +
      "the event and says so (1 event skipped: bad dates) rather than guess its length.",
    repair: withoutEventOf("DURATION:PT1W"),
    asIs: { throws: /invalid date-time value/ },
    skipped: { "bad-date": 1 },
    empty: true,
  },
  "python-icalendar--issue_1633_rdate_with_dates.ics": {
    why:
      "`RDATE;VALUE=PERIOD:19970101/19970102` is a period of dates, which RFC 5545 3.3.9 does not " +
      "have (a period starts with a date-time). ical.js refuses it when it expands the event; " +
      "the product skips the event and counts it.",
    repair: withoutEventOf("RDATE;VALUE=PERIOD:19970101/19970102"),
    asIs: { throws: /invalid date-time value/ },
    skipped: { "bad-date": 1 },
    empty: true,
  },
};

const nightsOf = (events: { start: string; end: string }[]) => {
  const out = new Set<string>();
  for (const e of events) for (let d = e.start; d < e.end; d = plusDays(d, 1)) out.add(d);
  return out;
};
const sorted = (s: Set<string>) => [...s].sort();

describe("real-world calendars, read night by night as a second parser reads them", () => {
  it("holds at least 20 files, each listed with its source", () => {
    expect(FILES.length).toBeGreaterThanOrEqual(20);
    const sources = readFileSync(path.join(DIR, "SOURCES.md"), "utf8");
    for (const file of FILES) expect(sources, file).toContain(file);
  });

  it.each(FILES)("%s", async (file) => {
    const text = readFileSync(path.join(DIR, file), "utf8");
    const now = nowFor(text);
    const reading = await readFeedEvents(text, { now });
    const actual = sorted(nightsOf(reading.events));
    const known = KNOWN[file];
    let referenceText = text;
    if (known) {
      referenceText = known.repair(text);
      expect(referenceText, "the repair changes the reference's copy").not.toBe(text);
      if (typeof known.asIs === "function") {
        const asIs = sorted(referenceNights(text, now));
        expect({
          missing: asIs.filter((d) => !actual.includes(d)),
          extra: actual.filter((d) => !asIs.includes(d)),
        }).toEqual(known.asIs(text));
      } else {
        expect(() => referenceNights(text, now)).toThrow(known.asIs.throws);
      }
    }
    const expected = sorted(referenceNights(referenceText, now));
    if (!EMPTY.has(file) && !known?.empty)
      expect(expected.length, "the reference finds nights").toBeGreaterThan(0);
    // The nights one reads and the other does not, named (the first few), then all compared.
    expect({
      missing: expected.filter((d) => !actual.includes(d)).slice(0, 8),
      extra: actual.filter((d) => !expected.includes(d)).slice(0, 8),
      skipped: reading.skipped,
    }).toEqual({ missing: [], extra: [], skipped: known?.skipped ?? SKIPPED[file] ?? {} });
    expect(actual).toEqual(expected);
  });
});

describe.each(TEST_ENGINES)("the corpus stored on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("stores every file's occurrences under distinct keys, and a second reading changes nothing", async () => {
    const db = database.db;
    for (const [i, file] of FILES.entries()) {
      const text = readFileSync(path.join(DIR, file), "utf8");
      const now = nowFor(text);
      const unit = await insertTestUnit(db, `corpus-${i}-${engine}`);
      const [feed] = await db
        .insert(calendarFeeds)
        .values({ propertyId: unit, name: file, url: `https://feeds.example/${i}.ics` })
        .returning();
      const { events } = await readFeedEvents(text, { now });
      await db.transaction((tx) => replaceFeedStays(tx, unit, feed?.id ?? 0, events));
      const stored = await listStays(db, unit);
      expect(stored, file).toHaveLength(events.length);
      expect(
        sorted(nightsOf(stored.map((s) => ({ start: s.startDate, end: s.endDate })))),
        file,
      ).toEqual(sorted(referenceNights(KNOWN[file]?.repair(text) ?? text, now)));
      const again = await db.transaction((tx) => replaceFeedStays(tx, unit, feed?.id ?? 0, events));
      expect(again, file).toEqual({ added: 0, changed: 0, removed: 0 });
    }
  });
});

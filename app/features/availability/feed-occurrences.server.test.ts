import { afterEach, describe, expect, it } from "vitest";
import { readFeedEvents } from "./feed-events.server.ts";

/**
 * The six ways real feeds lost nights (issue #33), each read through the product's reader.
 * Expected nights are written out by hand from the files below.
 */

// 10:00 in Phuket on 2026-11-23.
const now = new Date("2026-11-23T03:00:00Z");

const event = (...props: string[]) => ["BEGIN:VEVENT", ...props, "END:VEVENT"].join("\r\n");
const calendar = (...events: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//Feed//EN",
    ...events,
    "END:VCALENDAR",
    "",
  ].join("\r\n");
const nights = (events: { start: string; end: string }[]) =>
  events.map((e) => `${e.start}/${e.end}`).sort();

describe("occurrence keys", () => {
  it("a moved occurrence landing on another's day keeps both, each with its own key", async () => {
    const text = calendar(
      event(
        "UID:daily@x",
        "DTSTART;TZID=Asia/Bangkok:20261201T100000",
        "DTEND;TZID=Asia/Bangkok:20261201T110000",
        "RRULE:FREQ=DAILY;COUNT=3",
      ),
      // The second occurrence moved onto the third's day.
      event(
        "UID:daily@x",
        "RECURRENCE-ID;TZID=Asia/Bangkok:20261202T100000",
        "DTSTART;TZID=Asia/Bangkok:20261203T150000",
        "DTEND;TZID=Asia/Bangkok:20261203T160000",
      ),
    );
    const { events } = await readFeedEvents(text, { now });
    expect(nights(events)).toEqual([
      "2026-12-01/2026-12-02",
      "2026-12-03/2026-12-04",
      "2026-12-03/2026-12-04",
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(3);
  });

  it("events without a UID are read, with keys that stay the same from one reading to the next", async () => {
    const text = calendar(
      event("DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261205", "SUMMARY:Busy"),
      event("DTSTART;VALUE=DATE:20261210", "DTEND;VALUE=DATE:20261212", "SUMMARY:Busy"),
    );
    const first = await readFeedEvents(text, { now });
    expect(nights(first.events)).toEqual(["2026-12-01/2026-12-05", "2026-12-10/2026-12-12"]);
    const again = await readFeedEvents(text, { now: new Date("2026-11-24T03:00:00Z") });
    expect(again.events.map((e) => e.uid)).toEqual(first.events.map((e) => e.uid));
    expect(new Set(first.events.map((e) => e.uid)).size).toBe(2);
  });

  it("of events repeating one UID without RECURRENCE-ID, the highest SEQUENCE counts", async () => {
    const text = calendar(
      event("UID:dup@x", "SEQUENCE:2", "DTSTART;VALUE=DATE:20261210", "DTEND;VALUE=DATE:20261214"),
      event("UID:dup@x", "SEQUENCE:1", "DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261203"),
    );
    const { events } = await readFeedEvents(text, { now });
    expect(events).toEqual([{ uid: "dup@x", start: "2026-12-10", end: "2026-12-14" }]);
  });
});

describe("RDATE and overrides", () => {
  it("reads RDATE dates, date-times and periods, and honours EXDATE on them", async () => {
    const text = calendar(
      event(
        "UID:extra@x",
        "DTSTART;VALUE=DATE:20261201",
        "DTEND;VALUE=DATE:20261203",
        "RDATE;VALUE=DATE:20261210,20261220",
        "EXDATE;VALUE=DATE:20261220",
      ),
      event(
        "UID:timed@x",
        "DTSTART:20261201T030000Z",
        "DTEND:20261201T040000Z",
        "RDATE:20261215T030000Z",
        "RDATE;VALUE=PERIOD:20261224T030000Z/20261226T030000Z",
      ),
    );
    const { events } = await readFeedEvents(text, { now });
    expect(nights(events)).toEqual([
      "2026-12-01/2026-12-02",
      "2026-12-01/2026-12-03",
      "2026-12-10/2026-12-12",
      "2026-12-15/2026-12-16",
      "2026-12-24/2026-12-26",
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(5);
  });

  it("reads every override of a series the file does not hold", async () => {
    const text = calendar(
      event(
        "UID:orphan@x",
        "RECURRENCE-ID;VALUE=DATE:20261201",
        "DTSTART;VALUE=DATE:20261201",
        "DTEND;VALUE=DATE:20261203",
      ),
      event(
        "UID:orphan@x",
        "RECURRENCE-ID;VALUE=DATE:20261208",
        "DTSTART;VALUE=DATE:20261209",
        "DTEND;VALUE=DATE:20261211",
      ),
      event(
        "UID:orphan@x",
        "RECURRENCE-ID;VALUE=DATE:20261215",
        "STATUS:CANCELLED",
        "DTSTART;VALUE=DATE:20261215",
        "DTEND;VALUE=DATE:20261217",
      ),
    );
    const { events } = await readFeedEvents(text, { now });
    expect(nights(events)).toEqual(["2026-12-01/2026-12-03", "2026-12-09/2026-12-11"]);
  });
});

describe("Exchange's all-day series", () => {
  it("an occurrence named by its midnight in the organiser's zone is moved, not doubled", async () => {
    const text = calendar(
      event(
        "UID:ex@x",
        "DTSTART;VALUE=DATE:20261201",
        "DTEND;VALUE=DATE:20261202",
        "RRULE:FREQ=WEEKLY;COUNT=3",
      ),
      event(
        "UID:ex@x",
        "RECURRENCE-ID;TZID=W. Europe Standard Time:20261208T000000",
        "DTSTART;VALUE=DATE:20261209",
        "DTEND;VALUE=DATE:20261210",
      ),
    );
    const { events } = await readFeedEvents(text, { now });
    expect(nights(events)).toEqual([
      "2026-12-01/2026-12-02",
      "2026-12-09/2026-12-10",
      "2026-12-15/2026-12-16",
    ]);
  });

  it("reads VALUE=DATE written with a time after the date as that date", async () => {
    const text = calendar(
      event("UID:d@x", "DTSTART;VALUE=DATE:20261204T120000", "DTEND;VALUE=DATE:20261206T120000"),
    );
    const reading = await readFeedEvents(text, { now });
    expect(reading).toEqual({
      events: [{ uid: "d@x", start: "2026-12-04", end: "2026-12-06" }],
      skipped: {},
    });
  });
});

describe("time zones", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("floating times are Phuket's whatever the server's zone", async () => {
    const text = calendar(
      event("UID:late@x", "DTSTART:20261210T230000", "DTEND:20261211T010000"),
      event("UID:early@x", "DTSTART:20261220T003000", "DTEND:20261220T020000"),
      event("UID:day@x", "DTSTART;VALUE=DATE:20261224", "DTEND;VALUE=DATE:20261226"),
    );
    for (const tz of ["America/New_York", "Asia/Tokyo", "UTC", "Pacific/Kiritimati"]) {
      process.env.TZ = tz;
      const { events } = await readFeedEvents(text, { now });
      expect(events, tz).toEqual([
        { uid: "late@x", start: "2026-12-10", end: "2026-12-11" },
        { uid: "early@x", start: "2026-12-20", end: "2026-12-21" },
        { uid: "day@x", start: "2026-12-24", end: "2026-12-26" },
      ]);
    }
  });

  it("resolves Windows and '(UTC+07:00) Bangkok, …' time-zone names", async () => {
    const text = calendar(
      event(
        "UID:win@x",
        "DTSTART;TZID=SE Asia Standard Time:20261210T230000",
        "DTEND;TZID=SE Asia Standard Time:20261211T090000",
      ),
      event(
        "UID:label@x",
        "DTSTART;TZID=(UTC+07:00) Bangkok, Hanoi, Jakarta:20261212T230000",
        "DTEND;TZID=(UTC+07:00) Bangkok, Hanoi, Jakarta:20261213T090000",
      ),
      event(
        "UID:quoted@x",
        'DTSTART;TZID="(UTC+07:00) Bangkok, Hanoi, Jakarta":20261214T230000',
        'DTEND;TZID="(UTC+07:00) Bangkok, Hanoi, Jakarta":20261215T090000',
      ),
      event(
        "UID:berlin@x",
        "DTSTART;TZID=W. Europe Standard Time:20261216T200000",
        "DTEND;TZID=W. Europe Standard Time:20261217T100000",
      ),
    );
    const { events, skipped } = await readFeedEvents(text, { now });
    expect(skipped).toEqual({});
    expect(events).toEqual([
      { uid: "win@x", start: "2026-12-10", end: "2026-12-11" },
      { uid: "label@x", start: "2026-12-12", end: "2026-12-13" },
      { uid: "quoted@x", start: "2026-12-14", end: "2026-12-15" },
      // 20:00 in Berlin (UTC+1) is 02:00 the next day in Phuket.
      { uid: "berlin@x", start: "2026-12-17", end: "2026-12-18" },
    ]);
  });
});

describe("bounds", () => {
  it("a feed of many repeating events is read whole: the bound is occurrences in the window", async () => {
    const rules = Array.from({ length: 40 }, (_, i) =>
      event(
        `UID:weekly-${i}@x`,
        `DTSTART;VALUE=DATE:202612${String(1 + (i % 28)).padStart(2, "0")}`,
        `DTEND;VALUE=DATE:202612${String(2 + (i % 28)).padStart(2, "0")}`,
        "RRULE:FREQ=WEEKLY;COUNT=2",
      ),
    );
    const { events } = await readFeedEvents(calendar(...rules), { now });
    expect(events).toHaveLength(80);
    // Occurrences inside the window are what is bounded.
    await expect(readFeedEvents(calendar(...rules), { now, maxEvents: 79 })).rejects.toThrow(
      "more than 79 events",
    );
  });

  it("a rule repeating too often is skipped with its reason, and the rest read", async () => {
    const text = calendar(
      event(
        "UID:busy@x",
        "DTSTART:19000101T000000Z",
        "DTEND:19000101T000100Z",
        "RRULE:FREQ=MINUTELY",
      ),
      event("UID:ok@x", "DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261203"),
    );
    const reading = await readFeedEvents(text, { now });
    expect(reading.events).toEqual([{ uid: "ok@x", start: "2026-12-01", end: "2026-12-03" }]);
    expect(reading.skipped).toEqual({ "too-many": 1 });
  });
});

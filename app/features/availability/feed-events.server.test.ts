import { describe, expect, it } from "vitest";
import { isIcsDateValue, readFeedEvents, skippedSummary } from "./feed-events.server.ts";

// 10:00 in Phuket on 2026-11-23.
const now = new Date("2026-11-23T03:00:00Z");

const event = (uid: string, ...props: string[]) =>
  ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20261101T000000Z", ...props, "END:VEVENT"].join("\r\n");
const calendar = (...events: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//Feed//EN",
    ...events,
    "END:VCALENDAR",
    "",
  ].join("\r\n");

describe("isIcsDateValue", () => {
  it("takes real dates and times only", () => {
    for (const good of ["20261201", "20240229", "20261201T100000", "20261201T235960Z"])
      expect(isIcsDateValue(good), good).toBe(true);
    for (const bad of [
      "20261340", // month 13
      "20261232", // 32 December
      "20250229", // not a leap year
      "20261200",
      "garbage",
      "",
      "2757600913", // year 275760
      "+2757600913T000000Z",
      "20261201T240000Z",
      "20261201T106000",
      "2026-12-01",
      "18991231", // before 1900
    ])
      expect(isIcsDateValue(bad), bad).toBe(false);
    // VALUE=DATE wants a date; VALUE=DATE-TIME a date and time.
    expect(isIcsDateValue("20261201T100000", ";VALUE=DATE")).toBe(false);
    expect(isIcsDateValue("20261201", ";VALUE=DATE")).toBe(true);
    expect(isIcsDateValue("20261201", ";VALUE=DATE-TIME")).toBe(false);
    expect(isIcsDateValue("20261201T100000", ';TZID="Asia/Bangkok";VALUE=DATE-TIME')).toBe(true);
  });
});

describe("readFeedEvents", () => {
  it("skips and counts events with bad dates, and reads the rest", async () => {
    const text = calendar(
      event("good-1@x", "DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261204"),
      event("garbage@x", "DTSTART:garbage", "DTEND;VALUE=DATE:20261204"),
      // 13th month: JavaScript's Date would read it as 2027-02-09.
      event("rollover@x", "DTSTART;VALUE=DATE:20261340", "DTEND;VALUE=DATE:20261345"),
      event("far@x", "DTSTART:2757600913T000000Z"),
      event("bad-end@x", "DTSTART;VALUE=DATE:20261210", "DTEND;VALUE=DATE:20261299"),
      event("good-2@x", "DTSTART:20261215T070000Z", "DTEND:20261217T040000Z"),
    );
    const reading = await readFeedEvents(text, { now });
    expect(reading.events).toEqual([
      { uid: "good-1@x", start: "2026-12-01", end: "2026-12-04" },
      { uid: "good-2@x", start: "2026-12-15", end: "2026-12-17" },
    ]);
    expect(reading.skipped).toEqual({ "bad-date": 4 });
    expect(skippedSummary(reading.skipped)).toBe("4 events skipped: bad dates");
    expect(skippedSummary({ "bad-date": 1 })).toBe("1 event skipped: bad dates");
    expect(skippedSummary({ "bad-date": 2, unreadable: 1 })).toBe(
      "3 events skipped: bad dates (2), could not be read (1)",
    );
    expect(skippedSummary({})).toBeNull();
  });

  it("a moved occurrence with a bad date is skipped; its repeating event and the good moves stay", async () => {
    const text = calendar(
      event(
        "weekly@x",
        "DTSTART;VALUE=DATE:20261205",
        "DTEND;VALUE=DATE:20261207",
        "RRULE:FREQ=WEEKLY;COUNT=3",
      ),
      event(
        "weekly@x",
        "RECURRENCE-ID;VALUE=DATE:20261212",
        "DTSTART;VALUE=DATE:20261213",
        "DTEND;VALUE=DATE:20261215",
      ),
      event(
        "weekly@x",
        "RECURRENCE-ID;VALUE=DATE:20261219",
        "DTSTART;VALUE=DATE:20261299",
        "DTEND;VALUE=DATE:20261230",
      ),
      event("bad-exdate@x", "DTSTART;VALUE=DATE:20270105", "EXDATE;VALUE=DATE:20270106,2027013"),
    );
    const reading = await readFeedEvents(text, { now });
    expect(reading.events).toEqual([
      { uid: "weekly@x#2026-12-05", start: "2026-12-05", end: "2026-12-07" },
      { uid: "weekly@x#2026-12-12", start: "2026-12-13", end: "2026-12-15" },
      { uid: "weekly@x#2026-12-19", start: "2026-12-19", end: "2026-12-21" },
    ]);
    expect(reading.skipped).toEqual({ "bad-date": 2 });
  });

  it("reads folded lines, time zones and alarms, across chunks of events", async () => {
    const zone = [
      "BEGIN:VTIMEZONE",
      "TZID:Custom/Phuket",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:+0700",
      "TZOFFSETTO:+0700",
      "END:STANDARD",
      "END:VTIMEZONE",
    ].join("\r\n");
    const many = Array.from({ length: 450 }, (_, i) =>
      event(`n${i}@x`, `DTSTART;VALUE=DATE:2027${String(1 + (i % 12)).padStart(2, "0")}01`),
    );
    const text = calendar(
      zone,
      ...many,
      // Folded: "UID:folded@x" written over two lines.
      [
        "BEGIN:VEVENT",
        "UID:fol",
        " ded@x",
        // 00:30 on 2 January in Phuket is 1 January in UTC: read as the Phuket day.
        "DTSTART;TZID=Custom/Phuket:20270102T003000",
        "DTEND;TZID=Custom/Phuket:20270103T003000",
        "BEGIN:VALARM",
        "TRIGGER:-PT15M",
        "ACTION:DISPLAY",
        "END:VALARM",
        "END:VEVENT",
      ].join("\r\n"),
    );
    const reading = await readFeedEvents(text, { now });
    expect(reading.events).toHaveLength(451);
    expect(reading.events.find((e) => e.uid === "folded@x")).toEqual({
      uid: "folded@x",
      start: "2027-01-02",
      end: "2027-01-03",
    });
    expect(reading.skipped).toEqual({});
  });

  it("gives the thread back while it reads a 5,000-event feed", async () => {
    const events = Array.from({ length: 5000 }, (_, i) =>
      event(`e${i}@x`, "DTSTART;VALUE=DATE:20270101", "DTEND;VALUE=DATE:20270103"),
    );
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const reading = await readFeedEvents(calendar(...events), { now });
      expect(reading.events).toHaveLength(5000);
    } finally {
      clearInterval(timer);
    }
    // Read in one go, the timer would not have run at all.
    expect(ticks).toBeGreaterThan(5);
  });
});

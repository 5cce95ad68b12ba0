import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plusDays } from "../../domain/date-time.ts";
import { calendarMonths, mergeBusy } from "./month-grid.ts";

describe("calendarMonths", () => {
  const months = calendarMonths(
    "2026-11-23",
    [
      { start: "2026-11-20", end: "2026-11-25" },
      { start: "2027-02-27", end: "2027-03-02" },
    ],
    12,
  );

  it("twelve months from today's, weeks from Monday", () => {
    expect(months.map((m) => m.key)).toEqual([
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
      "2027-06",
      "2027-07",
      "2027-08",
      "2027-09",
      "2027-10",
    ]);
    // 1 November 2026 is a Sunday: six empty cells before it.
    expect(months[0]?.weeks[0]?.slice(0, 7).map((d) => d?.day ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      1,
    ]);
    for (const m of months) for (const w of m.weeks) expect(w).toHaveLength(7);
  });

  it("marks taken days, the end being the first free day, and past days", () => {
    const days = months.flatMap((m) => m.weeks.flat()).filter((d) => d !== null);
    const taken = days.filter((d) => d.taken).map((d) => d.date);
    expect(taken).toEqual([
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2027-02-27",
      "2027-02-28",
      "2027-03-01",
    ]);
    expect(days.find((d) => d.date === "2026-11-22")?.past).toBe(true);
    expect(days.find((d) => d.date === "2026-11-23")?.past).toBe(false);
  });

  it("marks a day taken exactly when a period covers it, in any order, overlapping or not", () => {
    const day = fc.integer({ min: -40, max: 420 }).map((n) => plusDays("2026-11-23", n));
    const period = fc
      .tuple(day, fc.integer({ min: 0, max: 90 }))
      .map(([start, nights]) => ({ start, end: plusDays(start, nights) }));
    fc.assert(
      fc.property(fc.array(period, { maxLength: 8 }), (busy) => {
        const grid = calendarMonths("2026-11-23", busy, 12);
        const days = grid.flatMap((m) => m.weeks.flat()).filter((d) => d !== null);
        expect(days).toHaveLength(365);
        expect(days[0]?.date).toBe("2026-11-01");
        expect(days.at(-1)?.date).toBe("2027-10-31");
        for (const [i, d] of days.entries()) {
          expect(d.date).toBe(plusDays("2026-11-01", i));
          expect(d.day).toBe(Number(d.date.slice(8)));
          expect(d.taken).toBe(busy.some((b) => b.start <= d.date && d.date < b.end));
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe("mergeBusy", () => {
  it("joins overlapping and touching periods, keeps gaps", () => {
    expect(
      mergeBusy([
        { start: "2027-01-10", end: "2027-01-20" },
        { start: "2027-01-01", end: "2027-01-10" },
        { start: "2027-01-15", end: "2027-01-18" },
        { start: "2027-01-21", end: "2027-01-22" },
      ]),
    ).toEqual([
      { start: "2027-01-01", end: "2027-01-20" },
      { start: "2027-01-21", end: "2027-01-22" },
    ]);
  });
});

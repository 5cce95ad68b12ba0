import { describe, expect, it } from "vitest";
import { monthSpans, occupancyByMonth } from "./occupancy.ts";

describe("occupancy by month", () => {
  const months = monthSpans("2026-11-23", 3);

  it("months from today's, with their lengths", () => {
    expect(months.map((m) => [m.key, m.first, m.end, m.days])).toEqual([
      ["2026-11", "2026-11-01", "2026-12-01", 30],
      ["2026-12", "2026-12-01", "2027-01-01", 31],
      ["2027-01", "2027-01-01", "2027-02-01", 31],
    ]);
  });

  it("counts taken days in each month once, splitting stays across months", () => {
    expect(
      occupancyByMonth(
        [
          { start: "2026-11-16", end: "2026-12-01" }, // 15 of November's 30 days
          { start: "2026-11-20", end: "2026-11-25" }, // inside the first: not counted twice
          { start: "2026-12-25", end: "2027-01-01" }, // 7 of December's 31
          { start: "2027-01-01", end: "2027-03-01" }, // all of January
        ],
        months,
      ),
    ).toEqual([50, 23, 100]);
    expect(occupancyByMonth([], months)).toEqual([0, 0, 0]);
  });
});

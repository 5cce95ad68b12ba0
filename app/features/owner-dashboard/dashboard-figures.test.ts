import { describe, expect, it } from "vitest";
import {
  addUnits,
  averageDailyRate,
  dashboardTotals,
  dashboardWindow,
  monthFigures,
  nightsWithin,
  occupancyPercent,
  previousYearWindow,
  yearOnYearPercent,
} from "./dashboard-figures.ts";
import {
  compareProgramsFor,
  guaranteedReturnFor,
  revenueShareOwnerPart,
} from "./program-comparison.ts";

// Expected values below are worked out by hand (the working is in each comment), never by the
// code under test.

describe("the dashboard's window", () => {
  it("is the 12 months to today, the current month only so far", () => {
    const w = dashboardWindow("2026-11-26");
    expect(w.start).toBe("2025-12-01");
    expect(w.end).toBe("2026-11-27");
    expect(w.months.map((m) => m.key)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(w.months[2]).toEqual({ key: "2026-02", start: "2026-02-01", end: "2026-03-01" });
    expect(w.months[11]).toEqual({ key: "2026-11", start: "2026-11-01", end: "2026-11-27" });
  });

  it("compares with the same days a year earlier", () => {
    const p = previousYearWindow(dashboardWindow("2026-11-26"));
    expect([p.start, p.end]).toEqual(["2024-12-01", "2025-11-27"]);
    expect(p.months[11]).toEqual({ key: "2025-11", start: "2025-11-01", end: "2025-11-27" });
  });
});

describe("nights and occupancy", () => {
  const march = { start: "2026-03-01", end: "2026-04-01" };

  it("counts overlapping stays once and only inside the period", () => {
    // 25 Feb–5 Mar gives 4 March nights (1, 2, 3, 4); 3–10 Mar adds 5, 6, 7, 8, 9: 9 in all.
    const nights = nightsWithin(
      [
        { start: "2026-02-25", end: "2026-03-05" },
        { start: "2026-03-03", end: "2026-03-10" },
      ],
      march,
    );
    expect(nights).toBe(9);
  });

  it("lets owner stays and maintenance out of the nights that could be let", () => {
    const w = dashboardWindow("2026-03-31");
    const [, , , , , , , , , , feb, mar] = monthFigures(
      w,
      [
        // A lease 10 Jan–5 Mar: Feb 28 nights, Mar 4 (1–4 March).
        { kind: "lease", start: "2026-01-10", end: "2026-03-05" },
        // An owner stay 3–10 Mar: 3 and 4 March are let already, so 5 nights blocked (5–9).
        { kind: "owner-block", start: "2026-03-03", end: "2026-03-10" },
        // A short stay inside the lease counts once.
        { kind: "short-stay", start: "2026-02-10", end: "2026-02-12" },
        // Maintenance 20–22 March: 2 nights.
        { kind: "maintenance", start: "2026-03-20", end: "2026-03-22" },
      ],
      [
        { day: "2026-02-01", amountBaht: 60_000 },
        { day: "2026-02-28", amountBaht: 1_000 },
        { day: "2026-03-01", amountBaht: 60_000 },
        { day: "2026-04-01", amountBaht: 99_999 },
      ],
    );
    expect(feb).toEqual({
      key: "2026-02",
      incomeBaht: 61_000,
      rentedNights: 28,
      availableNights: 28,
    });
    // 31 days − 5 owner nights − 2 maintenance nights = 24 nights that could be let.
    expect(mar).toEqual({
      key: "2026-03",
      incomeBaht: 60_000,
      rentedNights: 4,
      availableNights: 24,
    });
    expect(occupancyPercent(4, 24)).toBe(17); // 16.67 → 17
    expect(occupancyPercent(28, 28)).toBe(100);
    expect(occupancyPercent(0, 0)).toBeNull();
  });

  it("adds units month by month", () => {
    const a = [{ key: "2026-01", incomeBaht: 10, rentedNights: 3, availableNights: 31 }];
    const b = [{ key: "2026-01", incomeBaht: 5, rentedNights: 31, availableNights: 31 }];
    expect(addUnits([a, b])).toEqual([
      { key: "2026-01", incomeBaht: 15, rentedNights: 34, availableNights: 62 },
    ]);
    expect(addUnits([])).toEqual([]);
  });
});

describe("average daily rate and year on year", () => {
  it("divides income by the nights let, to the baht", () => {
    expect(averageDailyRate(45_000, 22)).toBe(2045); // 2045.45
    expect(averageDailyRate(5, 2)).toBe(3); // 2.5 rounds up
    expect(averageDailyRate(1_000, 0)).toBeNull();
  });

  it("gives the change in percent to one decimal, none without last year", () => {
    expect(yearOnYearPercent(1_096_200, 1_000_000)).toBe(9.6); // 9.62
    expect(yearOnYearPercent(900, 1_000)).toBe(-10);
    expect(yearOnYearPercent(2_000, 1_000)).toBe(100);
    expect(yearOnYearPercent(500, 0)).toBeNull();
  });

  it("totals the window and last year's", () => {
    const now = [
      { key: "2026-01", incomeBaht: 62_000, rentedNights: 31, availableNights: 31 },
      { key: "2026-02", incomeBaht: 0, rentedNights: 0, availableNights: 20 },
    ];
    const before = [
      { key: "2025-01", incomeBaht: 50_000, rentedNights: 25, availableNights: 31 },
      { key: "2025-02", incomeBaht: 0, rentedNights: 0, availableNights: 28 },
    ];
    expect(dashboardTotals(now, before, 210_000)).toEqual({
      incomeBaht: 62_000,
      previousIncomeBaht: 50_000,
      incomeYearOnYear: 24, // 12,000 / 50,000
      occupancy: 61, // 31 / 51 = 60.8
      previousOccupancy: 42, // 25 / 59 = 42.4
      averageDailyRate: 2_000, // 62,000 / 31
      previousAverageDailyRate: 2_000, // 50,000 / 25
      payoutsYearToDateBaht: 210_000,
    });
  });
});

describe("what the other program would have paid", () => {
  it("pays 7% a year of the value, 1.75% a whole quarter", () => {
    const year = { start: "2026-01-01", end: "2027-01-01" };
    expect(guaranteedReturnFor(12_000_000, year, "2026-01-01")).toBe(840_000);
    expect(guaranteedReturnFor(12_000_000, { start: "2026-04-01", end: "2026-07-01" }, null)).toBe(
      210_000,
    );
  });

  it("prorates a part of a quarter by its days", () => {
    // Start 15 Feb: 14 + 31 = 45 of Q1's 90 days, half of 210,000.
    expect(
      guaranteedReturnFor(12_000_000, { start: "2026-01-01", end: "2026-04-01" }, "2026-02-15"),
    ).toBe(105_000);
    // Window to 26 Nov 2026: Q1–Q3 whole (630,000) and 57 of Q4's 92 days:
    // 210,000 × 57 / 92 = 130,108.70 → 130,109.
    expect(guaranteedReturnFor(12_000_000, dashboardWindow("2026-11-26"), "2026-01-01")).toBe(
      760_109,
    );
  });

  it("stops at the end of the five years", () => {
    // Started 1 July 2021: the term ends 1 July 2026, so only Q1 and Q2 of 2026.
    expect(
      guaranteedReturnFor(12_000_000, { start: "2026-01-01", end: "2027-01-01" }, "2021-07-01"),
    ).toBe(420_000);
  });

  it("gives the owner 70% of net revenue, to the baht", () => {
    expect(revenueShareOwnerPart(100_001)).toBe(70_001); // 70,000.7
    expect(revenueShareOwnerPart(-5_000)).toBe(-3_500);
  });

  it("sets each unit's own program against the other, as statements count them", () => {
    const period = { start: "2026-01-01", end: "2027-01-01" };
    // Rent 1,200,000 and a stay of 400,000 less its 60,000 commission, less 40,000 of expenses
    // the owner bears: net 1,500,000, of which 70% is 1,050,000. Guaranteed: 840,000 less the
    // same 40,000.
    const ledger = {
      rents: [{ amount: 1_000_000 }, { amount: 200_000 }],
      stays: [{ gross: 400_000, commission: 60_000 }],
      ownerExpenses: [{ amount: 25_000 }, { amount: 15_000 }],
    };
    expect(
      compareProgramsFor({
        unitName: "Villa",
        program: "guaranteed",
        propertyValueBaht: 12_000_000,
        programStart: "2026-01-01",
        ledger,
        period,
      }),
    ).toMatchObject({
      actualBaht: 800_000,
      otherBaht: 1_050_000,
      missing: null,
      netRevenueBaht: 1_500_000,
      expensesBaht: 40_000,
    });
    // A revenue-share unit: the guaranteed figure runs over the whole period.
    const small = { rents: [{ amount: 300_000 }], stays: [], ownerExpenses: [] };
    expect(
      compareProgramsFor({
        unitName: "Condo",
        program: "revenue-share",
        propertyValueBaht: 4_000_000,
        programStart: null,
        ledger: small,
        period,
      }),
    ).toMatchObject({ actualBaht: 210_000, otherBaht: 280_000, missing: null });
    expect(
      compareProgramsFor({
        unitName: "Condo",
        program: "revenue-share",
        propertyValueBaht: null,
        programStart: null,
        ledger: small,
        period,
      }),
    ).toMatchObject({ actualBaht: 210_000, otherBaht: null, missing: "property-value" });
  });
});

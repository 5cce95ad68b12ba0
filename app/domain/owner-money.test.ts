import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  divideRounded,
  guaranteedQuarter,
  guaranteedQuarterStarts,
  guaranteedTerm,
  guaranteedTotals,
  ownerParts,
  quarterOf,
  revenueShareSplit,
  revenueShareTotals,
  splitByShares,
  withholdingOn,
} from "./owner-money.ts";

/*
 * Expected values here are worked out another way than the code's: with BigInt, with days
 * counted one by one on Date objects, and with the contract's figures written out by hand.
 */

/** Half away from zero with BigInt: (2|n| + d) / 2d, signed. */
function bigRound(n: bigint, d: bigint): number {
  const sign = n < 0n ? -1n : 1n;
  const a = n < 0n ? -n : n;
  return Number(sign * ((2n * a + d) / (2n * d)));
}

/** Days from `from` (inclusive) to `to` (exclusive), counted one at a time. */
function countDays(from: string, to: string): number {
  let n = 0;
  const d = new Date(`${from}T12:00:00Z`);
  while (d.toISOString().slice(0, 10) < to) {
    n++;
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return n;
}

const isoDay = fc
  .date({
    min: new Date("2020-01-01T00:00:00Z"),
    max: new Date("2040-12-31T00:00:00Z"),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

/** 1 to 6 owners' whole-percent shares adding up to 100, with distinct owner ids. */
const shares = fc
  .array(fc.integer({ min: 1, max: 99 }), { minLength: 0, maxLength: 5 })
  .map((cuts) => [...new Set(cuts)].sort((a, b) => a - b))
  .chain((cuts) =>
    fc.shuffledSubarray(
      [0, ...cuts, 100].slice(1).map((c, i) => c - ([0, ...cuts][i] as number)),
      { minLength: cuts.length + 1, maxLength: cuts.length + 1 },
    ),
  )
  .chain((percents) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: 100_000 }), {
        minLength: percents.length,
        maxLength: percents.length,
      })
      .map((ids) => percents.map((percent, i) => ({ ownerId: ids[i] as number, percent }))),
  );

const amount = fc.integer({ min: -50_000_000, max: 1_000_000_000 });

describe("divideRounded", () => {
  it("rounds halves away from zero, like BigInt arithmetic does", () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 1_000_000 }), (n, d) => {
        expect(divideRounded(n, d)).toBe(bigRound(BigInt(n), BigInt(d)));
      }),
    );
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(4, 3)).toBe(1);
  });
});

describe("co-owners' split", () => {
  it("the generated shares sum to 100", () => {
    fc.assert(
      fc.property(shares, (s) => {
        expect(s.reduce((a, x) => a + x.percent, 0)).toBe(100);
        expect(s.every((x) => x.percent >= 1)).toBe(true);
      }),
    );
  });

  it("parts add up to the whole; each is its share to the baht, the rest to the largest share", () => {
    fc.assert(
      fc.property(amount, shares, (total, s) => {
        const parts = splitByShares(total, s);
        const values = s.map((x) => parts.get(x.ownerId) as number);
        expect(values.reduce((a, v) => a + v, 0)).toBe(total);
        const top = Math.max(...s.map((x) => x.percent));
        const largest = s.filter((x) => x.percent === top).sort((a, b) => a.ownerId - b.ownerId)[0];
        const abs = BigInt(Math.abs(total));
        const sign = total < 0 ? -1 : 1;
        for (const x of s) {
          const floor = Number((abs * BigInt(x.percent)) / 100n);
          const got = Math.abs(parts.get(x.ownerId) as number);
          if (x.ownerId === largest?.ownerId) {
            expect(got).toBeGreaterThanOrEqual(floor);
            expect(got - floor).toBeLessThan(s.length);
          } else expect(got).toBe(floor);
          expect(Math.sign(parts.get(x.ownerId) as number) * sign).not.toBe(-1);
        }
      }),
    );
  });

  it("60 : 40 of 100,001 baht is 60,001 and 40,000", () => {
    const parts = splitByShares(100_001, [
      { ownerId: 7, percent: 40 },
      { ownerId: 9, percent: 60 },
    ]);
    expect(Object.fromEntries(parts)).toEqual({ 7: 40_000, 9: 60_001 });
  });

  it("refuses shares that do not add up to 100", () => {
    expect(() => splitByShares(100, [{ ownerId: 1, percent: 99 }])).toThrow(RangeError);
    expect(() => splitByShares(100, [])).toThrow(RangeError);
  });
});

describe("revenue share", () => {
  it("70 : 30 of net, the owner's part to the baht, the two adding up to net", () => {
    fc.assert(
      fc.property(amount, (net) => {
        const { owner, company } = revenueShareSplit(net);
        expect(owner + company).toBe(net);
        expect(owner).toBe(bigRound(BigInt(net) * 70n, 100n));
      }),
    );
  });

  it("net is income less commissions less the expenses the rental bears", () => {
    const money = fc.integer({ min: 1, max: 5_000_000 });
    fc.assert(
      fc.property(
        fc.array(money, { maxLength: 4 }),
        fc.array(
          money.chain((g) => fc.tuple(fc.constant(g), fc.integer({ min: 0, max: g }))),
          {
            maxLength: 6,
          },
        ),
        fc.array(money, { maxLength: 6 }),
        (rents, stays, expenses) => {
          const t = revenueShareTotals({
            rents: rents.map((a) => ({ amount: a })),
            stays: stays.map(([gross, commission]) => ({ gross, commission })),
            ownerExpenses: expenses.map((a) => ({ amount: a })),
          });
          let gross = 0;
          for (const r of rents) gross += r;
          for (const [g] of stays) gross += g;
          let fees = 0;
          for (const [, c] of stays) fees += c;
          let spent = 0;
          for (const e of expenses) spent += e;
          expect([t.gross, t.commissions, t.expenses]).toEqual([gross, fees, spent]);
          expect(t.net).toBe(gross - fees - spent);
          expect(t.ownerShare + t.companyShare).toBe(t.net);
        },
      ),
    );
  });

  it("a month of ฿100,000 income, ฿15,000 commission and ฿5,000 of expenses pays the owners ฿56,000", () => {
    const t = revenueShareTotals({
      rents: [],
      stays: [{ gross: 100_000, commission: 15_000 }],
      ownerExpenses: [{ amount: 3_500 }, { amount: 1_500 }],
    });
    expect(t).toEqual({
      gross: 100_000,
      commissions: 15_000,
      expenses: 5_000,
      net: 80_000,
      ownerShare: 56_000,
      companyShare: 24_000,
    });
  });
});

describe("guaranteed return", () => {
  it("฿12,000,000 pays ฿210,000 a full quarter and ฿840,000 a year", () => {
    const quarters = ["2027-01-01", "2027-04-01", "2027-07-01", "2027-10-01"].map(
      (d) => guaranteedQuarter(12_000_000, "2026-01-01", d).amount,
    );
    expect(quarters).toEqual([210_000, 210_000, 210_000, 210_000]);
  });

  it("prorates a partial first quarter by days: from 15 February, 45 of 90 days", () => {
    const q = guaranteedQuarter(12_000_000, "2026-02-15", "2026-03-01");
    expect([q.days, q.quarterDays, q.amount]).toEqual([45, 90, 105_000]);
  });

  it("runs five years: the last quarter is partial and nothing is owed after", () => {
    expect(guaranteedTerm("2026-02-15")).toEqual({ start: "2026-02-15", end: "2031-02-15" });
    const last = guaranteedQuarter(12_000_000, "2026-02-15", "2031-01-20");
    expect([last.days, last.quarterDays, last.amount]).toEqual([45, 90, 105_000]);
    expect(guaranteedQuarter(12_000_000, "2026-02-15", "2031-04-01").amount).toBe(0);
    expect(guaranteedQuarter(12_000_000, "2026-02-15", "2025-12-31").amount).toBe(0);
  });

  it("prorates any quarter by the days it shares with the term, counted one by one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 2_000_000_000 }),
        isoDay,
        isoDay,
        (value, start, day) => {
          const q = guaranteedQuarter(value, start, day);
          const quarter = quarterOf(day);
          const term = guaranteedTerm(start);
          const from = quarter.start > term.start ? quarter.start : term.start;
          const to = quarter.end < term.end ? quarter.end : term.end;
          const days = to > from ? countDays(from, to) : 0;
          const quarterDays = countDays(quarter.start, quarter.end);
          expect([q.days, q.quarterDays]).toEqual([days, quarterDays]);
          // 7% a year of the value, a quarter of the rounded annual figure, rounded; then the days.
          const annual = bigRound(BigInt(value) * 7n, 100n);
          const full = bigRound(BigInt(annual), 4n);
          expect(q.amount).toBe(bigRound(BigInt(full) * BigInt(days), BigInt(quarterDays)));
        },
      ),
    );
  });

  it("pays about 35% of the value over the term, each quarter's rounding at most half a baht", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 2_000_000_000 }), isoDay, (value, start) => {
        const starts = guaranteedQuarterStarts(start);
        const total = starts.reduce((s, q) => s + guaranteedQuarter(value, start, q).amount, 0);
        const full = bigRound(BigInt(bigRound(BigInt(value) * 7n, 100n)), 4n);
        // Twenty quarters' worth of days, in 20 or 21 quarters, each rounded once.
        expect(Math.abs(total - 20 * full)).toBeLessThanOrEqual(full / 60 + starts.length);
        expect(starts.length === 20 || starts.length === 21).toBe(true);
      }),
    );
  });

  it("deducts the expenses the owner bears from the owner's return", () => {
    expect(guaranteedTotals(210_000, [{ amount: 4_000 }, { amount: 1_000 }])).toEqual({
      gross: 210_000,
      commissions: 0,
      expenses: 5_000,
      net: 205_000,
      ownerShare: 205_000,
      companyShare: 0,
    });
  });
});

describe("owners' parts and withholding", () => {
  it("withholding is its own figure: part = payout + withholding, and the parts add up", () => {
    fc.assert(
      fc.property(
        amount,
        shares,
        fc.array(fc.constantFrom(0, 500, 1500, 750), { minLength: 6, maxLength: 6 }),
        (total, s, rates) => {
          const parts = ownerParts(
            total,
            s.map((x, i) => ({ ...x, withholdingBp: rates[i] as number })),
          );
          expect(parts.reduce((a, p) => a + p.amount, 0)).toBe(total);
          for (const p of parts) {
            expect(p.payout + p.withholding).toBe(p.amount);
            const expected =
              p.amount > 0 ? bigRound(BigInt(p.amount) * BigInt(p.withholdingBp), 10_000n) : 0;
            expect(p.withholding).toBe(expected);
          }
        },
      ),
    );
  });

  it("5% of ฿56,000 is ฿2,800; 15% is ฿8,400; nothing is withheld from a loss", () => {
    expect(withholdingOn(56_000, 500)).toBe(2_800);
    expect(withholdingOn(56_000, 1500)).toBe(8_400);
    expect(withholdingOn(-1_000, 1500)).toBe(0);
  });
});

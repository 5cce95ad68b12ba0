import { describe, expect, it } from "vitest";
import { businessDayStart, businessToday, plusMonths } from "./date-time.ts";
import {
  canMove,
  defaultDeposit,
  defaultDueDay,
  depositReturnDeadline,
  dueState,
  duesSchedule,
  maskEmail,
  maskPassport,
  needsTm30,
  rentForTerm,
  termEnd,
} from "./lease-rules.ts";

describe("plusMonths and termEnd", () => {
  it("adds calendar months, the end exclusive", () => {
    expect(termEnd("2027-01-15", "year")).toBe("2028-01-15");
    expect(termEnd("2027-01-15", "six-months")).toBe("2027-07-15");
    expect(termEnd("2027-12-01", "month")).toBe("2028-01-01");
  });
  it("gives a missing day the month's last day", () => {
    expect(plusMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(plusMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(plusMonths("2027-03-31", -1)).toBe("2027-02-28");
  });
  it("knows today in Phuket, not in UTC", () => {
    // 17:30 UTC on 31 December is 00:30 on 1 January in Phuket.
    expect(businessToday(new Date("2026-12-31T17:30:00Z"))).toBe("2027-01-01");
    expect(businessToday(new Date("2026-12-31T16:59:59Z"))).toBe("2026-12-31");
    expect(businessDayStart("2027-01-01").toISOString()).toBe("2026-12-31T17:00:00.000Z");
  });
});

describe("rent and deposit", () => {
  const prices = { pricingMonthly: 60000, pricingSixMonth: 52000, pricingYearly: 45000 };
  it("takes the unit's price for the term", () => {
    expect(rentForTerm(prices, "month")).toBe(60000);
    expect(rentForTerm(prices, "six-months")).toBe(52000);
    expect(rentForTerm(prices, "year")).toBe(45000);
    expect(rentForTerm(prices, "custom", "2027-01-10", "2027-04-10")).toBe(60000);
    expect(rentForTerm(prices, "custom", "2027-01-10", "2027-07-10")).toBe(52000);
    expect(rentForTerm(prices, "custom", "2027-01-10", "2028-07-09")).toBe(45000);
  });
  it("holds two months for a year, one otherwise", () => {
    expect(defaultDeposit(45000, "year")).toBe(90000);
    expect(defaultDeposit(52000, "six-months")).toBe(52000);
    expect(defaultDeposit(60000, "custom")).toBe(60000);
    expect(defaultDeposit(45000, "year", { year: 3, other: 1 })).toBe(135000);
  });
  it("keeps the due day within 1-28", () => {
    expect(defaultDueDay("2027-01-05")).toBe(5);
    expect(defaultDueDay("2027-01-30")).toBe(28);
  });
});

describe("duesSchedule", () => {
  it("makes twelve full months and a deposit for a year starting on its due day", () => {
    const dues = duesSchedule({
      startDate: "2027-01-15",
      endDate: "2028-01-15",
      monthlyRent: 45000,
      deposit: 90000,
      dueDay: 15,
    });
    expect(dues[0]).toEqual({
      kind: "deposit",
      dueDate: "2027-01-15",
      periodStart: null,
      periodEnd: null,
      amount: 90000,
    });
    const rent = dues.slice(1);
    expect(rent).toHaveLength(12);
    expect(rent.every((d) => d.amount === 45000)).toBe(true);
    expect(rent[1]).toMatchObject({
      dueDate: "2027-02-15",
      periodStart: "2027-02-15",
      periodEnd: "2027-03-15",
    });
    expect(rent[11]).toMatchObject({ periodStart: "2027-12-15", periodEnd: "2028-01-15" });
  });
  it("prorates a short first and last period by the days of their calendar month", () => {
    const dues = duesSchedule({
      startDate: "2027-01-10",
      endDate: "2027-04-10",
      monthlyRent: 31000,
      deposit: 0,
      dueDay: 1,
    });
    expect(dues).toEqual([
      // 22 of January's 31 days: 31000 × 22 / 31 = 22000.
      {
        kind: "rent",
        dueDate: "2027-01-10",
        periodStart: "2027-01-10",
        periodEnd: "2027-02-01",
        amount: 22000,
      },
      {
        kind: "rent",
        dueDate: "2027-02-01",
        periodStart: "2027-02-01",
        periodEnd: "2027-03-01",
        amount: 31000,
      },
      {
        kind: "rent",
        dueDate: "2027-03-01",
        periodStart: "2027-03-01",
        periodEnd: "2027-04-01",
        amount: 31000,
      },
      // 9 of April's 30 days: 31000 × 9 / 30 = 9300.
      {
        kind: "rent",
        dueDate: "2027-04-01",
        periodStart: "2027-04-01",
        periodEnd: "2027-04-10",
        amount: 9300,
      },
    ]);
  });
  it("rounds a share half up to whole baht", () => {
    // 27 and 28 February: 2 of its 28 days, 10000 × 2 / 28 = 714.28… → 714.
    const dues = duesSchedule({
      startDate: "2027-02-27",
      endDate: "2027-03-01",
      monthlyRent: 10000,
      deposit: 0,
      dueDay: 1,
    });
    expect(dues).toEqual([
      {
        kind: "rent",
        dueDate: "2027-02-27",
        periodStart: "2027-02-27",
        periodEnd: "2027-03-01",
        amount: 714,
      },
    ]);
    // 7 × 2 / 28 = 0.5 → 1 (half up).
    expect(
      duesSchedule({
        startDate: "2027-02-27",
        endDate: "2027-03-01",
        monthlyRent: 7,
        deposit: 0,
        dueDay: 1,
      })[0]?.amount,
    ).toBe(1);
  });
  it("anchors on the due day of the previous month when the start is before it", () => {
    const dues = duesSchedule({
      startDate: "2027-03-03",
      endDate: "2027-04-05",
      monthlyRent: 28000,
      deposit: 0,
      dueDay: 5,
    });
    // 3 to 5 March is 2 days of the month 5 February – 5 March (28 days): 2000.
    expect(dues.map((d) => [d.dueDate, d.periodEnd, d.amount])).toEqual([
      ["2027-03-03", "2027-03-05", 2000],
      ["2027-03-05", "2027-04-05", 28000],
    ]);
  });
});

describe("dueState", () => {
  const due = { dueDate: "2027-02-15", amount: 45000 };
  it("is paid once payments reach the amount", () => {
    expect(dueState(due, 45000, "2027-03-01")).toBe("paid");
    expect(dueState(due, 50000, "2027-03-01")).toBe("paid");
  });
  it("is overdue from the day after its date, partly paid or not", () => {
    expect(dueState(due, 44999, "2027-02-16")).toBe("overdue");
    expect(dueState(due, 0, "2027-02-15")).toBe("due-today");
    expect(dueState(due, 0, "2027-02-14")).toBe("upcoming");
  });
});

describe("deposit deadline, statuses, TM30 and masks", () => {
  it("gives 7 days, or 14 with repairs", () => {
    expect(depositReturnDeadline("2027-12-28", false)).toBe("2028-01-04");
    expect(depositReturnDeadline("2027-12-28", true)).toBe("2028-01-11");
  });
  it("moves draft → signed → active → ended, and cancels before it is active", () => {
    expect(canMove("draft", "signed")).toBe(true);
    expect(canMove("signed", "active")).toBe(true);
    expect(canMove("active", "ended")).toBe(true);
    expect(canMove("signed", "cancelled")).toBe(true);
    expect(canMove("draft", "active")).toBe(false);
    expect(canMove("active", "cancelled")).toBe(false);
    expect(canMove("ended", "active")).toBe(false);
  });
  it("asks a TM30 report for foreigners only", () => {
    expect(needsTm30("Russian")).toBe(true);
    expect(needsTm30(" Thai ")).toBe(false);
    expect(needsTm30(null)).toBe(true);
  });
  it("masks passports and addresses in lists", () => {
    expect(maskPassport("753912345")).toBe("••••••345");
    expect(maskPassport("AB1")).toBe("AB1".slice(-3));
    expect(maskEmail("anna.k@example.com")).toBe("a•••@example.com");
  });
});

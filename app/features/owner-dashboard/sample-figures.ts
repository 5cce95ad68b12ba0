/**
 * The home page's sample dashboard: illustrative figures for a two-bedroom pool villa on the
 * revenue share over one calendar year, run through the same figures as an owner's real ones.
 */
import { dayCount } from "../../domain/date-time.ts";
import {
  type DashboardData,
  dashboardTotals,
  dashboardWindow,
  lastDayOf,
  type MonthFigures,
} from "./dashboard-figures.ts";
import { compareProgramsFor, revenueShareOwnerPart } from "./program-comparison.ts";

/** Illustrative income (baht) and nights let, January to December: high season Nov–Apr. */
const INCOME = [
  182_000, 176_000, 168_000, 151_000, 96_000, 84_000, 101_000, 112_000, 78_000, 88_000, 139_000,
  191_000,
];
const NIGHTS = [30, 27, 29, 27, 21, 19, 23, 24, 17, 20, 27, 31];
/** The year before: the same villa earning a little less. */
const INCOME_BEFORE = [
  165_000, 160_000, 157_000, 139_000, 90_000, 71_000, 95_000, 104_000, 70_000, 79_000, 128_000,
  176_000,
];
const NIGHTS_BEFORE = [29, 26, 28, 25, 20, 17, 22, 23, 16, 19, 26, 30];
const PROPERTY_VALUE = 14_000_000;

function months(year: number, income: number[], nights: number[]): MonthFigures[] {
  return income.map((incomeBaht, i) => {
    const key = `${year}-${String(i + 1).padStart(2, "0")}`;
    const next = i === 11 ? `${year + 1}-01-01` : `${year}-${String(i + 2).padStart(2, "0")}-01`;
    return {
      key,
      incomeBaht,
      rentedNights: nights[i] ?? 0,
      availableNights: dayCount(`${key}-01`, next),
    };
  });
}

export function sampleDashboard(unitName: string): DashboardData {
  const window = dashboardWindow("2026-12-31");
  const current = months(2026, INCOME, NIGHTS);
  const previous = months(2025, INCOME_BEFORE, NIGHTS_BEFORE);
  const net = INCOME.reduce((a, b) => a + b, 0);
  return {
    from: window.start,
    to: lastDayOf(window),
    months: current,
    previousMonths: previous,
    totals: dashboardTotals(current, previous, revenueShareOwnerPart(net)),
    comparisons: [
      compareProgramsFor({
        unitName,
        program: "revenue-share",
        propertyValueBaht: PROPERTY_VALUE,
        programStart: null,
        ledger: { rents: [{ amount: net }], stays: [], ownerExpenses: [] },
        period: window,
      }),
    ],
  };
}

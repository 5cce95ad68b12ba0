/**
 * The owner dashboard's figures, from plain inputs: nights from the calendar, income by day,
 * payouts. Pure and shared by the portal (real figures) and the home page's sample (illustrative
 * ones), so both read the same way. Money is whole baht; percentages are rounded only here.
 */
import { dayCount, plusDays, plusMonths } from "../../domain/date-time.ts";
import type { OwnerProgramKind } from "../../domain/owners.ts";

/** How many months the dashboard shows, the current one last. */
export const DASHBOARD_MONTHS = 12;

/** Stays that earn: a guest's or a tenant's nights. Owner stays and maintenance do not. */
export const EARNING_STAY_KINDS = ["lease", "short-stay"] as const;

export interface Period {
  /** First day, YYYY-MM-DD. */
  start: string;
  /** Day after the last one (exclusive), YYYY-MM-DD. */
  end: string;
}

export interface DashboardWindow extends Period {
  /** The months shown, oldest first: `YYYY-MM`, each with the part of it inside the window. */
  months: { key: string; start: string; end: string }[];
}

/**
 * The 12 months up to and including `today`: from the first day of the month eleven months
 * earlier to the end of today. The current month counts only its days so far.
 */
export function dashboardWindow(today: string): DashboardWindow {
  const end = plusDays(today, 1);
  const start = plusMonths(`${today.slice(0, 7)}-01`, -(DASHBOARD_MONTHS - 1));
  const months = Array.from({ length: DASHBOARD_MONTHS }, (_, i) => {
    const first = plusMonths(start, i);
    const next = plusMonths(first, 1);
    return { key: first.slice(0, 7), start: first, end: next < end ? next : end };
  });
  return { start, end, months };
}

/** The same window a year earlier: for year-on-year figures. */
export function previousYearWindow(window: DashboardWindow): DashboardWindow {
  const months = window.months.map((m) => ({
    key: plusMonths(m.start, -12).slice(0, 7),
    start: plusMonths(m.start, -12),
    end: plusMonths(m.end, -12),
  }));
  return { start: months[0]?.start ?? window.start, end: plusMonths(window.end, -12), months };
}

/** Periods joined where they overlap or touch, earliest first. */
function merge(periods: readonly Period[]): Period[] {
  const sorted = [...periods].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const out: Period[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (last && p.start <= last.end) {
      if (p.end > last.end) last.end = p.end;
    } else out.push({ ...p });
  }
  return out;
}

/** Nights of `periods` (merged first, so an overlap counts once) that fall inside `within`. */
export function nightsWithin(periods: readonly Period[], within: Period): number {
  let nights = 0;
  for (const p of merge(periods)) {
    const start = p.start > within.start ? p.start : within.start;
    const end = p.end < within.end ? p.end : within.end;
    if (end > start) nights += dayCount(start, end);
  }
  return nights;
}

export interface CalendarStay extends Period {
  kind: string;
}

export interface MonthFigures {
  /** `YYYY-MM` */
  key: string;
  incomeBaht: number;
  /** Nights let to a guest or a tenant. */
  rentedNights: number;
  /** Nights the unit could be let: the month's days (so far) less owner stays and maintenance. */
  availableNights: number;
}

/**
 * Each month's income (money received that month, by day), nights let and nights available.
 * A night both let and blocked counts as let.
 */
export function monthFigures(
  window: DashboardWindow,
  stays: readonly CalendarStay[],
  income: readonly { day: string; amountBaht: number }[],
): MonthFigures[] {
  const earning = stays.filter((s) => (EARNING_STAY_KINDS as readonly string[]).includes(s.kind));
  const blocked = stays.filter((s) => !(EARNING_STAY_KINDS as readonly string[]).includes(s.kind));
  return window.months.map((m) => {
    const days = dayCount(m.start, m.end);
    const rentedNights = nightsWithin(earning, m);
    const takenNights = nightsWithin([...earning, ...blocked], m);
    const blockedOnly = takenNights - rentedNights;
    let incomeBaht = 0;
    for (const line of income)
      if (line.day >= m.start && line.day < m.end) incomeBaht += line.amountBaht;
    return { key: m.key, incomeBaht, rentedNights, availableNights: days - blockedOnly };
  });
}

/** Whole percent of the available nights that were let; null when none was available. */
export function occupancyPercent(rentedNights: number, availableNights: number): number | null {
  if (availableNights <= 0) return null;
  return Math.round((rentedNights * 100) / availableNights);
}

/** Average daily rate: income per night let, whole baht; null when no night was let. */
export function averageDailyRate(incomeBaht: number, rentedNights: number): number | null {
  if (rentedNights <= 0) return null;
  return Math.round(incomeBaht / rentedNights);
}

/** Change from `previous` to `current` in percent, one decimal; null without a base to compare. */
export function yearOnYearPercent(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((current - previous) * 1000) / previous) / 10;
}

/** Month by month sums of several units' figures (the same window for each). */
export function addUnits(units: readonly (readonly MonthFigures[])[]): MonthFigures[] {
  const first = units[0];
  if (!first) return [];
  return first.map((m, i) => {
    const sum = { key: m.key, incomeBaht: 0, rentedNights: 0, availableNights: 0 };
    for (const unit of units) {
      const u = unit[i];
      if (!u) continue;
      sum.incomeBaht += u.incomeBaht;
      sum.rentedNights += u.rentedNights;
      sum.availableNights += u.availableNights;
    }
    return sum;
  });
}

/** What the other program would have paid for one unit over the window, whole baht. */
export interface ProgramComparison {
  unitName: string;
  program: OwnerProgramKind;
  /** The owner part under the unit's own program (null: cannot be known, see `missing`). */
  actualBaht: number | null;
  /** The owner part the other program would have given. */
  otherBaht: number | null;
  /** Why a figure is missing: the guaranteed figure needs the property value. */
  missing: "property-value" | null;
  /** Net revenue the revenue-share figure is taken from: income less commissions and expenses. */
  netRevenueBaht: number;
  /** Expenses the owner bears over the period (taken off under either program). */
  expensesBaht: number;
  propertyValueBaht: number | null;
}

export interface DashboardTotals {
  incomeBaht: number;
  previousIncomeBaht: number;
  /** Change of income against the same months a year earlier, percent; null without a base. */
  incomeYearOnYear: number | null;
  occupancy: number | null;
  previousOccupancy: number | null;
  averageDailyRate: number | null;
  previousAverageDailyRate: number | null;
  /** Paid to the owner since 1 January; null when no statement has been paid yet. */
  payoutsYearToDateBaht: number | null;
}

/** Totals of the window and of the same window a year earlier. */
export function dashboardTotals(
  months: readonly MonthFigures[],
  previous: readonly MonthFigures[],
  payoutsYearToDateBaht: number | null,
): DashboardTotals {
  const sum = (list: readonly MonthFigures[], key: keyof Omit<MonthFigures, "key">) =>
    list.reduce((a, m) => a + m[key], 0);
  const income = sum(months, "incomeBaht");
  const previousIncome = sum(previous, "incomeBaht");
  const nights = sum(months, "rentedNights");
  const previousNights = sum(previous, "rentedNights");
  return {
    incomeBaht: income,
    previousIncomeBaht: previousIncome,
    incomeYearOnYear: yearOnYearPercent(income, previousIncome),
    occupancy: occupancyPercent(nights, sum(months, "availableNights")),
    previousOccupancy: occupancyPercent(previousNights, sum(previous, "availableNights")),
    averageDailyRate: averageDailyRate(income, nights),
    previousAverageDailyRate: averageDailyRate(previousIncome, previousNights),
    payoutsYearToDateBaht,
  };
}

/** Everything the dashboard component draws for one choice (a unit, or all units). */
export interface DashboardData {
  /** The window's first and last day (inclusive), YYYY-MM-DD. */
  from: string;
  to: string;
  months: MonthFigures[];
  previousMonths: MonthFigures[];
  totals: DashboardTotals;
  comparisons: ProgramComparison[];
}

/** A unit the owner may choose on the dashboard. */
export interface DashboardUnit {
  id: number;
  name: string;
}

/** The window's last day, inclusive, for printing. */
export function lastDayOf(period: Period): string {
  return plusDays(period.end, -1);
}

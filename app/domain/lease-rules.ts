/**
 * The rules of a lease, as pure functions: its end from its term, its default rent and deposit,
 * its schedule of dues, what is overdue, the deposit's return deadline and which status may
 * follow which. docs/leases.md explains them for the desk.
 */
import { dayCount, plusDays, plusMonths } from "./date-time.ts";
import { type LeaseStatus, type LeaseTerm, MAX_DUE_DAY } from "./leases.ts";

/** Calendar months of each fixed term; a custom term has its own dates. */
export const TERM_MONTHS: Record<Exclude<LeaseTerm, "custom">, number> = {
  month: 1,
  "six-months": 6,
  year: 12,
};

export const TERM_LABELS: Record<LeaseTerm, string> = {
  month: "1 month",
  "six-months": "6 months",
  year: "12 months",
  custom: "Custom dates",
};

/** The first free day after a fixed term that starts on `start` (end exclusive, as stays). */
export function termEnd(start: string, term: Exclude<LeaseTerm, "custom">): string {
  return plusMonths(start, TERM_MONTHS[term]);
}

/** A unit's three prices (whole baht a month). */
export interface UnitPrices {
  pricingMonthly: number;
  pricingSixMonth: number;
  pricingYearly: number;
}

/**
 * The monthly rent of a term from the unit's prices: a custom term of 12 months or more takes
 * the yearly price, of 6 or more the six-month price, else the monthly price.
 */
export function rentForTerm(
  prices: UnitPrices,
  term: LeaseTerm,
  start?: string,
  end?: string,
): number {
  let months: number;
  if (term === "custom") {
    if (!start || !end) return prices.pricingMonthly;
    months = 0;
    while (months < 12 && plusMonths(start, months + 1) <= end) months++;
  } else months = TERM_MONTHS[term];
  if (months >= 12) return prices.pricingYearly;
  if (months >= 6) return prices.pricingSixMonth;
  return prices.pricingMonthly;
}

/** Months of rent held as a deposit, by default: two for a year's lease, one otherwise. */
export interface DepositMonths {
  year: number;
  other: number;
}
export const DEFAULT_DEPOSIT_MONTHS: DepositMonths = { year: 2, other: 1 };

export function defaultDeposit(
  monthlyRent: number,
  term: LeaseTerm,
  months: DepositMonths = DEFAULT_DEPOSIT_MONTHS,
): number {
  return monthlyRent * (term === "year" ? months.year : months.other);
}

/**
 * The 2025 notice: the deposit and the rent paid in advance (a month's rent, the first period)
 * come to at most three months' rent.
 */
export const MAX_ADVANCE_MONTHS = 3;

/** Why a deposit is too large for the notice, or null. Whole baht. */
export function advanceProblem(deposit: number, monthlyRent: number): string | null {
  const cap = MAX_ADVANCE_MONTHS * monthlyRent;
  if (deposit + monthlyRent <= cap) return null;
  return `The deposit and a month's rent in advance come to more than ${MAX_ADVANCE_MONTHS} months' rent: the deposit can be ${(cap - monthlyRent).toLocaleString("en")} baht at most`;
}

/** The due day a lease starting on `start` gets by default: its own day, at most the 28th. */
export function defaultDueDay(start: string): number {
  return Math.min(Number(start.slice(8, 10)), MAX_DUE_DAY);
}

export interface PlannedDue {
  kind: "rent" | "deposit";
  dueDate: string;
  periodStart: string | null;
  periodEnd: string | null;
  amount: number;
}

/** `a × b / c` in whole numbers, half rounded up, without floating point. */
function mulDivRound(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/**
 * The dues of a lease. Rent is paid in advance: each period is due on its first day. Periods
 * run from one due day to the next (a calendar month, whatever its length, costs the monthly
 * rent); a shorter first period (start before the first due day) or last period (end before the
 * next due day) costs its days' share of the calendar month around it, rounded half up to whole
 * baht. The deposit, when there is one, is due on the first day.
 */
export function duesSchedule(lease: {
  startDate: string;
  endDate: string;
  monthlyRent: number;
  deposit: number;
  dueDay: number;
}): PlannedDue[] {
  const { startDate, endDate, monthlyRent, deposit, dueDay } = lease;
  const dues: PlannedDue[] = [];
  if (deposit > 0)
    dues.push({
      kind: "deposit",
      dueDate: startDate,
      periodStart: null,
      periodEnd: null,
      amount: deposit,
    });
  // The due day on or before the start: the anchor of the first (maybe partial) month.
  const [y, m, d] = startDate.split("-").map(Number) as [number, number, number];
  let anchor = `${y}-${String(m).padStart(2, "0")}-${String(dueDay).padStart(2, "0")}`;
  if (d < dueDay) anchor = plusMonths(anchor, -1);
  for (let k = 0; ; k++) {
    const monthStart = plusMonths(anchor, k);
    if (monthStart >= endDate) break;
    const monthEnd = plusMonths(anchor, k + 1);
    const from = monthStart < startDate ? startDate : monthStart;
    const to = monthEnd > endDate ? endDate : monthEnd;
    const full = from === monthStart && to === monthEnd;
    dues.push({
      kind: "rent",
      dueDate: from,
      periodStart: from,
      periodEnd: to,
      amount: full
        ? monthlyRent
        : mulDivRound(monthlyRent, dayCount(from, to), dayCount(monthStart, monthEnd)),
    });
  }
  return dues;
}

export type DueState = "paid" | "overdue" | "due-today" | "upcoming";

/** A due is paid once its payments reach its amount, and overdue from the day after its date. */
export function dueState(due: { dueDate: string; amount: number }, paid: number, today: string) {
  if (paid >= due.amount) return "paid" satisfies DueState;
  if (due.dueDate < today) return "overdue" satisfies DueState;
  if (due.dueDate === today) return "due-today" satisfies DueState;
  return "upcoming" satisfies DueState;
}

/**
 * Days after the end by which the deposit goes back: 7, or 14 when repairs are itemised
 * (Thailand's 2025 consumer-protection notice on residential leases).
 */
export const DEPOSIT_RETURN_DAYS = 7;
export const DEPOSIT_RETURN_DAYS_WITH_REPAIRS = 14;

/** The last day to return the deposit of a lease that ended (first free day) on `endedOn`. */
export function depositReturnDeadline(endedOn: string, hasRepairs: boolean): string {
  return plusDays(endedOn, hasRepairs ? DEPOSIT_RETURN_DAYS_WITH_REPAIRS : DEPOSIT_RETURN_DAYS);
}

/** Which status each status may move to. */
export const LEASE_TRANSITIONS: Record<LeaseStatus, readonly LeaseStatus[]> = {
  draft: ["signed", "cancelled"],
  signed: ["active", "cancelled"],
  active: ["ended"],
  ended: [],
  cancelled: [],
};

export function canMove(from: LeaseStatus, to: LeaseStatus): boolean {
  return LEASE_TRANSITIONS[from].includes(to);
}

/** Statuses whose lease holds the unit's calendar. */
export function holdsCalendar(status: LeaseStatus): boolean {
  return status === "signed" || status === "active";
}

/** A TM30 report is due within 24 hours. */
export const TM30_HOURS = 24;

/** Thai citizens need no TM30 report. */
export function needsTm30(nationality: string | null): boolean {
  const n = (nationality ?? "").trim().toLowerCase();
  return !["thai", "thailand", "th", "tha"].includes(n);
}

/** A passport number as lists show it: only its last three characters. */
export function maskPassport(passport: string | null): string {
  if (!passport) return "";
  return `${"•".repeat(Math.max(0, Math.min(passport.length - 3, 6)))}${passport.slice(-3)}`;
}

/** An e-mail address as lists show it: first letter and domain. */
export function maskEmail(email: string | null): string {
  if (!email) return "";
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

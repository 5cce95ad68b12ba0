/**
 * Owners' money: the ledger's vocabulary and the two programs' arithmetic, pure.
 *
 * Every amount is an integer number of whole baht (the unit of the leases, the repair tickets and
 * the programs' figures). Rounding happens at named steps only, half away from zero, and every
 * split is done by subtraction so that its parts add up to the whole exactly. The programs'
 * figures (7% a year, 5 years, 70 : 30) come from owner-programs.ts, never written here again.
 * Days are ISO dates (`YYYY-MM-DD`); a period's end is exclusive.
 */
import { dayCount, plusMonths } from "./date-time.ts";
import {
  projectRoi,
  REVENUE_SHARE_OWNER_PERCENT,
  ROI_PAYOUTS_PER_YEAR,
  ROI_PROJECTION_YEARS,
  ROI_RATE_PERCENT,
} from "./owner-programs.ts";
import { FULL_SHARE_PERCENT } from "./owners.ts";

/** Where a short stay was booked; the channel takes its commission from the stay's price. */
export const STAY_CHANNELS = ["airbnb", "booking", "agoda", "expedia", "direct", "other"] as const;
export type StayChannel = (typeof STAY_CHANNELS)[number];

export const EXPENSE_CATEGORIES = [
  "cleaning",
  "utilities",
  "maintenance",
  "supplies",
  "insurance",
  "common-fees",
  "tax",
  "other",
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/**
 * Who bears an expense. `owner`: it is paid from the rental (revenue share: deducted before the
 * split; guaranteed: deducted from the owner's return). `company`: the company pays it; it never
 * reaches the owner's figures.
 */
export const EXPENSE_BEARERS = ["owner", "company"] as const;
export type ExpenseBearer = (typeof EXPENSE_BEARERS)[number];

/** A statement's life: the desk approves and publishes a draft, then records the payout. */
export const STATEMENT_STATUSES = ["draft", "approved", "published", "paid"] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** What a statement line is; the first four name a source in the ledger. */
export const STATEMENT_LINE_KINDS = [
  "rent",
  "stay",
  "commission",
  "expense",
  "repair",
  "guaranteed-return",
  "management-fee",
] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/** Where a line came from, so that every line opens its source. */
export const LINE_SOURCE_KINDS = ["lease-payment", "stay", "expense", "repair-ticket"] as const;
export type LineSourceKind = (typeof LINE_SOURCE_KINDS)[number];

/** How the company paid an owner. */
export const PAYOUT_METHODS = ["bank-transfer", "promptpay", "cash", "wise", "other"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/**
 * Withholding tax on rent paid to owners, in basis points (1/100 of a percent), chosen per owner:
 * 5% for Thai tax residents, 15% for non-residents. Another rate may be set per owner.
 */
export const WITHHOLDING_DEFAULTS_BP = { resident: 500, "non-resident": 1500 } as const;
export const WITHHOLDING_BASES = ["resident", "non-resident", "custom"] as const;
export type WithholdingBasis = (typeof WITHHOLDING_BASES)[number];
export const MAX_WITHHOLDING_BP = 10_000;

/** The largest single amount a ledger line may hold (a billion baht); keeps sums exact. */
export const MAX_LINE_BAHT = 1_000_000_000;

/** `numerator / denominator` rounded half away from zero; integers in, integer out. */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError("divideRounded takes safe integers and a positive denominator");
  }
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const q = Math.floor(n / denominator);
  const r = n - q * denominator;
  return sign * (2 * r >= denominator ? q + 1 : q) || 0;
}

// ── Periods ─────────────────────────────────────────────────────────────────────────────────

export interface Period {
  /** First day. */
  start: string;
  /** First day after. */
  end: string;
}

/** The calendar month holding `day`. */
export function monthOf(day: string): Period {
  const start = `${day.slice(0, 7)}-01`;
  return { start, end: plusMonths(start, 1) };
}

/** The calendar quarter (Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec) holding `day`. */
export function quarterOf(day: string): Period {
  const month = Number(day.slice(5, 7));
  const first = month - ((month - 1) % 3);
  const start = `${day.slice(0, 4)}-${String(first).padStart(2, "0")}-01`;
  return { start, end: plusMonths(start, 3) };
}

/** The days two periods share (0 when they do not meet). */
export function overlapDays(a: Period, b: Period): number {
  const start = a.start > b.start ? a.start : b.start;
  const end = a.end < b.end ? a.end : b.end;
  return end > start ? dayCount(start, end) : 0;
}

// ── Guaranteed return ───────────────────────────────────────────────────────────────────────

/** The guaranteed program's term: from the start date for five years (the end exclusive). */
export function guaranteedTerm(startDate: string): Period {
  return { start: startDate, end: plusMonths(startDate, 12 * ROI_PROJECTION_YEARS) };
}

export interface GuaranteedQuarter {
  quarter: Period;
  /** Days of the quarter inside the term. */
  days: number;
  quarterDays: number;
  /** The full quarter's return (1.75% of the value, as the site's projection rounds it). */
  fullQuarter: number;
  /** The return for the days covered: the full quarter's, prorated by days, in whole baht. */
  amount: number;
}

/**
 * The guaranteed return owed for the calendar quarter holding `day`: 7% of the property value a
 * year is 1.75% a quarter; a quarter the five-year term covers only in part is prorated by days
 * (days covered ÷ days of the quarter). Zero outside the term.
 */
export function guaranteedQuarter(
  propertyValue: number,
  startDate: string,
  day: string,
): GuaranteedQuarter {
  const quarter = quarterOf(day);
  const quarterDays = dayCount(quarter.start, quarter.end);
  const days = overlapDays(quarter, guaranteedTerm(startDate));
  const fullQuarter = projectRoi(propertyValue)?.quarterly ?? 0;
  const amount =
    days === quarterDays ? fullQuarter : divideRounded(fullQuarter * days, quarterDays);
  return { quarter, days, quarterDays, fullQuarter, amount };
}

/** The quarters (their first days) the term touches, in order: 20 or 21 of them. */
export function guaranteedQuarterStarts(startDate: string): string[] {
  const term = guaranteedTerm(startDate);
  const starts: string[] = [];
  for (let q = quarterOf(term.start).start; q < term.end; q = plusMonths(q, 3)) starts.push(q);
  return starts;
}

// ── Splits ──────────────────────────────────────────────────────────────────────────────────

/** The revenue-share split of a net amount: the owner's 70% rounded to the baht, the rest 30%. */
export function revenueShareSplit(net: number): { owner: number; company: number } {
  const owner = divideRounded(net * REVENUE_SHARE_OWNER_PERCENT, 100);
  return { owner, company: net - owner };
}

export interface OwnerShare {
  ownerId: number;
  /** Whole percent; a unit's shares add up to 100. */
  percent: number;
}

/**
 * The owners' part split by their shares, to the baht: each gets its share rounded toward zero,
 * and what rounding left over goes to the largest share (the lowest owner id among equals), so
 * the parts always add up to the whole. Throws when the shares do not add up to 100.
 */
export function splitByShares(total: number, shares: readonly OwnerShare[]): Map<number, number> {
  if (!Number.isSafeInteger(total)) throw new RangeError("the total must be whole baht");
  const sum = shares.reduce((s, x) => s + x.percent, 0);
  if (shares.length === 0 || sum !== FULL_SHARE_PERCENT || shares.some((s) => s.percent <= 0)) {
    throw new RangeError("a unit's shares must be positive and add up to 100");
  }
  const sign = total < 0 ? -1 : 1;
  const whole = Math.abs(total);
  const parts = new Map<number, number>();
  let given = 0;
  let largest = shares[0] as OwnerShare;
  for (const s of shares) {
    const part = Math.floor((whole * s.percent) / FULL_SHARE_PERCENT);
    parts.set(s.ownerId, part);
    given += part;
    if (
      s.percent > largest.percent ||
      (s.percent === largest.percent && s.ownerId < largest.ownerId)
    ) {
      largest = s;
    }
  }
  parts.set(largest.ownerId, (parts.get(largest.ownerId) ?? 0) + whole - given);
  if (sign < 0) for (const [id, v] of parts) parts.set(id, -v || 0);
  return parts;
}

/** Withholding tax on an amount paid, rounded to the baht; nothing on zero or a loss. */
export function withholdingOn(amount: number, rateBp: number): number {
  if (amount <= 0 || rateBp <= 0) return 0;
  return divideRounded(amount * rateBp, 10_000);
}

// ── Statements ──────────────────────────────────────────────────────────────────────────────

/** The ledger lines one statement period reads; amounts positive, whole baht. */
export interface LedgerInput {
  rents: readonly { amount: number }[];
  stays: readonly { gross: number; commission: number }[];
  /** Owner-borne expenses and repair costs only (company-borne ones never reach the owner). */
  ownerExpenses: readonly { amount: number }[];
}

export interface StatementTotals {
  gross: number;
  commissions: number;
  expenses: number;
  net: number;
  ownerShare: number;
  companyShare: number;
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * Revenue share for one month: net = income − channel commissions − expenses borne by the
 * rental; the owners get 70% of net, the company 30%.
 */
export function revenueShareTotals(ledger: LedgerInput): StatementTotals {
  const gross = sum(ledger.rents.map((r) => r.amount)) + sum(ledger.stays.map((s) => s.gross));
  const commissions = sum(ledger.stays.map((s) => s.commission));
  const expenses = sum(ledger.ownerExpenses.map((e) => e.amount));
  const net = gross - commissions - expenses;
  const split = revenueShareSplit(net);
  return {
    gross,
    commissions,
    expenses,
    net,
    ownerShare: split.owner,
    companyShare: split.company,
  };
}

/**
 * Guaranteed return for one quarter: the return for the days of the term, less the expenses the
 * owner bears; the rent and stays of the unit are the company's and are not on it.
 */
export function guaranteedTotals(
  guaranteed: number,
  ownerExpenses: readonly { amount: number }[],
): StatementTotals {
  const expenses = sum(ownerExpenses.map((e) => e.amount));
  const net = guaranteed - expenses;
  return { gross: guaranteed, commissions: 0, expenses, net, ownerShare: net, companyShare: 0 };
}

export interface OwnerPart {
  ownerId: number;
  percent: number;
  /** The owner's part of the owners' share. */
  amount: number;
  withholdingBp: number;
  withholding: number;
  /** What is paid to the owner: the part less withholding (negative: the owner owes it). */
  payout: number;
}

/** The owners' share split among co-owners, each with their own withholding and payout. */
export function ownerParts(
  ownerShare: number,
  shares: readonly (OwnerShare & { withholdingBp: number })[],
): OwnerPart[] {
  const split = splitByShares(ownerShare, shares);
  return shares.map((s) => {
    const amount = split.get(s.ownerId) ?? 0;
    const withholding = withholdingOn(amount, s.withholdingBp);
    return {
      ownerId: s.ownerId,
      percent: s.percent,
      amount,
      withholdingBp: s.withholdingBp,
      withholding,
      payout: amount - withholding,
    };
  });
}

/** The program's rate, shown on statements: "7% a year" / "1.75% a quarter". */
export const GUARANTEED_QUARTER_PERCENT = ROI_RATE_PERCENT / ROI_PAYOUTS_PER_YEAR;

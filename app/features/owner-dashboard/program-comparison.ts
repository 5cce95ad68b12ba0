/**
 * "What the other program would have paid": for one unit over the dashboard's window, the owner
 * part under the guaranteed return and under the revenue share, from the programs' arithmetic in
 * app/domain/owner-money.ts (the one place statements compute them too).
 */
import {
  divideRounded,
  guaranteedQuarter,
  guaranteedTerm,
  guaranteedTotals,
  type LedgerInput,
  overlapDays,
  quarterOf,
  revenueShareSplit,
  revenueShareTotals,
} from "../../domain/owner-money.ts";
import type { OwnerProgramKind } from "../../domain/owners.ts";
import type { Period, ProgramComparison } from "./dashboard-figures.ts";

/**
 * The guaranteed return for the days of `period` inside the program's term (five years from
 * `programStart`; for a unit on the other program, a term taken to start with the period):
 * each calendar quarter's payment as statements compute it, and a quarter the period covers only
 * in part prorated by its days in the period, the same way a statement prorates a partial quarter.
 */
export function guaranteedReturnFor(
  propertyValueBaht: number,
  period: Period,
  programStart: string | null,
): number {
  const start = programStart ?? period.start;
  const term = guaranteedTerm(start);
  const from = period.start > term.start ? period.start : term.start;
  const to = period.end < term.end ? period.end : term.end;
  if (to <= from) return 0;
  let total = 0;
  for (let q = quarterOf(from); q.start < to; q = quarterOf(q.end)) {
    const owed = guaranteedQuarter(propertyValueBaht, start, q.start);
    const days = overlapDays(q, { start: from, end: to });
    total +=
      days === owed.days ? owed.amount : divideRounded(owed.fullQuarter * days, owed.quarterDays);
  }
  return total;
}

/**
 * The owner part of net revenue under the revenue share, whole baht (the company has the rest);
 * a loss is shared the same way, as a statement shares it.
 */
export function revenueShareOwnerPart(netRevenueBaht: number): number {
  return revenueShareSplit(netRevenueBaht).owner;
}

/**
 * Both programs' owner parts for one unit over `period`, its own program's first, from the
 * unit's ledger of the period, as statements compute them: the guaranteed return less the
 * expenses the owner bears; the revenue share's 70% of income less commissions and those
 * expenses.
 */
export function compareProgramsFor(unit: {
  unitName: string;
  program: OwnerProgramKind;
  propertyValueBaht: number | null;
  programStart: string | null;
  ledger: LedgerInput;
  period: Period;
}): ProgramComparison {
  const shared = revenueShareTotals(unit.ledger);
  const guaranteed =
    unit.propertyValueBaht && unit.propertyValueBaht > 0
      ? guaranteedTotals(
          guaranteedReturnFor(
            unit.propertyValueBaht,
            unit.period,
            unit.program === "guaranteed" ? unit.programStart : null,
          ),
          unit.ledger.ownerExpenses,
        ).ownerShare
      : null;
  const own = unit.program === "guaranteed" ? guaranteed : shared.ownerShare;
  const other = unit.program === "guaranteed" ? shared.ownerShare : guaranteed;
  return {
    unitName: unit.unitName,
    program: unit.program,
    actualBaht: own,
    otherBaht: other,
    missing: guaranteed === null ? "property-value" : null,
    netRevenueBaht: shared.net,
    expensesBaht: shared.expenses,
    propertyValueBaht: unit.propertyValueBaht,
  };
}

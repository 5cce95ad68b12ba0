/**
 * "What the other program would have paid": for one unit over the dashboard's window, the owner
 * part under the guaranteed return and under the revenue share, from the programs' arithmetic in
 * app/domain/owner-money.ts (the one place statements compute them too).
 */
import {
  divideRounded,
  guaranteedQuarter,
  guaranteedTerm,
  overlapDays,
  quarterOf,
  revenueShareSplit,
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

/** Both programs' owner parts for one unit over `period`, its own program's first. */
export function compareProgramsFor(unit: {
  unitName: string;
  program: OwnerProgramKind;
  propertyValueBaht: number | null;
  programStart: string | null;
  netRevenueBaht: number;
  period: Period;
}): ProgramComparison {
  const guaranteed =
    unit.propertyValueBaht && unit.propertyValueBaht > 0
      ? guaranteedReturnFor(
          unit.propertyValueBaht,
          unit.period,
          unit.program === "guaranteed" ? unit.programStart : null,
        )
      : null;
  const revenueShare = revenueShareOwnerPart(unit.netRevenueBaht);
  const own = unit.program === "guaranteed" ? guaranteed : revenueShare;
  const other = unit.program === "guaranteed" ? revenueShare : guaranteed;
  return {
    unitName: unit.unitName,
    program: unit.program,
    actualBaht: own,
    otherBaht: other,
    missing: guaranteed === null ? "property-value" : null,
    netRevenueBaht: unit.netRevenueBaht,
    propertyValueBaht: unit.propertyValueBaht,
  };
}

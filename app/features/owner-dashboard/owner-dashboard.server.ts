/**
 * The dashboard's figures for one owner: their units only (every query starts from the owner's
 * id joined to unit_owners), nights from the calendar's stays, income from the rent received on
 * the units' leases.
 */
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  leaseDues,
  leasePayments,
  leases,
  ownerStatementParts,
  ownerStatements,
  properties,
  stays,
  unitOwners,
  unitPrograms,
} from "../../db/schema.ts";
import { businessToday } from "../../domain/date-time.ts";
import {
  addUnits,
  type DashboardData,
  type DashboardUnit,
  dashboardTotals,
  dashboardWindow,
  lastDayOf,
  type MonthFigures,
  monthFigures,
  previousYearWindow,
} from "./dashboard-figures.ts";
import { compareProgramsFor } from "./program-comparison.ts";

export interface OwnerDashboardView {
  units: DashboardUnit[];
  /** The unit shown, or null for all of them. */
  unitId: number | null;
  data: DashboardData;
}

/**
 * The dashboard of `ownerId` for all their units, or for `unitId` alone. Null when `unitId` is
 * not one of theirs (the caller answers 404, as for an unknown unit).
 */
export async function loadOwnerDashboard(
  db: AppDatabase,
  ownerId: number,
  unitId: number | null,
  now: Date = new Date(),
): Promise<OwnerDashboardView | null> {
  const owned = await db
    .select({
      id: properties.id,
      name: properties.name,
      program: unitPrograms.kind,
      propertyValueBaht: unitPrograms.propertyValueBaht,
      programStart: unitPrograms.startDate,
    })
    .from(unitOwners)
    .innerJoin(properties, eq(properties.id, unitOwners.propertyId))
    .leftJoin(unitPrograms, eq(unitPrograms.propertyId, unitOwners.propertyId))
    .where(eq(unitOwners.ownerId, ownerId))
    .orderBy(asc(properties.name), asc(properties.id));
  if (unitId !== null && !owned.some((u) => u.id === unitId)) return null;
  const shown = unitId === null ? owned : owned.filter((u) => u.id === unitId);
  const ids = shown.map((u) => u.id);

  const today = businessToday(now);
  const window = dashboardWindow(today);
  const before = previousYearWindow(window);
  const stayRows =
    ids.length === 0
      ? []
      : await db
          .select({
            propertyId: stays.propertyId,
            kind: stays.kind,
            start: stays.startDate,
            end: stays.endDate,
          })
          .from(stays)
          .where(
            and(
              inArray(stays.propertyId, ids),
              gt(stays.endDate, before.start),
              lt(stays.startDate, window.end),
            ),
          );
  // Rent received: payments on the units' leases, deposits left out (they are the tenant's).
  const paymentRows =
    ids.length === 0
      ? []
      : await db
          .select({
            propertyId: leases.propertyId,
            day: leasePayments.paidOn,
            amountBaht: leasePayments.amount,
          })
          .from(leasePayments)
          .innerJoin(leases, eq(leases.id, leasePayments.leaseId))
          .leftJoin(leaseDues, eq(leaseDues.id, leasePayments.dueId))
          .where(
            and(
              inArray(leases.propertyId, ids),
              gte(leasePayments.paidOn, before.start),
              lt(leasePayments.paidOn, window.end),
              or(isNull(leaseDues.id), ne(leaseDues.kind, "deposit")),
            ),
          );

  const perUnit = shown.map((unit) => {
    const unitStays = stayRows.filter((s) => s.propertyId === unit.id);
    const income = paymentRows.filter((p) => p.propertyId === unit.id);
    const months = monthFigures(window, unitStays, income);
    const previousMonths = monthFigures(before, unitStays, income);
    return { unit, months, previousMonths };
  });
  const months: MonthFigures[] =
    perUnit.length > 0 ? addUnits(perUnit.map((u) => u.months)) : monthFigures(window, [], []);
  const previousMonths: MonthFigures[] =
    perUnit.length > 0
      ? addUnits(perUnit.map((u) => u.previousMonths))
      : monthFigures(before, [], []);
  const comparisons = perUnit.flatMap(({ unit, months: unitMonths }) =>
    unit.program
      ? [
          compareProgramsFor({
            unitName: unit.name,
            program: unit.program,
            propertyValueBaht: unit.propertyValueBaht,
            programStart: unit.programStart,
            // No commissions or expenses are recorded yet: net revenue is the rent received.
            netRevenueBaht: unitMonths.reduce((sum, m) => sum + m.incomeBaht, 0),
            period: window,
          }),
        ]
      : [],
  );
  return {
    units: owned.map((u) => ({ id: u.id, name: u.name })),
    unitId,
    data: {
      from: window.start,
      to: lastDayOf(window),
      months,
      previousMonths,
      totals: dashboardTotals(
        months,
        previousMonths,
        await payoutsSince(db, ownerId, ids, `${today.slice(0, 4)}-01-01`, window.end),
      ),
      comparisons,
    },
  };
}

/**
 * What was paid to the owner (their own part, after withholding) for `propertyIds` with a payout
 * date in [from, to); null when nothing was paid in that time.
 */
async function payoutsSince(
  db: AppDatabase,
  ownerId: number,
  propertyIds: number[],
  from: string,
  to: string,
): Promise<number | null> {
  if (propertyIds.length === 0) return null;
  const [row] = await db
    .select({
      total: sql<string | number | null>`sum(${ownerStatementParts.payout})`,
    })
    .from(ownerStatementParts)
    .innerJoin(ownerStatements, eq(ownerStatements.id, ownerStatementParts.statementId))
    .where(
      and(
        eq(ownerStatementParts.ownerId, ownerId),
        inArray(ownerStatements.propertyId, propertyIds),
        isNotNull(ownerStatementParts.paidOn),
        gte(ownerStatementParts.paidOn, from),
        lt(ownerStatementParts.paidOn, to),
      ),
    );
  return row?.total === null || row?.total === undefined ? null : Number(row.total);
}

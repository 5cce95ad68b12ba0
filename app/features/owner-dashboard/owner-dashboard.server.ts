/**
 * The dashboard's figures for one owner: their units only (every query starts from the owner's
 * id joined to unit_owners), nights from the calendar's stays, income, commissions and expenses
 * from each unit's ledger as statements read it, payouts from the statements' paid parts.
 */
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  ownerStatementParts,
  ownerStatements,
  properties,
  stays,
  unitOwners,
  unitPrograms,
} from "../../db/schema.ts";
import { businessToday } from "../../domain/date-time.ts";
import { readLedger } from "../owner-statements/statements.server.ts";
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
  // The units' ledgers over both years, read as statements read them.
  const perUnit = [];
  for (const unit of shown) {
    const ledger = await readLedger(db, unit.id, { start: before.start, end: window.end });
    const unitStays = stayRows.filter((s) => s.propertyId === unit.id);
    // Income is what the unit earned: rent on the day it was paid, a stay on its check-out day.
    const income = [
      ...ledger.rents.map((r) => ({ day: r.paidOn, amountBaht: r.amount })),
      ...ledger.stays.map((s) => ({ day: s.checkOut, amountBaht: s.grossBaht })),
    ];
    const inWindow = (day: string) => day >= window.start && day < window.end;
    perUnit.push({
      unit,
      months: monthFigures(window, unitStays, income),
      previousMonths: monthFigures(before, unitStays, income),
      ledger: {
        rents: ledger.rents.filter((r) => inWindow(r.paidOn)),
        stays: ledger.stays
          .filter((s) => inWindow(s.checkOut))
          .map((s) => ({ gross: s.grossBaht, commission: s.commissionBaht })),
        ownerExpenses: [
          ...ledger.expenses
            .filter((e) => inWindow(e.spentOn))
            .map((e) => ({ amount: e.amountBaht })),
          ...ledger.repairs.filter((r) => inWindow(r.on)).map((r) => ({ amount: r.cost ?? 0 })),
        ],
      },
    });
  }
  const months: MonthFigures[] =
    perUnit.length > 0 ? addUnits(perUnit.map((u) => u.months)) : monthFigures(window, [], []);
  const previousMonths: MonthFigures[] =
    perUnit.length > 0
      ? addUnits(perUnit.map((u) => u.previousMonths))
      : monthFigures(before, [], []);
  const comparisons = perUnit.flatMap(({ unit, ledger }) =>
    unit.program
      ? [
          compareProgramsFor({
            unitName: unit.name,
            program: unit.program,
            propertyValueBaht: unit.propertyValueBaht,
            programStart: unit.programStart,
            ledger,
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

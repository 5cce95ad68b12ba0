/**
 * Owners' statements: a unit's ledger for a period read from its sources (rent payments of its
 * leases, short stays, expenses, finished repair tickets), turned into a statement by the
 * program's arithmetic (app/domain/owner-money.ts), then approved, published and paid by the
 * desk. A statement copies its lines with each source's kind and id, so once published it never
 * changes; a correction is a new version of the same unit and period, with its reason.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  currencyRates,
  leaseDues,
  leasePayments,
  leases,
  ledgerExpenses,
  ledgerStays,
  ownerStatementLines,
  ownerStatementParts,
  ownerStatements,
  owners,
  ownerWithholding,
  properties,
  repairEvents,
  repairTickets,
  unitOwners,
  unitPrograms,
} from "../../db/schema.ts";
import { DISPLAY_CURRENCIES } from "../../domain/currencies.ts";
import { BUSINESS_TIME_ZONE, dayCount, plusDays } from "../../domain/date-time.ts";
import {
  guaranteedQuarter,
  guaranteedTotals,
  type LineSourceKind,
  monthOf,
  ownerParts,
  type PayoutMethod,
  type Period,
  quarterOf,
  revenueShareTotals,
  type StatementLineKind,
  type StatementStatus,
  type StatementTotals,
} from "../../domain/owner-money.ts";
import type { OwnerProgramKind } from "../../domain/owners.ts";

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];
type Db = Tx | AppDatabase;

export class StatementError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 409,
  ) {
    super(message);
  }
}

/** One line as a statement keeps it. */
export interface LedgerLine {
  kind: StatementLineKind;
  on: string;
  label: string;
  amount: number;
  sourceKind: LineSourceKind | null;
  sourceId: number | null;
  details: Record<string, unknown>;
}

/** The period a program's statement covers, holding `day`: a month or a calendar quarter. */
export function statementPeriod(program: OwnerProgramKind, day: string): Period {
  return program === "guaranteed" ? quarterOf(day) : monthOf(day);
}

/**
 * The unit's ledger for a period, from its sources: rent received on its leases (deposits are
 * the tenant's money, not income), short stays that ended in the period with their channel's
 * commission, expenses the owner bears, and repairs finished in the period at their final cost.
 * Company-borne expenses are the company's and never reach the owner's figures.
 */
export async function readLedger(db: Db, propertyId: number, period: Period) {
  const rents = await db
    .select({
      id: leasePayments.id,
      leaseId: leasePayments.leaseId,
      paidOn: leasePayments.paidOn,
      amount: leasePayments.amount,
      periodStart: leaseDues.periodStart,
      periodEnd: leaseDues.periodEnd,
    })
    .from(leasePayments)
    .innerJoin(leases, eq(leases.id, leasePayments.leaseId))
    .leftJoin(leaseDues, eq(leaseDues.id, leasePayments.dueId))
    .where(
      and(
        eq(leases.propertyId, propertyId),
        gte(leasePayments.paidOn, period.start),
        lt(leasePayments.paidOn, period.end),
        or(isNull(leaseDues.kind), eq(leaseDues.kind, "rent")),
      ),
    )
    .orderBy(asc(leasePayments.paidOn), asc(leasePayments.id));
  const stays = await db
    .select()
    .from(ledgerStays)
    .where(
      and(
        eq(ledgerStays.propertyId, propertyId),
        gte(ledgerStays.checkOut, period.start),
        lt(ledgerStays.checkOut, period.end),
      ),
    )
    .orderBy(asc(ledgerStays.checkOut), asc(ledgerStays.id));
  const expenses = await db
    .select()
    .from(ledgerExpenses)
    .where(
      and(
        eq(ledgerExpenses.propertyId, propertyId),
        eq(ledgerExpenses.bearer, "owner"),
        gte(ledgerExpenses.spentOn, period.start),
        lt(ledgerExpenses.spentOn, period.end),
      ),
    )
    .orderBy(asc(ledgerExpenses.spentOn), asc(ledgerExpenses.id));
  // A ticket's day is the Phuket day of its "done" event.
  const doneOn = sql<string>`to_char(${repairEvents.createdAt} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const repairs = await db
    .select({
      id: repairTickets.id,
      title: repairTickets.title,
      cost: repairTickets.finalCostBaht,
      on: doneOn,
    })
    .from(repairTickets)
    .innerJoin(
      repairEvents,
      and(eq(repairEvents.ticketId, repairTickets.id), eq(repairEvents.kind, "done")),
    )
    .where(
      and(
        eq(repairTickets.propertyId, propertyId),
        eq(repairTickets.stage, "done"),
        sql`${repairTickets.finalCostBaht} > 0`,
        sql`${doneOn} >= ${period.start} and ${doneOn} < ${period.end}`,
      ),
    )
    .orderBy(asc(repairEvents.createdAt), asc(repairTickets.id));
  return { rents, stays, expenses, repairs };
}

type Ledger = Awaited<ReturnType<typeof readLedger>>;

/** The ledger as a revenue-share statement's lines, in the order they are shown. */
function revenueShareLines(ledger: Ledger): LedgerLine[] {
  const lines: LedgerLine[] = [];
  for (const r of ledger.rents)
    lines.push({
      kind: "rent",
      on: r.paidOn,
      label: `Rent, lease #${r.leaseId}`,
      amount: r.amount,
      sourceKind: "lease-payment",
      sourceId: r.id,
      details: { leaseId: r.leaseId, periodStart: r.periodStart, periodEnd: r.periodEnd },
    });
  for (const s of ledger.stays) {
    const nights = dayCount(s.checkIn, s.checkOut);
    const details = { channel: s.channel, checkIn: s.checkIn, checkOut: s.checkOut, nights };
    lines.push({
      kind: "stay",
      on: s.checkOut,
      label: `Stay ${s.checkIn} – ${s.checkOut} (${nights} nights), ${s.channel}`,
      amount: s.grossBaht,
      sourceKind: "stay",
      sourceId: s.id,
      details,
    });
    if (s.commissionBaht > 0)
      lines.push({
        kind: "commission",
        on: s.checkOut,
        label: `Commission, ${s.channel}`,
        amount: s.commissionBaht,
        sourceKind: "stay",
        sourceId: s.id,
        details,
      });
  }
  lines.push(...expenseLines(ledger));
  return lines;
}

function expenseLines(ledger: Ledger): LedgerLine[] {
  const lines: LedgerLine[] = [];
  for (const e of ledger.expenses)
    lines.push({
      kind: "expense",
      on: e.spentOn,
      label: `${e.category}: ${e.vendor}`,
      amount: e.amountBaht,
      sourceKind: "expense",
      sourceId: e.id,
      details: { category: e.category, vendor: e.vendor, receipt: e.receiptKey !== null },
    });
  for (const r of ledger.repairs)
    lines.push({
      kind: "repair",
      on: r.on,
      label: `Repair #${r.id}: ${r.title}`,
      amount: r.cost ?? 0,
      sourceKind: "repair-ticket",
      sourceId: r.id,
      details: {},
    });
  return lines;
}

interface Computed {
  program: OwnerProgramKind;
  period: Period;
  lines: LedgerLine[];
  totals: StatementTotals;
  details: Record<string, unknown>;
}

/** A unit's statement for the period holding `day`, computed from its ledger (nothing stored). */
export async function computeStatement(db: Db, propertyId: number, day: string): Promise<Computed> {
  const [program] = await db
    .select()
    .from(unitPrograms)
    .where(eq(unitPrograms.propertyId, propertyId));
  if (!program) throw new StatementError("This unit is in no program.", 400);
  const period = statementPeriod(program.kind, day);
  const ledger = await readLedger(db, propertyId, period);
  if (program.kind === "revenue-share") {
    const lines = revenueShareLines(ledger);
    const totals = revenueShareTotals({
      rents: ledger.rents,
      stays: ledger.stays.map((s) => ({ gross: s.grossBaht, commission: s.commissionBaht })),
      ownerExpenses: lines.filter((l) => l.kind === "expense" || l.kind === "repair"),
    });
    if (totals.companyShare !== 0)
      lines.push({
        kind: "management-fee",
        // Dated the period's last day (its end is exclusive: the next period's first day).
        on: plusDays(period.end, -1),
        label: "Management fee (company's share)",
        amount: Math.abs(totals.companyShare),
        sourceKind: null,
        sourceId: null,
        details: {},
      });
    return { program: program.kind, period, lines, totals, details: {} };
  }
  const value = program.propertyValueBaht ?? 0;
  const start = program.startDate ?? period.start;
  const q = guaranteedQuarter(value, start, period.start);
  const expenses = expenseLines(ledger);
  const lines: LedgerLine[] = [];
  if (q.amount > 0)
    lines.push({
      kind: "guaranteed-return",
      on: period.start,
      label:
        q.days === q.quarterDays
          ? "Guaranteed return, 1.75% of the property value"
          : `Guaranteed return, 1.75% of the property value for ${q.days} of ${q.quarterDays} days`,
      amount: q.amount,
      sourceKind: null,
      sourceId: null,
      details: { propertyValue: value, startDate: start, days: q.days, quarterDays: q.quarterDays },
    });
  lines.push(...expenses);
  return {
    program: program.kind,
    period,
    lines,
    totals: guaranteedTotals(q.amount, expenses),
    details: {
      propertyValue: value,
      startDate: start,
      days: q.days,
      quarterDays: q.quarterDays,
      fullQuarter: q.fullQuarter,
    },
  };
}

/** The unit's owners with their shares and withholding rates, as they are now. */
async function currentShares(db: Db, propertyId: number) {
  return db
    .select({
      ownerId: unitOwners.ownerId,
      percent: unitOwners.sharePercent,
      withholdingBp: sql<number>`coalesce(${ownerWithholding.rateBp}, 0)`.mapWith(Number),
    })
    .from(unitOwners)
    .leftJoin(ownerWithholding, eq(ownerWithholding.ownerId, unitOwners.ownerId))
    .where(eq(unitOwners.propertyId, propertyId))
    .orderBy(asc(unitOwners.ownerId));
}

/** Stores a computed statement with its lines and owners' parts; answers its id. */
export async function insertStatement(
  tx: Tx,
  propertyId: number,
  computed: Computed,
  version: { version: number; supersedesId: number | null; reason: string | null },
  adminId: number | null,
): Promise<number> {
  const shares = await currentShares(tx, propertyId);
  if (shares.length === 0) throw new StatementError("This unit has no owners.", 400);
  const parts = ownerParts(computed.totals.ownerShare, shares);
  const withholding = parts.reduce((s, p) => s + p.withholding, 0);
  const [row] = await tx
    .insert(ownerStatements)
    .values({
      propertyId,
      program: computed.program,
      periodStart: computed.period.start,
      periodEnd: computed.period.end,
      version: version.version,
      supersedesId: version.supersedesId,
      correctionReason: version.reason,
      ...computed.totals,
      withholding,
      payout: computed.totals.ownerShare - withholding,
      details: computed.details,
      createdBy: adminId,
    })
    .returning({ id: ownerStatements.id });
  const id = row?.id as number;
  if (computed.lines.length > 0)
    await tx
      .insert(ownerStatementLines)
      .values(computed.lines.map((l, position) => ({ statementId: id, position, ...l })));
  await tx.insert(ownerStatementParts).values(
    parts.map((p) => ({
      statementId: id,
      ownerId: p.ownerId,
      sharePercent: p.percent,
      amount: p.amount,
      withholdingBp: p.withholdingBp,
      withholding: p.withholding,
      payout: p.payout,
    })),
  );
  return id;
}

/** Takes the unit's program row lock, so two generations of one unit wait for each other. */
async function lockUnit(tx: Tx, propertyId: number) {
  await tx
    .select({ id: unitPrograms.propertyId })
    .from(unitPrograms)
    .where(eq(unitPrograms.propertyId, propertyId))
    .for("update");
}

/**
 * The draft statement of a unit for the period holding `day`, made (or made again) from the
 * ledger as it is now. A period already published is not drafted again: it takes a correction.
 * An approved one must be sent back to draft first. Answers the draft's id.
 */
export async function generateDraft(
  db: AppDatabase,
  propertyId: number,
  day: string,
  adminId: number | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockUnit(tx, propertyId);
    const computed = await computeStatement(tx, propertyId, day);
    const versions = await tx
      .select({ id: ownerStatements.id, status: ownerStatements.status })
      .from(ownerStatements)
      .where(
        and(
          eq(ownerStatements.propertyId, propertyId),
          eq(ownerStatements.periodStart, computed.period.start),
        ),
      );
    if (versions.some((v) => v.status === "published" || v.status === "paid"))
      throw new StatementError("This period is published; correct it with a new version.");
    if (versions.some((v) => v.status === "approved"))
      throw new StatementError("This period's statement is approved; send it back to draft first.");
    for (const v of versions) await tx.delete(ownerStatements).where(eq(ownerStatements.id, v.id));
    return insertStatement(
      tx,
      propertyId,
      computed,
      { version: 1, supersedesId: null, reason: null },
      adminId,
    );
  });
}

/**
 * Drafts for every unit in a program with owners: the month holding `day` for revenue share,
 * the quarter holding it for guaranteed units (inside their term). Units whose period is already
 * approved or published are left as they are. Answers the ids made and the units skipped.
 */
export async function generateDrafts(db: AppDatabase, day: string, adminId: number | null) {
  const units = await db
    .selectDistinct({ id: unitPrograms.propertyId, kind: unitPrograms.kind })
    .from(unitPrograms)
    .innerJoin(unitOwners, eq(unitOwners.propertyId, unitPrograms.propertyId))
    .orderBy(asc(unitPrograms.propertyId));
  const made: number[] = [];
  const skipped: { propertyId: number; reason: string }[] = [];
  for (const unit of units) {
    try {
      const computed = await computeStatement(db, unit.id, day);
      if (
        computed.program === "guaranteed" &&
        computed.totals.gross === 0 &&
        computed.lines.length === 0
      ) {
        skipped.push({ propertyId: unit.id, reason: "outside the guaranteed term" });
        continue;
      }
      made.push(await generateDraft(db, unit.id, day, adminId));
    } catch (error) {
      if (!(error instanceof StatementError)) throw error;
      skipped.push({ propertyId: unit.id, reason: error.message });
    }
  }
  return { made, skipped };
}

/** Moves a statement from one status to the next; 409 when it moved meanwhile. */
async function step(
  tx: Db,
  id: number,
  from: StatementStatus,
  to: StatementStatus,
  set: Partial<typeof ownerStatements.$inferInsert>,
) {
  const rows = await tx
    .update(ownerStatements)
    .set({ status: to, ...set })
    .where(and(eq(ownerStatements.id, id), eq(ownerStatements.status, from)))
    .returning({ id: ownerStatements.id, propertyId: ownerStatements.propertyId });
  if (rows.length === 0) throw new StatementError(`Only a ${from} statement can be ${to}.`);
  return rows[0] as { id: number; propertyId: number };
}

export function approveStatement(db: AppDatabase, id: number, adminId: number | null) {
  return step(db, id, "draft", "approved", { approvedAt: new Date(), approvedBy: adminId });
}

export function returnToDraft(db: AppDatabase, id: number) {
  return step(db, id, "approved", "draft", { approvedAt: null, approvedBy: null });
}

/** The display currencies' rates in force on `day` (the admin's rates), as publication fixes them. */
export async function ratesOn(db: Db, day: string) {
  const rows = await db
    .selectDistinctOn([currencyRates.currency], {
      currency: currencyRates.currency,
      thbPerUnit: currencyRates.thbPerUnit,
      appliesFrom: currencyRates.appliesFrom,
    })
    .from(currencyRates)
    .where(
      and(
        inArray(currencyRates.currency, [...DISPLAY_CURRENCIES]),
        lte(currencyRates.appliesFrom, day),
      ),
    )
    .orderBy(asc(currencyRates.currency), desc(currencyRates.appliesFrom));
  return Object.fromEntries(
    rows.map((r) => [r.currency, { thbPerUnit: r.thbPerUnit, appliesFrom: r.appliesFrom }]),
  );
}

/**
 * Publishes an approved statement: its figures are final from now on, the currency rates of the
 * day are fixed on it, and `onPublished` (the owners' alerts) runs in the same transaction.
 */
export async function publishStatement(
  db: AppDatabase,
  id: number,
  adminId: number | null,
  today: string,
  onPublished?: (tx: Tx, statement: { id: number; propertyId: number }) => Promise<unknown>,
) {
  return db.transaction(async (tx) => {
    const rates = await ratesOn(tx, today);
    const row = await step(tx, id, "approved", "published", {
      publishedAt: new Date(),
      publishedBy: adminId,
      rates,
    });
    await onPublished?.(tx, row);
    return row;
  });
}

export interface PayoutInput {
  ownerId: number;
  paidOn: string;
  method: PayoutMethod;
  reference: string;
}

/**
 * Records one owner's payout of a published statement (date, method, reference). Once every
 * owner's part is paid the statement is paid. A payout is recorded once.
 */
export async function recordPayout(
  db: AppDatabase,
  id: number,
  input: PayoutInput,
  adminId: number | null,
) {
  return db.transaction(async (tx) => {
    const [statement] = await tx
      .select({ status: ownerStatements.status })
      .from(ownerStatements)
      .where(eq(ownerStatements.id, id))
      .for("update");
    if (!statement) throw new StatementError("No such statement.", 404);
    if (statement.status !== "published")
      throw new StatementError("Only a published statement is paid.");
    const updated = await tx
      .update(ownerStatementParts)
      .set({
        paidOn: input.paidOn,
        payoutMethod: input.method,
        payoutReference: input.reference,
        paidRecordedBy: adminId,
      })
      .where(
        and(
          eq(ownerStatementParts.statementId, id),
          eq(ownerStatementParts.ownerId, input.ownerId),
          isNull(ownerStatementParts.paidOn),
        ),
      )
      .returning({ ownerId: ownerStatementParts.ownerId });
    if (updated.length === 0)
      throw new StatementError("That owner's payout is recorded already, or they have no part.");
    const [open] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ownerStatementParts)
      .where(and(eq(ownerStatementParts.statementId, id), isNull(ownerStatementParts.paidOn)));
    if ((open?.n ?? 0) === 0) await step(tx, id, "published", "paid", { paidAt: new Date() });
  });
}

/**
 * A correction of a published (or paid) statement: a new draft version of the same unit and
 * period, made from the ledger as it is now, with the reason. The published version stays as it
 * was; the new one shows the difference once it is loaded. Answers the new version's id.
 */
export async function correctStatement(
  db: AppDatabase,
  id: number,
  reason: string,
  adminId: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(ownerStatements).where(eq(ownerStatements.id, id));
    if (!old) throw new StatementError("No such statement.", 404);
    await lockUnit(tx, old.propertyId);
    if (old.status !== "published" && old.status !== "paid")
      throw new StatementError(
        "Only a published statement is corrected; change the draft instead.",
      );
    const [latest] = await tx
      .select({ version: ownerStatements.version, status: ownerStatements.status })
      .from(ownerStatements)
      .where(
        and(
          eq(ownerStatements.propertyId, old.propertyId),
          eq(ownerStatements.periodStart, old.periodStart),
        ),
      )
      .orderBy(desc(ownerStatements.version))
      .limit(1);
    if (!latest || latest.version !== old.version)
      throw new StatementError("A newer version of this statement exists; correct that one.");
    const computed = await computeStatement(tx, old.propertyId, old.periodStart);
    return insertStatement(
      tx,
      old.propertyId,
      computed,
      { version: old.version + 1, supersedesId: old.id, reason },
      adminId,
    );
  });
}

/** Deletes a draft (an approved statement is sent back to draft first). */
export async function deleteDraft(db: AppDatabase, id: number) {
  const rows = await db
    .delete(ownerStatements)
    .where(and(eq(ownerStatements.id, id), eq(ownerStatements.status, "draft")))
    .returning({ id: ownerStatements.id });
  if (rows.length === 0) throw new StatementError("Only a draft can be deleted.");
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

const statementColumns = {
  id: ownerStatements.id,
  propertyId: ownerStatements.propertyId,
  unitName: properties.name,
  program: ownerStatements.program,
  periodStart: ownerStatements.periodStart,
  periodEnd: ownerStatements.periodEnd,
  version: ownerStatements.version,
  supersedesId: ownerStatements.supersedesId,
  correctionReason: ownerStatements.correctionReason,
  status: ownerStatements.status,
  gross: ownerStatements.gross,
  commissions: ownerStatements.commissions,
  expenses: ownerStatements.expenses,
  net: ownerStatements.net,
  ownerShare: ownerStatements.ownerShare,
  companyShare: ownerStatements.companyShare,
  withholding: ownerStatements.withholding,
  payout: ownerStatements.payout,
  details: ownerStatements.details,
  rates: ownerStatements.rates,
  createdAt: ownerStatements.createdAt,
  approvedAt: ownerStatements.approvedAt,
  publishedAt: ownerStatements.publishedAt,
  paidAt: ownerStatements.paidAt,
};

export type StatementSummary = Awaited<ReturnType<typeof listStatements>>[number];

/** The desk's list: the statements closing in a month (see loadMonthStatements), or all. */
export async function listStatements(db: Db, range?: Period) {
  return db
    .select(statementColumns)
    .from(ownerStatements)
    .innerJoin(properties, eq(properties.id, ownerStatements.propertyId))
    .where(
      range
        ? and(
            sql`${ownerStatements.periodEnd} > ${range.start}`,
            lte(ownerStatements.periodEnd, range.end),
          )
        : undefined,
    )
    .orderBy(
      desc(ownerStatements.periodStart),
      asc(properties.name),
      desc(ownerStatements.version),
    );
}

export type StatementPart = Awaited<ReturnType<typeof partsOf>>[number];

async function partsOf(db: Db, id: number) {
  return db
    .select({
      ownerId: ownerStatementParts.ownerId,
      ownerName: owners.name,
      sharePercent: ownerStatementParts.sharePercent,
      amount: ownerStatementParts.amount,
      withholdingBp: ownerStatementParts.withholdingBp,
      withholding: ownerStatementParts.withholding,
      payout: ownerStatementParts.payout,
      paidOn: ownerStatementParts.paidOn,
      payoutMethod: ownerStatementParts.payoutMethod,
      payoutReference: ownerStatementParts.payoutReference,
    })
    .from(ownerStatementParts)
    .innerJoin(owners, eq(owners.id, ownerStatementParts.ownerId))
    .where(eq(ownerStatementParts.statementId, id))
    .orderBy(desc(ownerStatementParts.sharePercent), asc(ownerStatementParts.ownerId));
}

export type StatementLine = Awaited<ReturnType<typeof linesOf>>[number];

async function linesOf(db: Db, id: number) {
  return db
    .select({
      id: ownerStatementLines.id,
      position: ownerStatementLines.position,
      kind: ownerStatementLines.kind,
      on: ownerStatementLines.on,
      label: ownerStatementLines.label,
      amount: ownerStatementLines.amount,
      sourceKind: ownerStatementLines.sourceKind,
      sourceId: ownerStatementLines.sourceId,
      details: ownerStatementLines.details,
    })
    .from(ownerStatementLines)
    .where(eq(ownerStatementLines.statementId, id))
    .orderBy(asc(ownerStatementLines.position));
}

/** The figures a correction changed: this version less the one it replaces. */
export type StatementDifference = Record<keyof StatementTotals | "withholding" | "payout", number>;

const FIGURES = [
  "gross",
  "commissions",
  "expenses",
  "net",
  "ownerShare",
  "companyShare",
  "withholding",
  "payout",
] as const;

export type FullStatement = NonNullable<Awaited<ReturnType<typeof loadStatement>>>;

/** A statement with its lines, owners' parts, the version it replaces and the difference. */
export async function loadStatement(db: Db, id: number) {
  const [statement] = await db
    .select(statementColumns)
    .from(ownerStatements)
    .innerJoin(properties, eq(properties.id, ownerStatements.propertyId))
    .where(eq(ownerStatements.id, id));
  if (!statement) return null;
  const [lines, parts] = [await linesOf(db, id), await partsOf(db, id)];
  let previous: (typeof statement & { id: number }) | null = null;
  if (statement.supersedesId !== null) {
    const [row] = await db
      .select(statementColumns)
      .from(ownerStatements)
      .innerJoin(properties, eq(properties.id, ownerStatements.propertyId))
      .where(eq(ownerStatements.id, statement.supersedesId));
    previous = row ?? null;
  }
  const difference = previous
    ? (Object.fromEntries(
        FIGURES.map((f) => [f, statement[f] - (previous as typeof statement)[f]]),
      ) as StatementDifference)
    : null;
  const versions = await db
    .select({
      id: ownerStatements.id,
      version: ownerStatements.version,
      status: ownerStatements.status,
    })
    .from(ownerStatements)
    .where(
      and(
        eq(ownerStatements.propertyId, statement.propertyId),
        eq(ownerStatements.periodStart, statement.periodStart),
      ),
    )
    .orderBy(asc(ownerStatements.version));
  return { ...statement, lines, parts, previous, difference, versions };
}

const VISIBLE_TO_OWNERS: StatementStatus[] = ["published", "paid"];

/** An owner's statements (published or paid, where they have a part), newest period first. */
export async function listOwnerStatements(db: Db, ownerId: number) {
  return db
    .select({
      ...statementColumns,
      part: ownerStatementParts.amount,
      partPayout: ownerStatementParts.payout,
      partWithholding: ownerStatementParts.withholding,
      sharePercent: ownerStatementParts.sharePercent,
      paidOn: ownerStatementParts.paidOn,
    })
    .from(ownerStatementParts)
    .innerJoin(ownerStatements, eq(ownerStatements.id, ownerStatementParts.statementId))
    .innerJoin(properties, eq(properties.id, ownerStatements.propertyId))
    .where(
      and(
        eq(ownerStatementParts.ownerId, ownerId),
        inArray(ownerStatements.status, VISIBLE_TO_OWNERS),
      ),
    )
    .orderBy(
      desc(ownerStatements.periodStart),
      asc(properties.name),
      desc(ownerStatements.version),
    );
}

/**
 * One statement as its owner sees it, or null when it is not theirs or not published (the same
 * null as an unknown id). Other owners' parts are left out; the versions listed are those the
 * owner may open.
 */
export async function loadOwnerStatement(db: Db, ownerId: number, id: number) {
  const statement = await loadStatement(db, id);
  if (!statement || !VISIBLE_TO_OWNERS.includes(statement.status)) return null;
  const mine = statement.parts.find((p) => p.ownerId === ownerId);
  if (!mine) return null;
  return {
    ...statement,
    parts: [mine],
    coOwners: statement.parts.length - 1,
    versions: statement.versions.filter((v) => VISIBLE_TO_OWNERS.includes(v.status)),
    previous:
      statement.previous && VISIBLE_TO_OWNERS.includes(statement.previous.status)
        ? statement.previous
        : null,
  };
}

export type OwnerStatement = NonNullable<Awaited<ReturnType<typeof loadOwnerStatement>>>;

/** The expense behind a line of an owner's statement, for its receipt; null when not theirs. */
export async function ownerReceipt(db: Db, ownerId: number, statementId: number, lineId: number) {
  const statement = await loadOwnerStatement(db, ownerId, statementId);
  const line = statement?.lines.find((l) => l.id === lineId && l.sourceKind === "expense");
  if (!line?.sourceId) return null;
  return expenseReceipt(db, line.sourceId);
}

/** An expense's receipt (media key and type), or null when it has none. */
export async function expenseReceipt(db: Db, expenseId: number) {
  const [row] = await db
    .select({ key: ledgerExpenses.receiptKey, type: ledgerExpenses.receiptType })
    .from(ledgerExpenses)
    .where(eq(ledgerExpenses.id, expenseId));
  if (!row?.key || !row.type) return null;
  return { key: row.key, type: row.type };
}

/** The units the desk may draft statements for: in a program, with owners. */
export async function statementUnits(db: Db) {
  return db
    .selectDistinct({ id: properties.id, name: properties.name, program: unitPrograms.kind })
    .from(unitPrograms)
    .innerJoin(properties, eq(properties.id, unitPrograms.propertyId))
    .innerJoin(unitOwners, eq(unitOwners.propertyId, unitPrograms.propertyId))
    .orderBy(asc(properties.name));
}

/**
 * The statements closing in a month (their period's last day in it: a month's statement, or a
 * quarter's in its third month), every version, with their owners' parts: the accountant's file.
 */
export async function loadMonthStatements(db: Db, month: Period) {
  const list = await db
    .select(statementColumns)
    .from(ownerStatements)
    .innerJoin(properties, eq(properties.id, ownerStatements.propertyId))
    .where(
      and(
        sql`${ownerStatements.periodEnd} > ${month.start}`,
        lte(ownerStatements.periodEnd, month.end),
      ),
    )
    .orderBy(asc(properties.name), asc(ownerStatements.periodStart), asc(ownerStatements.version));
  const result = [];
  for (const s of list) result.push({ ...s, parts: await partsOf(db, s.id) });
  return result;
}

export type OwnerStatementSummary = Awaited<ReturnType<typeof listOwnerStatements>>[number];

/**
 * Leases: drafts (from a lead too), signing (which puts the lease's stay on the unit's calendar),
 * changes of end, ending and cancelling (which change or remove that stay), dues and payments,
 * the deposit, TM30 tasks and the erasure of tenants' personal data. Every change writes a row of
 * the lease's history with who made it. The calendar stays the one place that says whether a
 * unit is taken: a lease reaches it only through the availability feature's public functions.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppDatabase, AppTransaction } from "../../db/client.server.ts";
import {
  adminUsers,
  auditLog,
  depositDeductions,
  leads,
  leaseDues,
  leaseEvents,
  leasePayments,
  leases,
  leaseTenants,
  outbox,
  properties,
  tasks,
} from "../../db/schema.ts";
import { businessDayStart, businessToday, plusDays } from "../../domain/date-time.ts";
import {
  advanceProblem,
  canMove,
  DEFAULT_DEPOSIT_MONTHS,
  defaultDeposit,
  defaultDueDay,
  depositReturnDeadline,
  dueState,
  duesSchedule,
  holdsCalendar,
  needsTm30,
  type PlannedDue,
  rentForTerm,
  TM30_HOURS,
  termEnd,
} from "../../domain/lease-rules.ts";
import type {
  DepositStatus,
  LeaseEventKind,
  LeaseStatus,
  LeaseTerm,
  PaymentMethod,
  TenantLanguage,
  Tm30Reason,
} from "../../domain/leases.ts";
import {
  type AvailabilityClock,
  addStay,
  removeStay,
  StayError,
  updateStay,
} from "../availability/stays.server.ts";
import type { LeaseInput, TenantInput } from "./lease-schema.ts";

type Queryable = AppDatabase | AppTransaction;

/** A refusal the admin can act on: 400 bad input (with the field), 404 unknown, 409 a clash. */
export class LeaseError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
    readonly field?: string,
  ) {
    super(message);
    this.name = "LeaseError";
  }
}

export interface LeaseClock extends AvailabilityClock {
  now?: Date;
}

const nowOf = (clock: LeaseClock) => clock.now ?? new Date();

// ---------------------------------------------------------------------------------------------
// Reading

export interface LeaseTenant {
  id: number;
  position: number;
  name: string | null;
  nationality: string | null;
  passportNumber: string | null;
  email: string | null;
  phone: string | null;
  language: TenantLanguage;
  visaType: string | null;
  permittedStayUntil: string | null;
  arrivalDate: string | null;
  portOfEntry: string | null;
}

export interface LeaseDue {
  id: number;
  kind: "rent" | "deposit";
  dueDate: string;
  periodStart: string | null;
  periodEnd: string | null;
  amount: number;
  paid: number;
  state: ReturnType<typeof dueState>;
}

export interface LeaseDetails {
  id: number;
  status: LeaseStatus;
  term: LeaseTerm;
  startDate: string;
  endDate: string;
  /** The day the lease ended early or on time; null while it runs. */
  endedOn: string | null;
  /** The first free day of its stay: the end, or the day it ended. */
  effectiveEnd: string;
  monthlyRent: number;
  deposit: number;
  dueDay: number;
  notes: string;
  version: number;
  leadId: number | null;
  stayId: number | null;
  signedAt: string | null;
  personalDataErasedAt: string | null;
  createdAt: string;
  unit: {
    id: number;
    name: string;
    slug: string;
    building: string;
    unitCode: string;
    location: string;
  };
  tenants: LeaseTenant[];
  dues: LeaseDue[];
  payments: {
    id: number;
    dueId: number | null;
    paidOn: string;
    amount: number;
    method: PaymentMethod;
    reference: string;
    recordedBy: string | null;
  }[];
  depositInfo: {
    status: DepositStatus;
    receivedOn: string | null;
    returnedOn: string | null;
    returnedAmount: number | null;
    deductions: {
      id: number;
      amount: number;
      reason: string;
      isRepair: boolean;
      mediaKey: string | null;
      createdAt: string;
    }[];
    deducted: number;
    /** The deposit less the deductions, never below nothing. */
    toReturn: number;
    /** The last day to return it, once the lease has ended; null before. */
    deadline: string | null;
  };
  tasks: {
    id: number;
    kind: string;
    tenantId: number | null;
    dueAt: string;
    doneAt: string | null;
    receiptNumber: string | null;
    /** The receipt's photo: a stored variant of an upload. */
    receiptMediaKey: string | null;
    reason: Tm30Reason;
    overdue: boolean;
  }[];
  events: {
    id: number;
    at: string;
    actor: string | null;
    what: LeaseEventKind;
    details: unknown;
  }[];
  totals: { due: number; paid: number; overdue: number };
}

/**
 * A lease with its unit, tenants, dues (with what was paid and their state on `today`),
 * payments, deposit, tasks and history; null when there is no such lease. The contract and
 * invoice documents read it too.
 */
export async function loadLease(
  db: Queryable,
  id: number,
  clock: LeaseClock = {},
): Promise<LeaseDetails | null> {
  const now = nowOf(clock);
  const today = businessToday(now);
  const [row] = await db
    .select({
      lease: leases,
      unit: {
        id: properties.id,
        name: properties.name,
        slug: properties.slug,
        building: properties.building,
        unitCode: properties.unitCode,
        location: properties.location,
      },
    })
    .from(leases)
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .where(eq(leases.id, id));
  if (!row) return null;
  const { lease } = row;
  const [tenantRows, dueRows, paymentRows, deductionRows, taskRows, eventRows] = await Promise.all([
    db
      .select()
      .from(leaseTenants)
      .where(eq(leaseTenants.leaseId, id))
      .orderBy(asc(leaseTenants.position)),
    db
      .select()
      .from(leaseDues)
      .where(eq(leaseDues.leaseId, id))
      .orderBy(asc(leaseDues.dueDate), asc(leaseDues.kind), asc(leaseDues.id)),
    db
      .select({
        id: leasePayments.id,
        dueId: leasePayments.dueId,
        paidOn: leasePayments.paidOn,
        amount: leasePayments.amount,
        method: leasePayments.method,
        reference: leasePayments.reference,
        recordedBy: adminUsers.email,
      })
      .from(leasePayments)
      .leftJoin(adminUsers, eq(adminUsers.id, leasePayments.recordedBy))
      .where(eq(leasePayments.leaseId, id))
      .orderBy(asc(leasePayments.paidOn), asc(leasePayments.id)),
    db
      .select()
      .from(depositDeductions)
      .where(eq(depositDeductions.leaseId, id))
      .orderBy(asc(depositDeductions.id)),
    db.select().from(tasks).where(eq(tasks.leaseId, id)).orderBy(asc(tasks.dueAt), asc(tasks.id)),
    db
      .select({
        id: leaseEvents.id,
        at: leaseEvents.at,
        actor: adminUsers.email,
        what: leaseEvents.what,
        details: leaseEvents.details,
      })
      .from(leaseEvents)
      .leftJoin(adminUsers, eq(adminUsers.id, leaseEvents.actorId))
      .where(eq(leaseEvents.leaseId, id))
      .orderBy(desc(leaseEvents.at), desc(leaseEvents.id)),
  ]);
  const paidByDue = new Map<number, number>();
  for (const p of paymentRows)
    if (p.dueId !== null) paidByDue.set(p.dueId, (paidByDue.get(p.dueId) ?? 0) + p.amount);
  const dues: LeaseDue[] = dueRows.map((d) => {
    const paid = paidByDue.get(d.id) ?? 0;
    return {
      id: d.id,
      kind: d.kind as LeaseDue["kind"],
      dueDate: d.dueDate,
      periodStart: d.periodStart,
      periodEnd: d.periodEnd,
      amount: d.amount,
      paid,
      state: dueState(d, paid, today),
    };
  });
  const deducted = deductionRows.reduce((sum, d) => sum + d.amount, 0);
  const hasRepairs = deductionRows.some((d) => d.isRepair);
  const status = lease.status as LeaseStatus;
  return {
    id: lease.id,
    status,
    term: lease.term as LeaseTerm,
    startDate: lease.startDate,
    endDate: lease.endDate,
    endedOn: lease.endedOn,
    effectiveEnd: lease.endedOn ?? lease.endDate,
    monthlyRent: lease.monthlyRent,
    deposit: lease.deposit,
    dueDay: lease.dueDay,
    notes: lease.notes,
    version: lease.version,
    leadId: lease.leadId,
    stayId: lease.stayId,
    signedAt: lease.signedAt?.toISOString() ?? null,
    personalDataErasedAt: lease.personalDataErasedAt?.toISOString() ?? null,
    createdAt: lease.createdAt.toISOString(),
    unit: row.unit,
    tenants: tenantRows.map((t) => ({
      id: t.id,
      position: t.position,
      name: t.name,
      nationality: t.nationality,
      passportNumber: t.passportNumber,
      email: t.email,
      phone: t.phone,
      language: t.language as TenantLanguage,
      visaType: t.visaType,
      permittedStayUntil: t.permittedStayUntil,
      arrivalDate: t.arrivalDate,
      portOfEntry: t.portOfEntry,
    })),
    dues,
    payments: paymentRows.map((p) => ({ ...p, method: p.method as PaymentMethod })),
    depositInfo: {
      status: lease.depositStatus as DepositStatus,
      receivedOn: lease.depositReceivedOn,
      returnedOn: lease.depositReturnedOn,
      returnedAmount: lease.depositReturnedAmount,
      deductions: deductionRows.map((d) => ({
        id: d.id,
        amount: d.amount,
        reason: d.reason,
        isRepair: d.isRepair,
        mediaKey: d.mediaKey,
        createdAt: d.createdAt.toISOString(),
      })),
      deducted,
      toReturn: Math.max(0, lease.deposit - deducted),
      deadline:
        status === "ended" && lease.endedOn
          ? depositReturnDeadline(lease.endedOn, hasRepairs)
          : null,
    },
    tasks: taskRows.map((t) => ({
      id: t.id,
      kind: t.kind,
      tenantId: t.tenantId,
      dueAt: t.dueAt.toISOString(),
      doneAt: t.doneAt?.toISOString() ?? null,
      receiptNumber: t.receiptNumber,
      receiptMediaKey: t.receiptMediaKey,
      reason: ((t.details as { reason?: Tm30Reason }).reason ?? "signing") as Tm30Reason,
      overdue: t.doneAt === null && t.dueAt < now,
    })),
    // Written only through record(), whose kinds are typed.
    events: eventRows.map((e) => ({
      ...e,
      what: e.what as LeaseEventKind,
      at: e.at.toISOString(),
    })),
    totals: {
      due: dues.reduce((s, d) => s + d.amount, 0),
      paid: dues.reduce((s, d) => s + Math.min(d.paid, d.amount), 0),
      overdue: dues.filter((d) => d.state === "overdue").reduce((s, d) => s + d.amount - d.paid, 0),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// History

async function record(
  db: Queryable,
  leaseId: number,
  actorId: number | null,
  what: LeaseEventKind,
  details: Record<string, unknown> = {},
  at?: Date,
) {
  await db.insert(leaseEvents).values({ leaseId, actorId, what, details, ...(at ? { at } : {}) });
}

async function lockLease(tx: AppTransaction, id: number) {
  const [row] = await tx.select().from(leases).where(eq(leases.id, id)).for("update");
  if (!row) throw new LeaseError("This lease no longer exists.", 404);
  return row;
}

function assertMove(from: string, to: LeaseStatus) {
  if (!canMove(from as LeaseStatus, to))
    throw new LeaseError(`A ${from} lease cannot become ${to}.`, 409);
}

async function touch(tx: AppTransaction, id: number, set: Partial<typeof leases.$inferInsert>) {
  await tx
    .update(leases)
    .set({ ...set, updatedAt: new Date(), version: sql`${leases.version} + 1` })
    .where(eq(leases.id, id));
}

// ---------------------------------------------------------------------------------------------
// Drafts

async function unitPrices(db: Queryable, propertyId: number) {
  const [unit] = await db
    .select({
      id: properties.id,
      pricingMonthly: properties.pricingMonthly,
      pricingSixMonth: properties.pricingSixMonth,
      pricingYearly: properties.pricingYearly,
    })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!unit) throw new LeaseError("Choose a unit that exists.", 400, "propertyId");
  return unit;
}

/** The lease's dates, rent, deposit and due day, its defaults filled in from the unit and term. */
async function resolveTerms(
  db: Queryable,
  input: LeaseInput,
  depositMonths = DEFAULT_DEPOSIT_MONTHS,
) {
  const unit = await unitPrices(db, input.propertyId);
  const endDate =
    input.term === "custom" ? (input.endDate as string) : termEnd(input.startDate, input.term);
  const monthlyRent = input.monthlyRent ?? rentForTerm(unit, input.term, input.startDate, endDate);
  const deposit = input.deposit ?? defaultDeposit(monthlyRent, input.term, depositMonths);
  const tooMuch = advanceProblem(deposit, monthlyRent);
  if (tooMuch) throw new LeaseError(tooMuch, 400, "deposit");
  return {
    propertyId: unit.id,
    term: input.term,
    startDate: input.startDate,
    endDate,
    monthlyRent,
    deposit,
    dueDay: input.dueDay ?? defaultDueDay(input.startDate),
    notes: input.notes ?? "",
  };
}

const tenantValues = (leaseId: number, tenant: TenantInput, position: number) => ({
  leaseId,
  position,
  name: tenant.name,
  nationality: tenant.nationality ?? null,
  passportNumber: tenant.passportNumber?.toUpperCase() ?? null,
  email: tenant.email ?? null,
  phone: tenant.phone ?? null,
  language: tenant.language,
  visaType: tenant.visaType ?? null,
  permittedStayUntil: tenant.permittedStayUntil ?? null,
  arrivalDate: tenant.arrivalDate ?? null,
  portOfEntry: tenant.portOfEntry ?? null,
});

/**
 * Stores a draft lease. From a lead (`input.leadId`), the lead moves to Won in the same
 * transaction, recorded in the audit log as the pipeline page records it.
 */
export async function createLease(
  db: AppDatabase,
  input: LeaseInput,
  by: number | null,
  options: { depositMonths?: { year: number; other: number } } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const terms = await resolveTerms(tx, input, options.depositMonths);
    let leadId: number | null = null;
    if (input.leadId !== undefined) {
      const pipeline = {
        stage: leads.stage,
        lostReason: leads.lostReason,
        ownerId: leads.ownerId,
        followUpOn: leads.followUpOn,
      };
      const [before] = await tx
        .select(pipeline)
        .from(leads)
        .where(eq(leads.id, input.leadId))
        .for("update");
      if (!before) throw new LeaseError("That lead no longer exists.", 400, "leadId");
      leadId = input.leadId;
      if (before.stage !== "won") {
        const [after] = await tx
          .update(leads)
          .set({ stage: "won", lostReason: null })
          .where(eq(leads.id, leadId))
          .returning(pipeline);
        await tx.insert(auditLog).values({
          adminUserId: by,
          action: "pipeline",
          entity: "lead",
          entityId: String(leadId),
          before,
          after,
        });
      }
    }
    const [row] = await tx
      .insert(leases)
      .values({ ...terms, leadId, createdBy: by })
      .returning({ id: leases.id });
    if (!row) throw new Error("The lease was not stored");
    await tx.insert(leaseTenants).values(input.tenants.map((t, i) => tenantValues(row.id, t, i)));
    await record(tx, row.id, by, "created", {
      ...terms,
      notes: undefined,
      tenants: input.tenants.length,
      ...(leadId ? { leadId } : {}),
    });
    return row.id;
  });
}

/** Changes a draft: its terms and tenants. A signed lease changes only by its own actions. */
export async function updateDraft(
  db: AppDatabase,
  id: number,
  input: LeaseInput,
  expectedVersion: number,
  by: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const lease = await lockLease(tx, id);
    if (lease.status !== "draft")
      throw new LeaseError("Only a draft can be edited; this lease is signed.", 409);
    if (lease.version !== expectedVersion)
      throw new LeaseError("Someone else changed this lease meanwhile: reload it.", 409);
    const terms = await resolveTerms(tx, input);
    await touch(tx, id, terms);
    await tx.delete(leaseTenants).where(eq(leaseTenants.leaseId, id));
    await tx.insert(leaseTenants).values(input.tenants.map((t, i) => tenantValues(id, t, i)));
    await record(tx, id, by, "edited", {
      ...terms,
      notes: undefined,
      tenants: input.tenants.length,
    });
  });
}

/** What a lead gives a new lease: its unit, a tenant and the term it asked about. */
export async function leaseDraftFromLead(db: Queryable, leadId: number) {
  const [lead] = await db
    .select({
      id: leads.id,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      language: leads.language,
      propertyId: leads.propertyId,
      inputs: leads.inputs,
    })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead) return null;
  const inputs = (lead.inputs ?? {}) as Record<string, unknown>;
  const asked = String(inputs.term ?? inputs.leaseTerm ?? inputs.duration ?? "").toLowerCase();
  const term: LeaseTerm = /12|year/.test(asked)
    ? "year"
    : /6|six/.test(asked)
      ? "six-months"
      : /1|month/.test(asked)
        ? "month"
        : "year";
  const language: TenantLanguage = lead.language === "ru" ? "ru" : "en";
  return {
    leadId: lead.id,
    propertyId: lead.propertyId,
    term,
    tenant: {
      name: lead.name ?? "",
      email: lead.email ?? "",
      phone: lead.phone ?? "",
      language,
    },
  };
}

/** The units a lease can be for, by name. */
export async function leaseUnits(db: Queryable) {
  return db
    .select({
      id: properties.id,
      name: properties.name,
      building: properties.building,
      unitCode: properties.unitCode,
      pricingMonthly: properties.pricingMonthly,
      pricingSixMonth: properties.pricingSixMonth,
      pricingYearly: properties.pricingYearly,
    })
    .from(properties)
    .orderBy(asc(properties.name), asc(properties.id));
}

// ---------------------------------------------------------------------------------------------
// The calendar

/**
 * Runs the availability feature's stay functions inside our transaction: they open their own,
 * which inside ours is a savepoint, so the lease and its stay are written (or refused) together.
 */
const asDatabase = (tx: AppTransaction) => tx as unknown as AppDatabase;

async function withClash<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StayError && error.reason === "overlap")
      throw new LeaseError(error.message, 409, "endDate");
    if (error instanceof StayError && error.reason === "not-found")
      throw new LeaseError(error.message, 404);
    throw error;
  }
}

/** The lease's stay set to `end`, added when missing, removed when `end` is not after the start. */
async function syncStay(
  tx: AppTransaction,
  lease: typeof leases.$inferSelect,
  end: string,
  clock: LeaseClock,
  by: number | null,
): Promise<number | null> {
  const months = Math.min(
    120,
    Math.max(1, Math.round((Date.parse(end) - Date.parse(lease.startDate)) / (30.44 * 864e5))),
  );
  const input = {
    kind: "lease" as const,
    startDate: lease.startDate,
    endDate: end,
    tenantName: undefined,
    leaseMonths: months,
  };
  return withClash(async () => {
    if (lease.stayId !== null) {
      if (end <= lease.startDate) {
        await removeStay(asDatabase(tx), lease.propertyId, lease.stayId, clock, by, {
          leaseId: lease.id,
        });
        return null;
      }
      await updateStay(asDatabase(tx), lease.propertyId, lease.stayId, input, clock, by, {
        leaseId: lease.id,
      });
      return lease.stayId;
    }
    if (end <= lease.startDate) return null;
    return addStay(asDatabase(tx), lease.propertyId, input, clock, by);
  });
}

/**
 * Brings the lease's dues in line with its terms: dues as planned are kept, unpaid ones no
 * longer planned are removed, new ones added. A due with payments is never removed.
 */
async function syncDues(tx: AppTransaction, leaseId: number, planned: PlannedDue[]) {
  const existing = await tx
    .select({
      id: leaseDues.id,
      kind: leaseDues.kind,
      dueDate: leaseDues.dueDate,
      periodStart: leaseDues.periodStart,
      periodEnd: leaseDues.periodEnd,
      amount: leaseDues.amount,
      payments: sql<number>`(select count(*) from lease_payments p where p.due_id = ${leaseDues.id})`,
    })
    .from(leaseDues)
    .where(eq(leaseDues.leaseId, leaseId));
  const key = (d: Omit<PlannedDue, "amount"> & { amount: number }) =>
    `${d.kind}|${d.dueDate}|${d.periodStart}|${d.periodEnd}|${d.amount}`;
  const kept = new Set<string>();
  const remove: number[] = [];
  const plannedKeys = new Set(planned.map(key));
  for (const d of existing) {
    const k = key(d as PlannedDue);
    if (plannedKeys.has(k) && !kept.has(k)) kept.add(k);
    else if (Number(d.payments) === 0) remove.push(d.id);
    else kept.add(k);
  }
  if (remove.length > 0) await tx.delete(leaseDues).where(inArray(leaseDues.id, remove));
  const add = planned.filter((p) => !kept.has(key(p)));
  if (add.length > 0) await tx.insert(leaseDues).values(add.map((p) => ({ leaseId, ...p })));
  return { added: add.length, removed: remove.length };
}

// ---------------------------------------------------------------------------------------------
// Status

/**
 * Signs a draft: its stay goes on the unit's calendar (a clash with another stay or an owner
 * block is refused, 409, naming it), its dues are written, and a TM30 task is opened for each
 * foreign tenant.
 */
export async function signLease(
  db: AppDatabase,
  id: number,
  by: number | null,
  clock: LeaseClock = {},
): Promise<void> {
  const now = nowOf(clock);
  await db.transaction(async (tx) => {
    const lease = await lockLease(tx, id);
    assertMove(lease.status, "signed");
    const tenants = await tx
      .select()
      .from(leaseTenants)
      .where(eq(leaseTenants.leaseId, id))
      .orderBy(asc(leaseTenants.position));
    if (tenants.length === 0) throw new LeaseError("Add a tenant before signing.", 400);
    const stayId = await syncStay(tx, lease, lease.endDate, clock, by);
    const dues = await syncDues(tx, id, duesSchedule(lease));
    await touch(tx, id, { status: "signed", stayId, signedAt: now });
    await record(tx, id, by, "signed", { stayId, dues: dues.added }, now);
    // The report is due 24 hours after the tenant moves in (or now, for a start already past).
    const from = new Date(Math.max(now.getTime(), businessDayStart(lease.startDate).getTime()));
    for (const tenant of tenants)
      if (needsTm30(tenant.nationality))
        await openTask(tx, id, tenant.id, "signing", from, by, now);
  });
}

async function openTask(
  tx: AppTransaction,
  leaseId: number,
  tenantId: number,
  reason: Tm30Reason,
  from: Date,
  by: number | null,
  now: Date,
) {
  const dueAt = new Date(from.getTime() + TM30_HOURS * 3600 * 1000);
  const [task] = await tx
    .insert(tasks)
    .values({ kind: "tm30", leaseId, tenantId, dueAt, details: { reason } })
    .returning({ id: tasks.id });
  await record(tx, leaseId, by, "tm30-opened", { taskId: task?.id, tenantId, reason }, now);
}

/** The tenant has moved in: a signed lease becomes active. */
export async function activateLease(db: AppDatabase, id: number, by: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const lease = await lockLease(tx, id);
    assertMove(lease.status, "active");
    await touch(tx, id, { status: "active" });
    await record(tx, id, by, "activated");
  });
}

/**
 * Moves the end of a signed or active lease (extended or shortened): its stay follows (a clash
 * is refused, 409) and its unpaid dues are planned again.
 */
export async function changeEndDate(
  db: AppDatabase,
  id: number,
  endDate: string,
  by: number | null,
  clock: LeaseClock = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const lease = await lockLease(tx, id);
    if (!holdsCalendar(lease.status as LeaseStatus))
      throw new LeaseError("Only a signed or active lease's end can be moved.", 409);
    if (endDate <= lease.startDate)
      throw new LeaseError("The end (first free day) must be after the start.", 400, "endDate");
    const stayId = await syncStay(tx, lease, endDate, clock, by);
    const dues = await syncDues(tx, id, duesSchedule({ ...lease, endDate }));
    await touch(tx, id, { endDate, stayId });
    await record(tx, id, by, "end-changed", { from: lease.endDate, to: endDate, ...dues });
  });
}

/**
 * Ends an active lease on `endedOn` (the first free day): its stay is shortened to it, the rent
 * after it is dropped (or prorated), and the deposit's return deadline starts.
 */
export async function endLease(
  db: AppDatabase,
  id: number,
  endedOn: string,
  by: number | null,
  clock: LeaseClock = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const lease = await lockLease(tx, id);
    assertMove(lease.status, "ended");
    if (endedOn <= lease.startDate || endedOn > lease.endDate)
      throw new LeaseError(
        `The last day must be after the start and at most the end (${lease.endDate}).`,
        400,
        "endedOn",
      );
    const stayId = await syncStay(tx, lease, endedOn, clock, by);
    const dues = await syncDues(tx, id, duesSchedule({ ...lease, endDate: endedOn }));
    await touch(tx, id, { status: "ended", endedOn, stayId });
    await record(tx, id, by, "ended", { endedOn, ...dues });
  });
}

/** Cancels a draft or signed lease: its stay leaves the calendar and its unpaid dues go. */
export async function cancelLease(
  db: AppDatabase,
  id: number,
  by: number | null,
  clock: LeaseClock = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const lease = await lockLease(tx, id);
    assertMove(lease.status, "cancelled");
    if (lease.stayId !== null)
      await withClash(() =>
        removeStay(asDatabase(tx), lease.propertyId, lease.stayId as number, clock, by, {
          leaseId: lease.id,
        }),
      );
    const dues = await syncDues(tx, id, []);
    await touch(tx, id, {
      status: "cancelled",
      stayId: null,
      endedOn: businessToday(nowOf(clock)),
    });
    await record(tx, id, by, "cancelled", dues);
  });
}

// ---------------------------------------------------------------------------------------------
// Money

/**
 * Records money received against a due; payments add up, and a due is paid once they reach its
 * amount. The deposit's due, once paid, marks the deposit received.
 */
export async function recordPayment(
  db: AppDatabase,
  leaseId: number,
  payment: {
    dueId: number;
    paidOn: string;
    amount: number;
    method: PaymentMethod;
    reference?: string;
  },
  by: number | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const lease = await lockLease(tx, leaseId);
    if (lease.status === "draft" || lease.status === "cancelled")
      throw new LeaseError(`A ${lease.status} lease takes no payments.`, 409);
    const [due] = await tx
      .select()
      .from(leaseDues)
      .where(and(eq(leaseDues.id, payment.dueId), eq(leaseDues.leaseId, leaseId)));
    if (!due) throw new LeaseError("Choose a due of this lease.", 400, "dueId");
    const [row] = await tx
      .insert(leasePayments)
      .values({
        leaseId,
        dueId: due.id,
        paidOn: payment.paidOn,
        amount: payment.amount,
        method: payment.method,
        reference: payment.reference ?? "",
        recordedBy: by,
      })
      .returning({ id: leasePayments.id });
    const [{ paid } = { paid: 0 }] = await tx
      .select({ paid: sql<number>`coalesce(sum(${leasePayments.amount}), 0)::int` })
      .from(leasePayments)
      .where(eq(leasePayments.dueId, due.id));
    await record(tx, leaseId, by, "payment", {
      dueId: due.id,
      dueDate: due.dueDate,
      kind: due.kind,
      amount: payment.amount,
      method: payment.method,
      paidInFull: Number(paid) >= due.amount,
    });
    if (due.kind === "deposit" && Number(paid) >= due.amount && lease.depositStatus === "pending") {
      await touch(tx, leaseId, { depositStatus: "received", depositReceivedOn: payment.paidOn });
      await record(tx, leaseId, by, "deposit-received", { on: payment.paidOn });
    }
    return row?.id ?? 0;
  });
}

/** The deposit is received (when not paid through its due), or held by the company. */
export async function setDepositStatus(
  db: AppDatabase,
  leaseId: number,
  to: "received" | "held",
  on: string,
  by: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const lease = await lockLease(tx, leaseId);
    const from = lease.depositStatus as DepositStatus;
    const allowed =
      (to === "received" && from === "pending") || (to === "held" && from === "received");
    if (!allowed) throw new LeaseError(`A ${from} deposit cannot become ${to}.`, 409);
    await touch(tx, leaseId, {
      depositStatus: to,
      ...(to === "received" ? { depositReceivedOn: on } : {}),
    });
    await record(tx, leaseId, by, `deposit-${to}`, { on });
  });
}

/** Keeps part of the deposit, for a reason (a repair gives the longer return deadline). */
export async function addDeduction(
  db: AppDatabase,
  leaseId: number,
  deduction: { amount: number; reason: string; isRepair: boolean; mediaKey?: string },
  by: number | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const lease = await lockLease(tx, leaseId);
    if (lease.depositStatus === "returned")
      throw new LeaseError("The deposit has been returned already.", 409);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: sql<number>`coalesce(sum(${depositDeductions.amount}), 0)::int` })
      .from(depositDeductions)
      .where(eq(depositDeductions.leaseId, leaseId));
    if (Number(total) + deduction.amount > lease.deposit)
      throw new LeaseError(
        `Deductions cannot pass the deposit (${lease.deposit} baht; ${Number(total)} deducted).`,
        400,
        "amount",
      );
    const [row] = await tx
      .insert(depositDeductions)
      .values({ leaseId, ...deduction, createdBy: by })
      .returning({ id: depositDeductions.id });
    await record(tx, leaseId, by, "deduction", {
      deductionId: row?.id,
      amount: deduction.amount,
      reason: deduction.reason,
      isRepair: deduction.isRepair,
    });
    return row?.id ?? 0;
  });
}

/** The deposit less the deductions is paid back, once the lease has ended or was cancelled. */
export async function returnDeposit(
  db: AppDatabase,
  leaseId: number,
  returnedOn: string,
  by: number | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const lease = await lockLease(tx, leaseId);
    if (lease.status !== "ended" && lease.status !== "cancelled")
      throw new LeaseError("The deposit goes back once the lease has ended.", 409);
    if (lease.depositStatus !== "received" && lease.depositStatus !== "held")
      throw new LeaseError(`A ${lease.depositStatus} deposit cannot be returned.`, 409);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: sql<number>`coalesce(sum(${depositDeductions.amount}), 0)::int` })
      .from(depositDeductions)
      .where(eq(depositDeductions.leaseId, leaseId));
    const amount = Math.max(0, lease.deposit - Number(total));
    await touch(tx, leaseId, {
      depositStatus: "returned",
      depositReturnedOn: returnedOn,
      depositReturnedAmount: amount,
    });
    await record(tx, leaseId, by, "deposit-returned", {
      on: returnedOn,
      amount,
      deducted: Number(total),
    });
    return amount;
  });
}

// ---------------------------------------------------------------------------------------------
// TM30

/**
 * A tenant is back from abroad: their entry facts are updated and a TM30 task opened, due 24
 * hours from now.
 */
export async function tenantReturned(
  db: AppDatabase,
  leaseId: number,
  entry: {
    tenantId: number;
    arrivalDate: string;
    visaType?: string;
    permittedStayUntil?: string;
    portOfEntry?: string;
  },
  by: number | null,
  clock: LeaseClock = {},
): Promise<void> {
  const now = nowOf(clock);
  await db.transaction(async (tx) => {
    const lease = await lockLease(tx, leaseId);
    if (!holdsCalendar(lease.status as LeaseStatus))
      throw new LeaseError("Only a tenant of a signed or active lease is reported.", 409);
    const [tenant] = await tx
      .update(leaseTenants)
      .set({
        arrivalDate: entry.arrivalDate,
        ...(entry.visaType ? { visaType: entry.visaType } : {}),
        ...(entry.permittedStayUntil ? { permittedStayUntil: entry.permittedStayUntil } : {}),
        ...(entry.portOfEntry ? { portOfEntry: entry.portOfEntry } : {}),
      })
      .where(and(eq(leaseTenants.id, entry.tenantId), eq(leaseTenants.leaseId, leaseId)))
      .returning({ id: leaseTenants.id });
    if (!tenant) throw new LeaseError("Choose a tenant of this lease.", 400, "tenantId");
    await openTask(tx, leaseId, tenant.id, "return-from-abroad", now, by, now);
  });
}

/**
 * A TM30 report made: the task is done with Immigration's receipt number and, from the lease
 * page, a photo of the receipt (a stored upload variant, checked by the caller).
 */
export async function completeTask(
  db: AppDatabase,
  leaseId: number,
  taskId: number,
  receiptNumber: string,
  by: number | null,
  clock: LeaseClock = {},
  receiptMediaKey: string | null = null,
): Promise<void> {
  const now = nowOf(clock);
  await db.transaction(async (tx) => {
    await lockLease(tx, leaseId);
    const [task] = await tx
      .update(tasks)
      .set({ doneAt: now, doneBy: by, receiptNumber, receiptMediaKey })
      .where(and(eq(tasks.id, taskId), eq(tasks.leaseId, leaseId), isNull(tasks.doneAt)))
      .returning({ id: tasks.id });
    if (!task) throw new LeaseError("This task is done already or is not this lease's.", 409);
    await record(tx, leaseId, by, "tm30-done", { taskId, receiptNumber }, now);
  });
}

// ---------------------------------------------------------------------------------------------
// Personal data (PDPA)

/**
 * Erases the tenants' personal data of an ended or cancelled lease: names, passports, contacts
 * and entry facts become empty, unsent messages to them are dropped. The lease, its money and
 * its history stay (the history never held personal data).
 */
export async function erasePersonalData(
  db: AppDatabase,
  leaseId: number,
  by: number | null,
  why: "by-hand" | "retention",
  clock: LeaseClock = {},
): Promise<void> {
  const now = nowOf(clock);
  await db.transaction(async (tx) => {
    const lease = await lockLease(tx, leaseId);
    if (lease.status !== "ended" && lease.status !== "cancelled")
      throw new LeaseError("Personal data is erased once the lease has ended.", 409);
    if (lease.personalDataErasedAt) return;
    await tx
      .update(leaseTenants)
      .set({
        name: null,
        nationality: null,
        passportNumber: null,
        email: null,
        phone: null,
        visaType: null,
        permittedStayUntil: null,
        arrivalDate: null,
        portOfEntry: null,
      })
      .where(eq(leaseTenants.leaseId, leaseId));
    await tx
      .delete(outbox)
      .where(and(eq(outbox.leaseId, leaseId), sql`${outbox.status} <> 'sent'`));
    await touch(tx, leaseId, { personalDataErasedAt: now });
    await record(tx, leaseId, by, "personal-data-erased", { why }, now);
  });
}

/**
 * Erases the personal data of every lease that ended (or was cancelled) more than
 * `retentionDays` ago; returns how many.
 */
export async function eraseExpiredPersonalData(
  db: AppDatabase,
  retentionDays: number,
  clock: LeaseClock = {},
): Promise<number> {
  const cutoff = plusDays(businessToday(nowOf(clock)), -retentionDays);
  const due = await db
    .select({ id: leases.id })
    .from(leases)
    .where(
      and(
        inArray(leases.status, ["ended", "cancelled"]),
        isNull(leases.personalDataErasedAt),
        sql`coalesce(${leases.endedOn}, ${leases.endDate}) <= ${cutoff}`,
      ),
    );
  for (const { id } of due) await erasePersonalData(db, id, null, "retention", clock);
  return due.length;
}

/**
 * The desk's view of all leases: the list with search and filters, and "Today": dues that fall
 * due soon or are overdue, open TM30 tasks and deposits to return. Lists mask contacts and never
 * show passports.
 */
import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  depositDeductions,
  leaseDues,
  leasePayments,
  leases,
  leaseTenants,
  properties,
  tasks,
} from "../../db/schema.ts";
import { businessToday, plusDays } from "../../domain/date-time.ts";
import { depositReturnDeadline, dueState, maskEmail } from "../../domain/lease-rules.ts";
import type { LeaseStatus } from "../../domain/leases.ts";
import type { LeaseFilter } from "./lease-schema.ts";

/** The most rows the list shows at once. */
export const LIST_LIMIT = 200;
/** Dues this many days ahead are on the "Today" list. */
export const SOON_DAYS = 3;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface DueWithPaid {
  id: number;
  leaseId: number;
  kind: string;
  dueDate: string;
  amount: number;
  paid: number;
}

async function duesWithPaid(db: AppDatabase, where: SQL | undefined): Promise<DueWithPaid[]> {
  const paid = db
    .select({
      dueId: leasePayments.dueId,
      paid: sql<number>`sum(${leasePayments.amount})::int`.as("paid"),
    })
    .from(leasePayments)
    .groupBy(leasePayments.dueId)
    .as("paid");
  const rows = await db
    .select({
      id: leaseDues.id,
      leaseId: leaseDues.leaseId,
      kind: leaseDues.kind,
      dueDate: leaseDues.dueDate,
      amount: leaseDues.amount,
      paid: sql<number>`coalesce(${paid.paid}, 0)`,
    })
    .from(leaseDues)
    .leftJoin(paid, eq(paid.dueId, leaseDues.id))
    .where(where)
    .orderBy(asc(leaseDues.dueDate), asc(leaseDues.id));
  return rows.map((r) => ({ ...r, paid: Number(r.paid) }));
}

export interface LeaseListRow {
  id: number;
  status: LeaseStatus;
  unitId: number;
  unit: string;
  tenant: string | null;
  /** Masked. */
  email: string;
  tenants: number;
  startDate: string;
  endDate: string;
  monthlyRent: number;
  overdue: number;
  nextDue: { dueDate: string; amount: number } | null;
}

export async function listLeases(
  db: AppDatabase,
  filter: LeaseFilter,
  now = new Date(),
): Promise<LeaseListRow[]> {
  const today = businessToday(now);
  const where: SQL[] = [];
  if (filter.status) where.push(eq(leases.status, filter.status));
  if (filter.unit) where.push(eq(leases.propertyId, filter.unit));
  if (filter.q) {
    const p = likePattern(filter.q);
    const match = or(
      ilike(properties.name, p),
      ilike(properties.unitCode, p),
      sql`exists (select 1 from ${leaseTenants} t where t.lease_id = ${leases.id}
        and (t.name ilike ${p} or t.email ilike ${p}))`,
    );
    if (match) where.push(match);
  }
  const rows = await db
    .select({
      id: leases.id,
      status: leases.status,
      unitId: properties.id,
      unit: sql<string>`${properties.name} || ' (' || ${properties.building} || ' ' || ${properties.unitCode} || ')'`,
      tenant: leaseTenants.name,
      email: leaseTenants.email,
      tenants: sql<number>`(select count(*) from lease_tenants c where c.lease_id = ${leases.id})::int`,
      startDate: leases.startDate,
      endDate: leases.endDate,
      monthlyRent: leases.monthlyRent,
    })
    .from(leases)
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .leftJoin(leaseTenants, and(eq(leaseTenants.leaseId, leases.id), eq(leaseTenants.position, 0)))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(sql`${leases.startDate} desc`, sql`${leases.id} desc`)
    .limit(LIST_LIMIT);
  const ids = rows.map((r) => r.id);
  const dues = ids.length === 0 ? [] : await duesWithPaid(db, inArray(leaseDues.leaseId, ids));
  const byLease = new Map<number, DueWithPaid[]>();
  for (const d of dues) byLease.set(d.leaseId, [...(byLease.get(d.leaseId) ?? []), d]);
  const weekEnd = plusDays(today, 7);
  const out: LeaseListRow[] = rows.map((r) => {
    const own = byLease.get(r.id) ?? [];
    const unpaid = own.filter((d) => d.paid < d.amount);
    const next = unpaid[0];
    return {
      id: r.id,
      status: r.status as LeaseStatus,
      unitId: r.unitId,
      unit: r.unit,
      tenant: r.tenant,
      email: maskEmail(r.email),
      tenants: Number(r.tenants),
      startDate: r.startDate,
      endDate: r.endDate,
      monthlyRent: r.monthlyRent,
      overdue: unpaid
        .filter((d) => dueState(d, d.paid, today) === "overdue")
        .reduce((s, d) => s + d.amount - d.paid, 0),
      nextDue: next ? { dueDate: next.dueDate, amount: next.amount - next.paid } : null,
    };
  });
  const filtered =
    filter.due === "overdue"
      ? out.filter((r) => r.overdue > 0)
      : filter.due === "this-week"
        ? out.filter((r) => r.nextDue !== null && r.nextDue.dueDate <= weekEnd)
        : out;
  // Overdue first, the most owed at the top.
  return filtered.sort((a, b) => b.overdue - a.overdue);
}

export interface TodayList {
  dues: {
    id: number;
    leaseId: number;
    kind: string;
    unit: string;
    tenant: string | null;
    dueDate: string;
    owed: number;
    state: "overdue" | "due-today" | "upcoming";
  }[];
  tasks: {
    id: number;
    leaseId: number;
    unit: string;
    tenant: string | null;
    dueAt: string;
    overdue: boolean;
  }[];
  deposits: {
    leaseId: number;
    unit: string;
    tenant: string | null;
    deadline: string;
    overdue: boolean;
  }[];
}

/** What needs the desk today: dues soon or overdue, open TM30 tasks, deposits to return. */
export async function todayList(db: AppDatabase, now = new Date()): Promise<TodayList> {
  const today = businessToday(now);
  const live = inArray(leases.status, ["signed", "active", "ended"]);
  const labels = await db
    .select({
      id: leases.id,
      unit: properties.name,
      tenant: leaseTenants.name,
    })
    .from(leases)
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .leftJoin(leaseTenants, and(eq(leaseTenants.leaseId, leases.id), eq(leaseTenants.position, 0)))
    .where(live);
  const label = new Map(labels.map((l) => [l.id, l]));
  const soon = plusDays(today, SOON_DAYS);
  const dueRows = await duesWithPaid(
    db,
    and(
      sql`${leaseDues.dueDate} <= ${soon}`,
      sql`${leaseDues.leaseId} in (select id from leases where status in ('signed', 'active', 'ended'))`,
    ),
  );
  const dues = dueRows
    .filter((d) => d.paid < d.amount)
    .map((d) => ({
      id: d.id,
      leaseId: d.leaseId,
      kind: d.kind,
      unit: label.get(d.leaseId)?.unit ?? "",
      tenant: label.get(d.leaseId)?.tenant ?? null,
      dueDate: d.dueDate,
      owed: d.amount - d.paid,
      state: dueState(d, d.paid, today) as "overdue" | "due-today" | "upcoming",
    }));
  const taskRows = await db
    .select({ id: tasks.id, leaseId: tasks.leaseId, dueAt: tasks.dueAt, tenant: leaseTenants.name })
    .from(tasks)
    .leftJoin(leaseTenants, eq(leaseTenants.id, tasks.tenantId))
    .where(isNull(tasks.doneAt))
    .orderBy(asc(tasks.dueAt));
  const ended = await db
    .select({
      id: leases.id,
      endedOn: leases.endedOn,
      repairs: sql<boolean>`exists (select 1 from ${depositDeductions} x where x.lease_id = ${leases.id} and x.is_repair)`,
    })
    .from(leases)
    .where(
      and(
        eq(leases.status, "ended"),
        inArray(leases.depositStatus, ["received", "held"]),
        sql`${leases.endedOn} is not null`,
      ),
    );
  return {
    dues,
    tasks: taskRows.map((t) => ({
      id: t.id,
      leaseId: t.leaseId,
      unit: label.get(t.leaseId)?.unit ?? "",
      tenant: t.tenant,
      dueAt: t.dueAt.toISOString(),
      overdue: t.dueAt < now,
    })),
    deposits: ended.map((l) => {
      const deadline = depositReturnDeadline(l.endedOn as string, Boolean(l.repairs));
      return {
        leaseId: l.id,
        unit: label.get(l.id)?.unit ?? "",
        tenant: label.get(l.id)?.tenant ?? null,
        deadline,
        overdue: deadline < today,
      };
    }),
  };
}

/** The units that have leases, for the list's filter. */
export async function unitsWithLeases(db: AppDatabase) {
  return db
    .selectDistinct({ id: properties.id, name: properties.name })
    .from(properties)
    .innerJoin(leases, eq(leases.propertyId, properties.id))
    .orderBy(asc(properties.name));
}

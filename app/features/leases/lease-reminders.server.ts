/**
 * The leases' daily round: rent reminders to tenants (3 days before the due day, and once when
 * overdue) in their language, the desk's alerts of overdue TM30 reports and of deposits to
 * return, and the erasure of personal data past its retention. Messages go through the outbox,
 * each written in the same transaction as the mark that stops it being written twice.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { suppressionOf } from "../../db/mail-consent.server.ts";
import {
  depositDeductions,
  leaseDues,
  leases,
  leaseTenants,
  outbox,
  properties,
  tasks,
} from "../../db/schema.ts";
import { businessToday, formatAdminDateTime, plusDays } from "../../domain/date-time.ts";
import { depositReturnDeadline } from "../../domain/lease-rules.ts";
import type { TenantLanguage } from "../../domain/leases.ts";
import type { NotificationConfig } from "../../lib/config.server.ts";
import { depositDeadlineAlert, rentReminderEmail, tm30OverdueAlert } from "./lease-messages.ts";
import { eraseExpiredPersonalData } from "./leases.server.ts";

/** Days before a due day the tenant is reminded. */
export const REMINDER_DAYS_BEFORE = 3;
/** Days before the deposit's deadline the desk is alerted. */
export const DEPOSIT_ALERT_DAYS_BEFORE = 2;

export interface ReminderSettings {
  publicUrl: string;
  notifications: NotificationConfig;
  /** Days after a lease ended before its tenants' personal data is erased. */
  retentionDays: number;
}

export interface ReminderOutcome {
  tenantReminders: number;
  deskAlerts: number;
  erased: number;
}

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** The desk's alert on every configured channel. */
async function deskAlert(
  tx: Tx,
  leaseId: number,
  message: { subject: string; text: string },
  notifications: NotificationConfig,
): Promise<number> {
  const rows: (typeof outbox.$inferInsert)[] = [];
  if (notifications.email && notifications.email.desk.length > 0)
    rows.push({
      channel: "email",
      purpose: "alert",
      leaseId,
      payload: { to: notifications.email.desk, subject: message.subject, text: message.text },
    });
  if (notifications.telegram)
    rows.push({
      channel: "telegram",
      purpose: "alert",
      leaseId,
      payload: { text: `${message.subject}\n${message.text}` },
    });
  if (rows.length > 0) await tx.insert(outbox).values(rows);
  return rows.length;
}

/** One daily round; safe to run twice (what was sent is marked). */
export async function runLeaseReminders(
  db: AppDatabase,
  settings: ReminderSettings,
  now: Date = new Date(),
): Promise<ReminderOutcome> {
  const today = businessToday(now);
  const outcome: ReminderOutcome = { tenantReminders: 0, deskAlerts: 0, erased: 0 };
  const running = inArray(leases.status, ["signed", "active"]);
  const paid = sql<number>`coalesce((select sum(p.amount) from lease_payments p where p.due_id = ${leaseDues.id}), 0)::int`;

  // Tenants: due within 3 days and not reminded, or overdue and not reminded of it.
  const dues = await db
    .select({
      id: leaseDues.id,
      leaseId: leaseDues.leaseId,
      kind: leaseDues.kind,
      dueDate: leaseDues.dueDate,
      amount: leaseDues.amount,
      paid,
      remindedAt: leaseDues.remindedAt,
      overdueRemindedAt: leaseDues.overdueRemindedAt,
      unitName: properties.name,
      tenantName: leaseTenants.name,
      email: leaseTenants.email,
      language: leaseTenants.language,
    })
    .from(leaseDues)
    .innerJoin(leases, eq(leases.id, leaseDues.leaseId))
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .leftJoin(leaseTenants, and(eq(leaseTenants.leaseId, leases.id), eq(leaseTenants.position, 0)))
    .where(
      and(
        running,
        sql`${leaseDues.dueDate} <= ${plusDays(today, REMINDER_DAYS_BEFORE)}`,
        sql`(${leaseDues.remindedAt} is null or (${leaseDues.dueDate} < ${today} and ${leaseDues.overdueRemindedAt} is null))`,
      ),
    )
    .orderBy(asc(leaseDues.dueDate), asc(leaseDues.id));
  for (const due of dues) {
    const owed = due.amount - Number(due.paid);
    const overdue = due.dueDate < today;
    const mark = overdue
      ? { overdueRemindedAt: now, ...(due.remindedAt ? {} : { remindedAt: now }) }
      : { remindedAt: now };
    await db.transaction(async (tx) => {
      await tx.update(leaseDues).set(mark).where(eq(leaseDues.id, due.id));
      // Paid already, or no way to write: marked, nothing sent.
      if (owed <= 0 || !due.email || !due.tenantName || !settings.notifications.email) return;
      // A reminder is transactional: no unsubscribe stops it, only a hard bounce of the address.
      if (await suppressionOf(tx, due.email, "transactional")) return;
      const message = rentReminderEmail(
        {
          tenantName: due.tenantName,
          unitName: due.unitName,
          dueDate: due.dueDate,
          owed,
          kind: due.kind as "rent" | "deposit",
          overdue,
        },
        due.language as TenantLanguage,
      );
      await tx.insert(outbox).values({
        channel: "email",
        purpose: "lease-reminder",
        leaseId: due.leaseId,
        payload: { to: [due.email], ...message },
      });
      outcome.tenantReminders++;
    });
  }

  // The desk: TM30 reports past their 24 hours.
  const lateTasks = await db
    .select({
      id: tasks.id,
      leaseId: tasks.leaseId,
      dueAt: tasks.dueAt,
      unitName: properties.name,
      tenantName: leaseTenants.name,
    })
    .from(tasks)
    .innerJoin(leases, eq(leases.id, tasks.leaseId))
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .leftJoin(leaseTenants, eq(leaseTenants.id, tasks.tenantId))
    .where(and(isNull(tasks.doneAt), isNull(tasks.alertedAt), lt(tasks.dueAt, now)));
  for (const task of lateTasks) {
    await db.transaction(async (tx) => {
      await tx.update(tasks).set({ alertedAt: now }).where(eq(tasks.id, task.id));
      outcome.deskAlerts += await deskAlert(
        tx,
        task.leaseId,
        tm30OverdueAlert({ ...task, dueAt: formatAdminDateTime(task.dueAt) }, settings.publicUrl),
        settings.notifications,
      );
    });
  }

  // The desk: deposits to return within two days, or late.
  const ended = await db
    .select({
      id: leases.id,
      endedOn: leases.endedOn,
      unitName: properties.name,
      repairs: sql<boolean>`exists (select 1 from ${depositDeductions} x where x.lease_id = ${leases.id} and x.is_repair)`,
    })
    .from(leases)
    .innerJoin(properties, eq(properties.id, leases.propertyId))
    .where(
      and(
        eq(leases.status, "ended"),
        inArray(leases.depositStatus, ["received", "held"]),
        isNull(leases.depositAlertedAt),
        sql`${leases.endedOn} is not null`,
      ),
    );
  for (const lease of ended) {
    const deadline = depositReturnDeadline(lease.endedOn as string, Boolean(lease.repairs));
    if (deadline > plusDays(today, DEPOSIT_ALERT_DAYS_BEFORE)) continue;
    await db.transaction(async (tx) => {
      await tx.update(leases).set({ depositAlertedAt: now }).where(eq(leases.id, lease.id));
      outcome.deskAlerts += await deskAlert(
        tx,
        lease.id,
        depositDeadlineAlert(
          { unitName: lease.unitName, deadline, leaseId: lease.id, late: deadline < today },
          settings.publicUrl,
        ),
        settings.notifications,
      );
    });
  }

  outcome.erased = await eraseExpiredPersonalData(db, settings.retentionDays, { now });
  return outcome;
}

/**
 * The statements' daily round: once a period has ended in Phuket, every unit in a program with
 * owners gets its draft statement for it (revenue share: each month; guaranteed: each quarter of
 * the five-year term), and the desk is told on its alert channels that drafts wait for review.
 *
 * Every server schedules the round; an advisory lock lets one of them run it. A period that has
 * any statement already (a draft, or any version published) is left as it is, and the check is
 * made again under the unit's lock in the transaction that inserts, so a second round, even one
 * running at the same moment, makes nothing twice.
 */

import { and, asc, eq, max } from "drizzle-orm";
import { href } from "react-router";
import type { AppDatabase, Database } from "../../db/client.server.ts";
import { outbox, ownerStatements, properties, unitOwners, unitPrograms } from "../../db/schema.ts";
import { businessToday, plusDays, plusMonths } from "../../domain/date-time.ts";
import { guaranteedQuarterStarts, monthOf, quarterOf } from "../../domain/owner-money.ts";
import type { OwnerProgramKind } from "../../domain/owners.ts";
import type { NotificationConfig } from "../../lib/config.server.ts";
import { startDailyRound } from "../../lib/daily-round.server.ts";
import type { Logger } from "../../lib/logger.server.ts";
import {
  computeStatement,
  insertStatement,
  StatementError,
  statementPeriod,
} from "./statements.server.ts";

const STATEMENTS_LOCK_ID = 727_083;
/** The round runs at 06:00 in Phuket: the month (or quarter) that ended at midnight is drafted. */
export const STATEMENT_HOUR = 6;
/** The most months a revenue-share unit is caught up in one round (a server off for years). */
export const MAX_CATCH_UP_MONTHS = 24;

export interface StatementJobSettings {
  publicUrl: string;
  notifications: NotificationConfig;
}

/**
 * The first days of the periods a unit should have a statement for by `today` (a Phuket day),
 * oldest first: only periods that have ended.
 * - Guaranteed: every quarter of the five-year term from its start (a partial first or last
 *   quarter included); none before the start or after the term.
 * - Revenue share: every month from the agreement's start when it has one; without one, from the
 *   month after the unit's latest statement, or only the month just ended when it has none
 *   (no history is invented for an agreement whose start is not known). At most
 *   MAX_CATCH_UP_MONTHS months back.
 */
export function periodsDue(
  unit: { kind: OwnerProgramKind; startDate: string | null; latestPeriodStart: string | null },
  today: string,
): string[] {
  if (unit.kind === "guaranteed") {
    if (!unit.startDate) return [];
    return guaranteedQuarterStarts(unit.startDate).filter((q) => quarterOf(q).end <= today);
  }
  const lastEnded = monthOf(plusDays(monthOf(today).start, -1)).start;
  const floor = plusMonths(lastEnded, -(MAX_CATCH_UP_MONTHS - 1));
  let from = lastEnded;
  if (unit.startDate) from = monthOf(unit.startDate).start;
  else if (unit.latestPeriodStart) from = plusMonths(monthOf(unit.latestPeriodStart).start, 1);
  if (from < floor) from = floor;
  const months: string[] = [];
  for (let m = from; m <= lastEnded; m = plusMonths(m, 1)) months.push(m);
  return months;
}

/** One draft the round made. */
export interface DraftMade {
  id: number;
  propertyId: number;
  unitName: string;
  program: OwnerProgramKind;
  periodStart: string;
}

/**
 * The draft of one unit's period, unless the period has a statement already (then null). Under
 * the unit's lock, so it cannot race another round or the desk's own drafting.
 */
async function draftIfMissing(
  db: AppDatabase,
  propertyId: number,
  periodStart: string,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // The unit's program row lock: the desk's drafting and corrections take it too.
    const [program] = await tx
      .select({ kind: unitPrograms.kind })
      .from(unitPrograms)
      .where(eq(unitPrograms.propertyId, propertyId))
      .for("update");
    if (!program) return null;
    // The program may have changed since the round listed it: its periods are then other ones.
    if (statementPeriod(program.kind, periodStart).start !== periodStart) return null;
    const [existing] = await tx
      .select({ id: ownerStatements.id })
      .from(ownerStatements)
      .where(
        and(
          eq(ownerStatements.propertyId, propertyId),
          eq(ownerStatements.periodStart, periodStart),
        ),
      )
      .limit(1);
    if (existing) return null;
    const computed = await computeStatement(tx, propertyId, periodStart);
    return insertStatement(
      tx,
      propertyId,
      computed,
      { version: 1, supersedesId: null, reason: null },
      null,
    );
  });
}

/**
 * One round: the drafts of every ended period that has no statement yet, for every unit in a
 * program with owners. Answers the drafts made; safe to run again (it then makes none).
 */
export async function draftEndedPeriods(
  db: AppDatabase,
  now: Date = new Date(),
): Promise<DraftMade[]> {
  const today = businessToday(now);
  const units = await db
    .selectDistinct({
      id: unitPrograms.propertyId,
      name: properties.name,
      kind: unitPrograms.kind,
      startDate: unitPrograms.startDate,
    })
    .from(unitPrograms)
    .innerJoin(properties, eq(properties.id, unitPrograms.propertyId))
    .innerJoin(unitOwners, eq(unitOwners.propertyId, unitPrograms.propertyId))
    .orderBy(asc(properties.name), asc(unitPrograms.propertyId));
  const made: DraftMade[] = [];
  for (const unit of units) {
    const stored = await db
      .select({ periodStart: ownerStatements.periodStart })
      .from(ownerStatements)
      .where(eq(ownerStatements.propertyId, unit.id));
    const have = new Set(stored.map((s) => s.periodStart));
    const [latest] = await db
      .select({ start: max(ownerStatements.periodStart) })
      .from(ownerStatements)
      .where(eq(ownerStatements.propertyId, unit.id));
    const due = periodsDue(
      { kind: unit.kind, startDate: unit.startDate, latestPeriodStart: latest?.start ?? null },
      today,
    ).filter((start) => !have.has(start));
    for (const periodStart of due) {
      try {
        const id = await draftIfMissing(db, unit.id, periodStart);
        if (id !== null)
          made.push({
            id,
            propertyId: unit.id,
            unitName: unit.name,
            program: unit.kind,
            periodStart,
          });
      } catch (error) {
        // A unit that lost its owners or program meanwhile: the next round looks again.
        if (!(error instanceof StatementError)) throw error;
      }
    }
  }
  return made;
}

/** The desk's message: which drafts wait, and where to review them (English, the desk's language). */
export function draftsWaitingMessage(
  made: readonly DraftMade[],
  publicUrl: string,
): { subject: string; text: string } {
  const months = [...new Set(made.map((d) => closingMonth(d)))].sort();
  const lines = made.map(
    (d) =>
      `- ${d.unitName}: ${d.program === "guaranteed" ? "quarter" : "month"} from ${d.periodStart} — ${publicUrl}${href("/admin/statements/:id", { id: String(d.id) })}`,
  );
  return {
    subject: `${made.length} owners' statement${made.length === 1 ? "" : "s"} drafted: review and approve`,
    text: [
      `The period ended, so these draft statements were made from the ledger and wait for review:`,
      ...lines,
      "",
      ...months.map(
        (m) => `Statements closing in ${m}: ${publicUrl}${href("/admin/statements")}?month=${m}`,
      ),
    ].join("\n"),
  };
}

/** The month a draft's period closes in (a quarter closes in its third month), as YYYY-MM. */
function closingMonth(d: DraftMade): string {
  const period = statementPeriod(d.program, d.periodStart);
  return plusDays(period.end, -1).slice(0, 7);
}

/** Writes the desk's alert on each configured desk channel; answers how many messages. */
export async function alertDeskOfDrafts(
  db: AppDatabase,
  made: readonly DraftMade[],
  settings: StatementJobSettings,
): Promise<number> {
  if (made.length === 0) return 0;
  const { subject, text } = draftsWaitingMessage(made, settings.publicUrl);
  const rows: (typeof outbox.$inferInsert)[] = [];
  const { email, telegram } = settings.notifications;
  if (email && email.desk.length > 0)
    rows.push({ channel: "email", purpose: "alert", payload: { to: email.desk, subject, text } });
  if (telegram)
    rows.push({ channel: "telegram", purpose: "alert", payload: { text: `${subject}\n${text}` } });
  if (rows.length > 0) await db.insert(outbox).values(rows);
  return rows.length;
}

export interface StatementJob {
  /** One round now, under the lock (null when another server holds it or it failed). */
  runNow(now?: Date): Promise<DraftMade[] | null>;
  stop(): void;
}

export function startStatementJob(options: {
  database: Database;
  settings: StatementJobSettings;
  logger: Logger;
  isReady: () => boolean;
  /** Called when messages were written: the outbox sends them now. */
  afterMail: () => void;
}): StatementJob {
  const { database, logger } = options;
  const round = startDailyRound({
    database,
    lockId: STATEMENTS_LOCK_ID,
    hour: STATEMENT_HOUR,
    logger,
    isReady: options.isReady,
    failure: "could not draft owners' statements",
    work: async (now: Date = new Date()) => {
      const made = await draftEndedPeriods(database.db, now);
      const messages = await alertDeskOfDrafts(database.db, made, options.settings);
      return { made, messages };
    },
    after: ({ made, messages }) => {
      if (made.length > 0) logger.info({ drafts: made.length }, "owners' statements drafted");
      if (messages > 0) options.afterMail();
    },
  });
  return {
    runNow: async (now?: Date) => (await round.runNow(now))?.made ?? null,
    stop: round.stop,
  };
}

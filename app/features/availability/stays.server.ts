import { and, asc, eq, sql } from "drizzle-orm";
import { type AuditEntry, auditEntries } from "../../db/audit.server.ts";
import type { AppDatabase } from "../../db/client.server.ts";
import { auditLog, calendarFeeds, properties, stays } from "../../db/schema.ts";
import { bangkokToday } from "./calendar-dates.ts";
import { DEFAULT_HORIZON_DAYS, deriveStatus } from "./derive-status.ts";
import { STAY_KIND_LABELS, type StayKind } from "./stay-kinds.ts";
import type { StayInput } from "./stay-schema.ts";

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];
type Queryable = AppDatabase | Tx;

/** What "today" is and how far "soon" reaches; the server passes its clock and configuration. */
export interface AvailabilityClock {
  now?: Date;
  horizonDays?: number;
}

export class StayError extends Error {
  constructor(
    message: string,
    readonly reason: "not-found" | "overlap" | "not-manual",
  ) {
    super(message);
    this.name = "StayError";
  }
}

export interface StayRow {
  id: number;
  kind: StayKind;
  startDate: string;
  endDate: string;
  tenantName: string | null;
  leaseMonths: number | null;
  feedId: number | null;
  feedUid: string | null;
  conflict: boolean;
}

const stayColumns = {
  id: stays.id,
  kind: stays.kind,
  startDate: stays.startDate,
  endDate: stays.endDate,
  tenantName: stays.tenantName,
  leaseMonths: stays.leaseMonths,
  feedId: stays.feedId,
  feedUid: stays.feedUid,
  conflict: stays.conflict,
};

/** A unit's stays, earliest first (with the private fields: for the admin only). */
export async function listStays(db: Queryable, propertyId: number): Promise<StayRow[]> {
  const rows = await db
    .select(stayColumns)
    .from(stays)
    .where(eq(stays.propertyId, propertyId))
    .orderBy(asc(stays.startDate), asc(stays.id));
  return rows as StayRow[];
}

/** Locks the unit's row for the transaction, so that stays of one unit are checked one at a time. */
async function lockUnit(tx: Tx, propertyId: number): Promise<void> {
  const rows = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .for("update");
  if (rows.length === 0) throw new StayError("This property no longer exists.", "not-found");
}

async function assertNoOverlap(tx: Tx, propertyId: number, input: StayInput, exceptId?: number) {
  const [other] = await tx
    .select(stayColumns)
    .from(stays)
    .where(
      and(
        eq(stays.propertyId, propertyId),
        sql`${stays.startDate} < ${input.endDate}`,
        sql`${stays.endDate} > ${input.startDate}`,
        exceptId === undefined ? undefined : sql`${stays.id} <> ${exceptId}`,
      ),
    )
    .orderBy(asc(stays.startDate))
    .limit(1);
  if (other) {
    const label = STAY_KIND_LABELS[other.kind as StayKind] ?? other.kind;
    throw new StayError(
      `These dates overlap a ${label.toLowerCase()} from ${other.startDate} to ${other.endDate}` +
        `${other.feedId === null ? "" : " (from a calendar feed)"}. Change or remove that one first.`,
      "overlap",
    );
  }
}

/** What the audit log keeps of a stay entered by hand. */
export interface StaySnapshot {
  stayId: number;
  kind: string;
  startDate: string;
  endDate: string;
  tenantName: string | null;
  leaseMonths: number | null;
}

/**
 * Records a change to a unit's stays by hand: entity `property-stay` keyed by the unit, so the
 * log's index on (entity, entity id, time) finds a unit's changes directly. `by` is the admin.
 */
async function recordStayChange(
  tx: Tx,
  by: number | null,
  action: "create" | "update" | "delete",
  propertyId: number,
  before: StaySnapshot | null,
  after: StaySnapshot | null,
) {
  await tx.insert(auditLog).values({
    adminUserId: by,
    action,
    entity: "property-stay",
    entityId: String(propertyId),
    before,
    after,
  });
}

async function staySnapshot(tx: Tx, stayId: number): Promise<StaySnapshot | null> {
  const [row] = await tx
    .select({
      stayId: stays.id,
      kind: stays.kind,
      startDate: stays.startDate,
      endDate: stays.endDate,
      tenantName: stays.tenantName,
      leaseMonths: stays.leaseMonths,
    })
    .from(stays)
    .where(eq(stays.id, stayId));
  return row ?? null;
}

export type StayChange = AuditEntry<StaySnapshot>;

/** The last `limit` stays added, changed or removed by hand on a unit, newest first. */
export function stayChanges(db: Queryable, propertyId: number, limit = 20): Promise<StayChange[]> {
  return auditEntries<StaySnapshot>(db, "property-stay", propertyId, limit);
}

const manualValues = (input: StayInput) => ({
  kind: input.kind,
  startDate: input.startDate,
  endDate: input.endDate,
  tenantName: input.kind === "lease" ? (input.tenantName ?? null) : null,
  leaseMonths: input.kind === "lease" ? (input.leaseMonths ?? null) : null,
});

/** Adds a stay entered by hand; one overlapping another stay of the unit is refused. */
export async function addStay(
  db: AppDatabase,
  propertyId: number,
  input: StayInput,
  clock: AvailabilityClock = {},
  /** The admin entering it, for the audit log. */
  by: number | null = null,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockUnit(tx, propertyId);
    await assertNoOverlap(tx, propertyId, input);
    const [row] = await tx
      .insert(stays)
      .values({ propertyId, ...manualValues(input) })
      .returning({ id: stays.id });
    if (!row) throw new Error("The stay was not stored");
    await recordStayChange(tx, by, "create", propertyId, null, await staySnapshot(tx, row.id));
    await refreshUnitAvailability(tx, propertyId, clock);
    return row.id;
  });
}

async function manualStayIn(tx: Tx, propertyId: number, stayId: number) {
  const [row] = await tx
    .select({ feedId: stays.feedId })
    .from(stays)
    .where(and(eq(stays.id, stayId), eq(stays.propertyId, propertyId)));
  if (!row) throw new StayError("This stay no longer exists.", "not-found");
  if (row.feedId !== null)
    throw new StayError(
      "This stay comes from a calendar feed: change it where the feed is kept.",
      "not-manual",
    );
}

export async function updateStay(
  db: AppDatabase,
  propertyId: number,
  stayId: number,
  input: StayInput,
  clock: AvailabilityClock = {},
  by: number | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUnit(tx, propertyId);
    await manualStayIn(tx, propertyId, stayId);
    await assertNoOverlap(tx, propertyId, input, stayId);
    const before = await staySnapshot(tx, stayId);
    await tx
      .update(stays)
      .set({ ...manualValues(input), updatedAt: new Date() })
      .where(eq(stays.id, stayId));
    const after = await staySnapshot(tx, stayId);
    if (JSON.stringify(before) !== JSON.stringify(after))
      await recordStayChange(tx, by, "update", propertyId, before, after);
    await refreshUnitAvailability(tx, propertyId, clock);
  });
}

export async function removeStay(
  db: AppDatabase,
  propertyId: number,
  stayId: number,
  clock: AvailabilityClock = {},
  by: number | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUnit(tx, propertyId);
    await manualStayIn(tx, propertyId, stayId);
    const before = await staySnapshot(tx, stayId);
    await tx.delete(stays).where(eq(stays.id, stayId));
    await recordStayChange(tx, by, "delete", propertyId, before, null);
    await refreshUnitAvailability(tx, propertyId, clock, { calendarSpeaks: true });
  });
}

/**
 * Brings a unit's conflict flags, status and dates in line with its stays. Only what differs is
 * written, so running it again changes nothing (and leaves the page cache alone). A unit without
 * stays or feeds keeps its hand-set status (unless `calendarSpeaks`: its last stay was just
 * removed, so it is free); so does one whose status the admin overrides.
 */
export async function refreshUnitAvailability(
  db: Queryable,
  propertyId: number,
  clock: AvailabilityClock = {},
  options: { calendarSpeaks?: boolean } = {},
): Promise<boolean> {
  // Which flags are wrong, found first: an update of no rows would still count as a change
  // of content for the page cache.
  const wrong = rowsOf<{ id: number; overlaps: boolean }>(
    await db.execute(sql`
      select a.id, not a.conflict as overlaps from ${stays} a
      where a.property_id = ${propertyId}
        and a.conflict <> exists (
          select 1 from ${stays} b
          where b.property_id = a.property_id and b.id <> a.id
            and b.start_date < a.end_date and b.end_date > a.start_date)`),
  );
  for (const { id, overlaps } of wrong) {
    await db
      .update(stays)
      .set({ conflict: overlaps })
      .where(eq(stays.id, Number(id)));
  }

  const [unit] = await db
    .select({
      status: properties.status,
      availableFrom: properties.availableFrom,
      rentedUntil: properties.rentedUntil,
      statusOverride: properties.statusOverride,
      // Spelled out: inside a select list the column helpers would drop their table names.
      hasCalendar: sql<boolean>`(exists (select 1 from stays s where s.property_id = ${propertyId})
        or exists (select 1 from calendar_feeds f where f.property_id = ${propertyId}))`,
    })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!unit || unit.statusOverride || !(unit.hasCalendar || options.calendarSpeaks)) return false;

  const today = bangkokToday(clock.now);
  const periods = await db
    .select({ start: stays.startDate, end: stays.endDate })
    .from(stays)
    .where(and(eq(stays.propertyId, propertyId), sql`${stays.endDate} > ${today}`));
  const derived = deriveStatus(periods, today, clock.horizonDays ?? DEFAULT_HORIZON_DAYS);
  if (
    derived.status === unit.status &&
    derived.availableFrom === unit.availableFrom &&
    derived.rentedUntil === unit.rentedUntil
  )
    return false;
  await db.update(properties).set(derived).where(eq(properties.id, propertyId));
  return true;
}

/**
 * Every calendar-driven unit brought up to date: at start and at each Bangkok midnight. Safe to
 * run on several servers at once (each write is the same), and cheap when nothing changed.
 */
export async function refreshAllAvailability(
  db: AppDatabase,
  clock: AvailabilityClock = {},
): Promise<number> {
  const units = await db.execute<{ id: number }>(sql`
    select p.id from ${properties} p
    where not p.status_override
      and (exists (select 1 from ${stays} s where s.property_id = p.id)
        or exists (select 1 from ${calendarFeeds} f where f.property_id = p.id))
    order by p.id`);
  let changed = 0;
  for (const { id } of rowsOf<{ id: number }>(units)) {
    if (await db.transaction((tx) => refreshUnitAvailability(tx, Number(id), clock))) changed++;
  }
  return changed;
}

/** Rows of `db.execute`, whichever driver answered. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

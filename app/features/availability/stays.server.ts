import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { type AuditEntry, auditEntries } from "../../db/audit.server.ts";
import type { AppDatabase } from "../../db/client.server.ts";
import { auditLog, calendarFeeds, leases, properties, stays } from "../../db/schema.ts";
import { businessToday } from "../../domain/date-time.ts";
import { DEFAULT_HORIZON_DAYS, deriveStatus } from "./derive-status.ts";
import { nextTurn } from "./next-turn.ts";
import { overlappingIds, type Span } from "./overlaps.ts";
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
    readonly reason: "not-found" | "overlap" | "not-manual" | "lease-owned",
    /** The lease a `lease-owned` stay belongs to. */
    readonly leaseId: number | null = null,
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
  /** The lease this stay belongs to (changed only through it); listed pages only. */
  leaseId?: number | null;
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

/** How many stays a unit has, and how many of them overlap another. */
export async function stayCounts(
  db: Queryable,
  propertyId: number,
): Promise<{ total: number; conflicts: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      conflicts: sql<number>`count(*) filter (where ${stays.conflict})`.mapWith(Number),
    })
    .from(stays)
    .where(eq(stays.propertyId, propertyId));
  return row ?? { total: 0, conflicts: 0 };
}

/**
 * One page of a unit's stays for the admin, upcoming first: those not over by `today` from the
 * earliest, then those over, the latest first.
 */
export async function listStayPage(
  db: Queryable,
  propertyId: number,
  today: string,
  offset: number,
  limit: number,
): Promise<StayRow[]> {
  const rows = await db
    .select({ ...stayColumns, leaseId: leases.id })
    .from(stays)
    .leftJoin(leases, eq(leases.stayId, stays.id))
    .where(eq(stays.propertyId, propertyId))
    .orderBy(
      sql`${stays.endDate} <= ${today}`,
      sql`case when ${stays.endDate} > ${today} then ${stays.startDate} end`,
      desc(stays.startDate),
      asc(stays.id),
    )
    .offset(offset)
    .limit(limit);
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

/**
 * Who changes a stay: by hand (the calendar page, `{}`), or the lease of that id. A lease's stay
 * (its `stay_id`) follows the lease and is changed or removed only by it.
 */
export interface StayChanger {
  leaseId?: number;
}

async function manualStayIn(tx: Tx, propertyId: number, stayId: number, changer: StayChanger) {
  const [row] = await tx
    .select({ feedId: stays.feedId, leaseId: leases.id })
    .from(stays)
    .leftJoin(leases, eq(leases.stayId, stays.id))
    .where(and(eq(stays.id, stayId), eq(stays.propertyId, propertyId)));
  if (!row) throw new StayError("This stay no longer exists.", "not-found");
  if (row.feedId !== null)
    throw new StayError(
      "This stay comes from a calendar feed: change it where the feed is kept.",
      "not-manual",
    );
  if (row.leaseId !== null && row.leaseId !== changer.leaseId)
    throw new StayError(
      `This stay belongs to lease #${row.leaseId}: change the lease instead.`,
      "lease-owned",
      row.leaseId,
    );
}

export async function updateStay(
  db: AppDatabase,
  propertyId: number,
  stayId: number,
  input: StayInput,
  clock: AvailabilityClock = {},
  by: number | null = null,
  changer: StayChanger = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUnit(tx, propertyId);
    await manualStayIn(tx, propertyId, stayId, changer);
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
  changer: StayChanger = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUnit(tx, propertyId);
    await manualStayIn(tx, propertyId, stayId, changer);
    const before = await staySnapshot(tx, stayId);
    await tx.delete(stays).where(eq(stays.id, stayId));
    await recordStayChange(tx, by, "delete", propertyId, before, null);
    await refreshUnitAvailability(tx, propertyId, clock, { calendarSpeaks: true });
  });
}

/** Rows read or written per statement: each a few milliseconds of the server's thread. */
const ROWS_PER_STATEMENT = 50;
const SPANS_PER_PAGE = 500;

/**
 * A unit's stays as spans, earliest first, read a page at a time (by first day and id, on the
 * unit's index) with the thread given back between pages.
 */
async function unitSpans(db: Queryable, propertyId: number) {
  const spans: (Span & { conflict: boolean })[] = [];
  for (;;) {
    const last = spans.at(-1);
    const page = await db
      .select({
        id: stays.id,
        start: stays.startDate,
        end: stays.endDate,
        conflict: stays.conflict,
      })
      .from(stays)
      .where(
        and(
          eq(stays.propertyId, propertyId),
          last ? sql`(${stays.startDate}, ${stays.id}) > (${last.start}, ${last.id})` : undefined,
        ),
      )
      .orderBy(asc(stays.startDate), asc(stays.id))
      .limit(SPANS_PER_PAGE);
    spans.push(...page);
    if (page.length < SPANS_PER_PAGE) return spans;
    await nextTurn();
  }
}

/** Sets `conflict` on the given stays, a few hundred per statement. */
async function setConflict(db: Queryable, ids: number[], conflict: boolean) {
  for (let i = 0; i < ids.length; i += ROWS_PER_STATEMENT) {
    await db
      .update(stays)
      .set({ conflict })
      .where(inArray(stays.id, ids.slice(i, i + ROWS_PER_STATEMENT)));
    await nextTurn();
  }
}

/**
 * Brings a unit's conflict flags, status and dates in line with its stays. Only what differs is
 * written, so running it again changes nothing (and leaves the page cache alone). A unit without
 * stays or feeds keeps its hand-set status (unless `calendarSpeaks`: its last stay was just
 * removed, so it is free); so does one whose status the admin overrides. The overlaps are found
 * by one sweep over the stays in order of their first day (decision 092).
 */
export async function refreshUnitAvailability(
  db: Queryable,
  propertyId: number,
  clock: AvailabilityClock = {},
  options: { calendarSpeaks?: boolean } = {},
): Promise<boolean> {
  const spans = await unitSpans(db, propertyId);
  const overlapping = overlappingIds(spans);
  // Only the flags that are wrong are written: an update of no rows would still count as a
  // change of content for the page cache.
  const raise: number[] = [];
  const clear: number[] = [];
  for (const span of spans) {
    const overlaps = overlapping.has(span.id);
    if (overlaps !== span.conflict) (overlaps ? raise : clear).push(span.id);
  }
  await setConflict(db, raise, true);
  await setConflict(db, clear, false);

  const [unit] = await db
    .select({
      status: properties.status,
      availableFrom: properties.availableFrom,
      rentedUntil: properties.rentedUntil,
      statusOverride: properties.statusOverride,
      hasFeed: sql<boolean>`exists (select 1 from calendar_feeds f where f.property_id = ${propertyId})`,
    })
    .from(properties)
    .where(eq(properties.id, propertyId));
  const hasCalendar = spans.length > 0 || unit?.hasFeed;
  if (!unit || unit.statusOverride || !(hasCalendar || options.calendarSpeaks)) return false;

  const today = businessToday(clock.now);
  const periods = spans.filter((s) => s.end > today);
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
 * Removes a feed's stays a batch at a time, before the feed itself goes (its cascade would take
 * them all in one statement). Returns how many went.
 */
export async function removeFeedStays(db: Queryable, feedId: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await db
      .select({ id: stays.id })
      .from(stays)
      .where(eq(stays.feedId, feedId))
      .limit(ROWS_PER_STATEMENT);
    if (batch.length === 0) return removed;
    await db.delete(stays).where(
      inArray(
        stays.id,
        batch.map((row) => row.id),
      ),
    );
    removed += batch.length;
    await nextTurn();
  }
}

/** A feed's event as a stay: its UID and days. */
export interface FeedStay {
  uid: string;
  start: string;
  end: string;
}

/**
 * Makes a feed's stays match its events, inside the caller's transaction: matched by UID (a
 * re-fetch never duplicates), changed dates updated, vanished events removed. Written a few
 * hundred rows per statement, with the thread given back between statements.
 */
export async function replaceFeedStays(
  tx: Queryable,
  propertyId: number,
  feedId: number,
  events: readonly FeedStay[],
): Promise<{ added: number; changed: number; removed: number }> {
  const existing: { id: number; uid: string | null; start: string; end: string }[] = [];
  for (;;) {
    const last = existing.at(-1);
    const page = await tx
      .select({ id: stays.id, uid: stays.feedUid, start: stays.startDate, end: stays.endDate })
      .from(stays)
      .where(and(eq(stays.feedId, feedId), last ? sql`${stays.id} > ${last.id}` : undefined))
      .orderBy(asc(stays.id))
      .limit(SPANS_PER_PAGE);
    existing.push(...page);
    if (page.length < SPANS_PER_PAGE) break;
    await nextTurn();
  }
  const byUid = new Map(existing.map((s) => [s.uid ?? "", s]));
  // One stay per UID: should a feed repeat one, its last event counts.
  const wanted = new Map(events.map((e) => [e.uid, e]));
  const fresh: FeedStay[] = [];
  const moved: { id: number; start: string; end: string }[] = [];
  for (const event of wanted.values()) {
    const old = byUid.get(event.uid);
    if (!old) fresh.push(event);
    else if (old.start !== event.start || old.end !== event.end)
      moved.push({ id: old.id, start: event.start, end: event.end });
  }
  const gone = existing.filter((s) => !wanted.has(s.uid ?? "")).map((s) => s.id);

  for (let i = 0; i < gone.length; i += ROWS_PER_STATEMENT) {
    await tx.delete(stays).where(inArray(stays.id, gone.slice(i, i + ROWS_PER_STATEMENT)));
    await nextTurn();
  }
  for (let i = 0; i < moved.length; i += ROWS_PER_STATEMENT) {
    const rows = moved
      .slice(i, i + ROWS_PER_STATEMENT)
      .map((m) => sql`(${m.id}::integer, ${m.start}::date, ${m.end}::date)`);
    await tx.execute(sql`
      update ${stays} set start_date = v.start_date, end_date = v.end_date, updated_at = now()
      from (values ${sql.join(rows, sql`, `)}) as v(id, start_date, end_date)
      where ${stays.id} = v.id`);
    await nextTurn();
  }
  for (let i = 0; i < fresh.length; i += ROWS_PER_STATEMENT) {
    await tx.insert(stays).values(
      fresh.slice(i, i + ROWS_PER_STATEMENT).map((event) => ({
        propertyId,
        kind: "short-stay" as const,
        startDate: event.start,
        endDate: event.end,
        feedId,
        feedUid: event.uid,
      })),
    );
    await nextTurn();
  }
  return { added: fresh.length, changed: moved.length, removed: gone.length };
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

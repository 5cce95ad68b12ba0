/**
 * What an owner sees of their units: only units they hold a share of, and of each only dates,
 * nights and kinds of stay (never a tenant's name or contact). Every read takes the owner's id
 * from their session; a unit id of someone else's answers as if it did not exist.
 */
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  ownerStayRequests,
  owners,
  properties,
  settings,
  stays,
  unitOwners,
  unitPrograms,
} from "../../db/schema.ts";
import type { StayKind } from "../../domain/availability.ts";
import { businessToday, dayCount, plusDays } from "../../domain/date-time.ts";
import type { PropertyStatus } from "../../domain/listing.ts";
import { projectRoi, ROI_PROJECTION_YEARS } from "../../domain/owner-programs.ts";
import type { OwnerProgramKind, OwnerStayStatus } from "../../domain/owners.ts";
import { occupancyByMonth } from "../availability/occupancy.ts";
import { addStay, StayError } from "../availability/stays.server.ts";
import { alertOwner } from "./owner-alerts.server.ts";
import { type OwnerMailSettings, queueDeskStayAlert } from "./owner-messages.server.ts";
import { checkOwnerStay, nightsLeft, type OwnerStayAnswer } from "./owner-stay-rules.ts";

/** The setting that approves a free, allowed owner stay at once; off: the desk decides. */
export const AUTO_APPROVE_SETTING = "owner_stays_auto_approve";

export interface OwnerStayLine {
  kind: StayKind;
  startDate: string;
  endDate: string;
  nights: number;
}

export interface OwnerUnitSummary {
  id: number;
  name: string;
  unitCode: string;
  building: string;
  slug: string;
  status: PropertyStatus;
  sharePercent: number;
  program: {
    kind: OwnerProgramKind;
    propertyValueBaht: number | null;
    startDate: string | null;
    endDate: string | null;
    annualReturnBaht: number | null;
    quarterlyReturnBaht: number | null;
  } | null;
  occupancyMonth: number;
  occupancyYear: number;
  nextStays: OwnerStayLine[];
  /** Guaranteed-return units: free nights left this calendar year. */
  freeNightsLeft: number | null;
}

/** The owner's units, by name; empty when they hold none. */
async function ownedUnits(db: AppDatabase, ownerId: number, propertyId?: number) {
  return db
    .select({
      id: properties.id,
      name: properties.name,
      unitCode: properties.unitCode,
      building: properties.building,
      slug: properties.slug,
      status: properties.status,
      sharePercent: unitOwners.sharePercent,
      kind: unitPrograms.kind,
      propertyValueBaht: unitPrograms.propertyValueBaht,
      programStart: unitPrograms.startDate,
    })
    .from(unitOwners)
    .innerJoin(properties, eq(properties.id, unitOwners.propertyId))
    .leftJoin(unitPrograms, eq(unitPrograms.propertyId, unitOwners.propertyId))
    .where(
      and(
        eq(unitOwners.ownerId, ownerId),
        propertyId === undefined ? undefined : eq(unitOwners.propertyId, propertyId),
      ),
    )
    .orderBy(asc(properties.name), asc(properties.id));
}

/** The unit's stays and waiting owner requests that touch [from, to), without private fields. */
async function calendarOf(db: AppDatabase, propertyIds: number[], from: string, to: string) {
  if (propertyIds.length === 0) return { stayRows: [], requestRows: [] };
  const stayRows = await db
    .select({
      propertyId: stays.propertyId,
      kind: stays.kind,
      startDate: stays.startDate,
      endDate: stays.endDate,
    })
    .from(stays)
    .where(
      and(inArray(stays.propertyId, propertyIds), gt(stays.endDate, from), lt(stays.startDate, to)),
    )
    .orderBy(asc(stays.startDate));
  const requestRows = await db
    .select({
      id: ownerStayRequests.id,
      propertyId: ownerStayRequests.propertyId,
      startDate: ownerStayRequests.startDate,
      endDate: ownerStayRequests.endDate,
      status: ownerStayRequests.status,
      reason: ownerStayRequests.reason,
      createdAt: ownerStayRequests.createdAt,
    })
    .from(ownerStayRequests)
    .where(
      and(
        inArray(ownerStayRequests.propertyId, propertyIds),
        gt(ownerStayRequests.endDate, from),
        lt(ownerStayRequests.startDate, to),
      ),
    )
    .orderBy(asc(ownerStayRequests.startDate));
  return {
    stayRows: stayRows.map((s) => ({ ...s, kind: s.kind as StayKind })),
    requestRows,
  };
}

function programOf(row: Awaited<ReturnType<typeof ownedUnits>>[number]) {
  if (!row.kind) return null;
  const projection = row.propertyValueBaht ? projectRoi(row.propertyValueBaht) : null;
  return {
    kind: row.kind,
    propertyValueBaht: row.propertyValueBaht,
    startDate: row.programStart,
    endDate:
      row.kind === "guaranteed" && row.programStart
        ? `${Number(row.programStart.slice(0, 4)) + ROI_PROJECTION_YEARS}${row.programStart.slice(4)}`
        : null,
    annualReturnBaht: row.kind === "guaranteed" ? (projection?.annual ?? null) : null,
    quarterlyReturnBaht: row.kind === "guaranteed" ? (projection?.quarterly ?? null) : null,
  };
}

const yearSpan = (year: number) => {
  const first = `${year}-01-01`;
  const end = `${year + 1}-01-01`;
  return { key: String(year), first, end, days: dayCount(first, end) };
};

const monthSpan = (today: string) => {
  const first = `${today.slice(0, 7)}-01`;
  const [y, m] = first.split("-").map(Number) as [number, number];
  const end = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return { key: first.slice(0, 7), first, end, days: dayCount(first, end) };
};

/** The overview: each unit with its status, occupancy, next stays and free nights left. */
export async function loadOwnerOverview(
  db: AppDatabase,
  ownerId: number,
  now: Date = new Date(),
): Promise<{ today: string; units: OwnerUnitSummary[] }> {
  const today = businessToday(now);
  const year = Number(today.slice(0, 4));
  const rows = await ownedUnits(db, ownerId);
  const { stayRows, requestRows } = await calendarOf(
    db,
    rows.map((r) => r.id),
    `${year}-01-01`,
    plusDays(today, 400),
  );
  const units = rows.map((row) => {
    const own = stayRows.filter((s) => s.propertyId === row.id);
    const busy = own.map((s) => ({ start: s.startDate, end: s.endDate }));
    const [month = 0, wholeYear = 0] = [
      occupancyByMonth(busy, [monthSpan(today)])[0],
      occupancyByMonth(busy, [yearSpan(year)])[0],
    ];
    const ownerNights = [
      ...own.filter((s) => s.kind === "owner-block"),
      ...requestRows.filter((r) => r.propertyId === row.id && r.status === "pending"),
    ];
    return {
      id: row.id,
      name: row.name,
      unitCode: row.unitCode,
      building: row.building,
      slug: row.slug,
      status: row.status,
      sharePercent: row.sharePercent,
      program: programOf(row),
      occupancyMonth: month,
      occupancyYear: wholeYear,
      nextStays: own
        .filter((s) => s.endDate > today)
        .slice(0, 3)
        .map((s) => ({
          kind: s.kind,
          startDate: s.startDate,
          endDate: s.endDate,
          nights: dayCount(s.startDate, s.endDate),
        })),
      freeNightsLeft: row.kind === "guaranteed" ? nightsLeft(ownerNights, year) : null,
    };
  });
  return { today, units };
}

export interface OwnerRequestLine {
  id: number;
  startDate: string;
  endDate: string;
  nights: number;
  status: OwnerStayStatus;
  reason: string | null;
}

/** One unit's page: its summary, the 12 months' busy periods, its stays and the owner's requests. */
export async function loadOwnerUnit(
  db: AppDatabase,
  ownerId: number,
  propertyId: number,
  now: Date = new Date(),
) {
  const overview = await loadOwnerOverview(db, ownerId, now);
  const unit = overview.units.find((u) => u.id === propertyId);
  if (!unit) return null;
  const { today } = overview;
  const { stayRows, requestRows } = await calendarOf(
    db,
    [propertyId],
    plusDays(today, -31),
    plusDays(today, 400),
  );
  const mine = await db
    .select({ id: ownerStayRequests.id })
    .from(ownerStayRequests)
    .where(
      and(eq(ownerStayRequests.propertyId, propertyId), eq(ownerStayRequests.ownerId, ownerId)),
    );
  const mineIds = new Set(mine.map((m) => m.id));
  return {
    today,
    unit,
    calendar: {
      today,
      busy: [
        ...stayRows.map((s) => ({ start: s.startDate, end: s.endDate })),
        ...requestRows
          .filter((r) => r.status === "pending")
          .map((r) => ({ start: r.startDate, end: r.endDate })),
      ],
    },
    stays: stayRows
      .filter((s) => s.endDate > today)
      .map((s) => ({
        kind: s.kind,
        startDate: s.startDate,
        endDate: s.endDate,
        nights: dayCount(s.startDate, s.endDate),
      })),
    requests: requestRows
      .filter((r) => mineIds.has(r.id))
      .map(
        (r): OwnerRequestLine => ({
          id: r.id,
          startDate: r.startDate,
          endDate: r.endDate,
          nights: dayCount(r.startDate, r.endDate),
          status: r.status,
          reason: r.reason,
        }),
      ),
  };
}

export async function autoApproveOwnerStays(db: AppDatabase): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, AUTO_APPROVE_SETTING));
  return row?.value === true;
}

export async function setAutoApproveOwnerStays(db: AppDatabase, on: boolean) {
  await db
    .insert(settings)
    .values({ key: AUTO_APPROVE_SETTING, value: on })
    .onConflictDoUpdate({ target: settings.key, set: { value: on, updatedAt: new Date() } });
}

export type OwnerStayOutcome =
  | { ok: true; status: "approved" | "pending"; nights: number }
  | { ok: false; answer: Exclude<OwnerStayAnswer, { ok: true }> }
  | { ok: false; answer: null; notFound: true };

/**
 * An owner asks to block dates of their unit. The program's rules and clashes are checked
 * under the unit's lock; allowed, it is approved at once (an owner-block stay) when the desk
 * chose so, else it waits for the desk. Either way the desk is alerted.
 */
export async function requestOwnerStay(
  db: AppDatabase,
  ownerId: number,
  propertyId: number,
  dates: { startDate: string; endDate: string },
  mail: OwnerMailSettings,
  now: Date = new Date(),
): Promise<OwnerStayOutcome> {
  const [row] = await ownedUnits(db, ownerId, propertyId);
  if (!row) return { ok: false, answer: null, notFound: true };
  const autoApprove = await autoApproveOwnerStays(db);
  const today = businessToday(now);
  const year = Number(dates.startDate.slice(0, 4));
  const from = Number.isFinite(year) ? `${year}-01-01` : today;
  const result = await db.transaction(async (tx) => {
    // One owner request at a time per unit: two tabs cannot both take the last free nights.
    await tx.execute(sql`select id from ${properties} where id = ${propertyId} for update`);
    const taken = await tx
      .select({ kind: stays.kind, startDate: stays.startDate, endDate: stays.endDate })
      .from(stays)
      .where(and(eq(stays.propertyId, propertyId), gt(stays.endDate, from < today ? from : today)));
    const waiting = await tx
      .select({ startDate: ownerStayRequests.startDate, endDate: ownerStayRequests.endDate })
      .from(ownerStayRequests)
      .where(
        and(eq(ownerStayRequests.propertyId, propertyId), eq(ownerStayRequests.status, "pending")),
      );
    const answer = checkOwnerStay({
      program: row.kind ?? "revenue-share",
      ...dates,
      today,
      taken: [
        ...taken.map((t) => ({ ...t, kind: t.kind as StayKind })),
        ...waiting.map((w) => ({ ...w, kind: "request" as const })),
      ],
      ownerNights: [...taken.filter((t) => t.kind === "owner-block"), ...waiting],
    });
    if (!answer.ok) return { ok: false as const, answer };
    const [request] = await tx
      .insert(ownerStayRequests)
      .values({ propertyId, ownerId, ...dates, status: "pending" })
      .returning({ id: ownerStayRequests.id });
    if (!request) throw new Error("The request was not stored");
    return { ok: true as const, id: request.id, nights: answer.nights };
  });
  if (!result.ok) return result;
  const [owner] = await db.select().from(owners).where(eq(owners.id, ownerId));
  if (autoApprove) {
    const approved = await approveOwnerStay(db, result.id, null, mail, now);
    if (!approved.ok) {
      // A stay written meanwhile (another desk's entry, a feed): the desk decides.
      await queueDeskStayAlert(
        db,
        { ownerName: owner?.name ?? "", unitName: row.name, ...dates, approved: false },
        mail,
      );
      return { ok: true, status: "pending", nights: result.nights };
    }
    await queueDeskStayAlert(
      db,
      { ownerName: owner?.name ?? "", unitName: row.name, ...dates, approved: true },
      mail,
    );
    return { ok: true, status: "approved", nights: result.nights };
  }
  await queueDeskStayAlert(
    db,
    { ownerName: owner?.name ?? "", unitName: row.name, ...dates, approved: false },
    mail,
  );
  return { ok: true, status: "pending", nights: result.nights };
}

/** The desk (or the auto-approve setting) approves a waiting request: it becomes a stay. */
export async function approveOwnerStay(
  db: AppDatabase,
  requestId: number,
  adminId: number | null,
  mail: OwnerMailSettings,
  now: Date = new Date(),
): Promise<{ ok: true } | { ok: false; message: string }> {
  const [request] = await db
    .select()
    .from(ownerStayRequests)
    .where(and(eq(ownerStayRequests.id, requestId), eq(ownerStayRequests.status, "pending")));
  if (!request) return { ok: false, message: "This request was decided already." };
  let stayId: number;
  try {
    stayId = await addStay(
      db,
      request.propertyId,
      { kind: "owner-block", startDate: request.startDate, endDate: request.endDate },
      { now },
      adminId,
    );
  } catch (error) {
    if (error instanceof StayError) return { ok: false, message: error.message };
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(ownerStayRequests)
      .set({ status: "approved", stayId, decidedAt: now, decidedBy: adminId })
      .where(eq(ownerStayRequests.id, requestId));
    await notifyDecision(tx, request, true, mail);
  });
  return { ok: true };
}

export async function refuseOwnerStay(
  db: AppDatabase,
  requestId: number,
  adminId: number,
  reason: string,
  mail: OwnerMailSettings,
  now: Date = new Date(),
): Promise<{ ok: true } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .update(ownerStayRequests)
      .set({ status: "refused", reason, decidedAt: now, decidedBy: adminId })
      .where(and(eq(ownerStayRequests.id, requestId), eq(ownerStayRequests.status, "pending")))
      .returning();
    if (!request) return { ok: false as const, message: "This request was decided already." };
    await notifyDecision(tx, request, false, mail);
    return { ok: true as const };
  });
}

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

async function notifyDecision(
  tx: Tx,
  request: typeof ownerStayRequests.$inferSelect,
  approved: boolean,
  mail: OwnerMailSettings,
) {
  const [unit] = await tx
    .select({ name: properties.name })
    .from(properties)
    .where(eq(properties.id, request.propertyId));
  await alertOwner(
    tx,
    request.ownerId,
    {
      kind: "stay-decided",
      approved,
      unitName: unit?.name ?? "",
      startDate: request.startDate,
      endDate: request.endDate,
    },
    mail,
  );
}

/** Requests waiting for the desk, for /admin/owners. */
export async function listWaitingOwnerStays(db: AppDatabase) {
  return db
    .select({
      id: ownerStayRequests.id,
      startDate: ownerStayRequests.startDate,
      endDate: ownerStayRequests.endDate,
      ownerName: owners.name,
      unitName: properties.name,
      propertyId: ownerStayRequests.propertyId,
    })
    .from(ownerStayRequests)
    .innerJoin(owners, eq(owners.id, ownerStayRequests.ownerId))
    .innerJoin(properties, eq(properties.id, ownerStayRequests.propertyId))
    .where(eq(ownerStayRequests.status, "pending"))
    .orderBy(asc(ownerStayRequests.startDate));
}

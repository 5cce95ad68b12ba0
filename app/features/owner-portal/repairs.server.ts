/**
 * Repair and maintenance tickets of owners' units. An owner (of that unit) or the desk opens one;
 * the desk quotes it, and a quote above the unit's owners' approval threshold waits for an owner's
 * Approve or Decline, while one at or below it is approved at once by the rule. Every change is a
 * row of repair_events with who made it and when. An owner reaches only tickets of their units:
 * any other id reads as missing.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  adminUsers,
  owners,
  properties,
  repairEvents,
  repairTickets,
  unitOwners,
} from "../../db/schema.ts";
import { DEFAULT_APPROVAL_THRESHOLD_BAHT } from "../../domain/owners.ts";
import {
  MAX_REPAIR_BAHT,
  MAX_REPAIR_PHOTOS,
  OPEN_REPAIR_STAGES,
  QUOTABLE_STAGES,
  quoteNeedsOwner,
  type RepairActor,
  type RepairEventKind,
  type RepairStage,
} from "../../domain/repairs.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { alertUnitOwners } from "./owner-alerts.server.ts";
import type { OwnerMailSettings } from "./owner-messages.server.ts";
import type { RepairOpenInput } from "./repair-schema.ts";

/** Who acts: a desk user or an owner (whose units are checked). */
export type RepairBy = { adminId: number } | { ownerId: number };

export class RepairError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

/** A stored picture variant the upload pipeline made: uploads/<32 hex>-<width>.webp. */
export const UPLOAD_VARIANT = /^uploads\/[a-f0-9]{32}-\d{2,5}\.webp$/;

const baht = z
  .string()
  .trim()
  .regex(/^\d{1,8}$/, "Enter a whole number of baht")
  .transform(Number)
  .refine((n) => n <= MAX_REPAIR_BAHT, `At most ฿${MAX_REPAIR_BAHT.toLocaleString("en")}`);

/** The desk's quote: an amount in baht and, optionally, a picture of the quote document. */
export const repairQuoteSchema = z.object({
  amountBaht: baht,
  quoteKey: z
    .string()
    .regex(UPLOAD_VARIANT, "Upload the quote again")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export const repairDoneSchema = z.object({ finalCostBaht: baht });

export const repairPhotoSchema = z.object({
  photo: z.string().regex(UPLOAD_VARIANT, "Upload the photo again"),
});

const actorOf = (by: RepairBy) =>
  "adminId" in by
    ? { actor: "desk" as RepairActor, adminId: by.adminId, ownerId: null }
    : { actor: "owner" as RepairActor, adminId: null, ownerId: by.ownerId };

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

async function ownsUnit(db: AppDatabase | Tx, ownerId: number, propertyId: number) {
  const [row] = await db
    .select({ id: unitOwners.propertyId })
    .from(unitOwners)
    .where(and(eq(unitOwners.ownerId, ownerId), eq(unitOwners.propertyId, propertyId)));
  return Boolean(row);
}

/** Opens a ticket; an owner only on a unit of theirs (else a 404, as for an unknown unit). */
export async function openRepair(
  db: AppDatabase,
  input: RepairOpenInput,
  by: RepairBy,
  now: Date = new Date(),
): Promise<number> {
  if ("ownerId" in by && !(await ownsUnit(db, by.ownerId, input.propertyId)))
    throw new RepairError("Not found", 404);
  const [unit] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.id, input.propertyId));
  if (!unit) throw new RepairError("Choose a unit", "ownerId" in by ? 404 : 400);
  const who = actorOf(by);
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(repairTickets)
      .values({
        propertyId: input.propertyId,
        title: input.title,
        description: input.description,
        openedByAdmin: who.adminId,
        openedByOwner: who.ownerId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: repairTickets.id });
    if (!ticket) throw new Error("The ticket was not stored");
    await tx
      .insert(repairEvents)
      .values({ ticketId: ticket.id, kind: "reported", ...who, createdAt: now });
    return ticket.id;
  });
}

/** Moves a ticket from one of `from` to `to` in one statement, so two clicks cannot both win. */
async function move(
  tx: Tx,
  ticketId: number,
  from: readonly RepairStage[],
  set: Partial<typeof repairTickets.$inferInsert> & { stage: RepairStage },
  now: Date,
) {
  const [row] = await tx
    .update(repairTickets)
    .set({ ...set, updatedAt: now })
    .where(and(eq(repairTickets.id, ticketId), inArray(repairTickets.stage, [...from])))
    .returning({ id: repairTickets.id });
  return Boolean(row);
}

async function ticketOrMissing(db: AppDatabase | Tx, ticketId: number) {
  const [ticket] = await db.select().from(repairTickets).where(eq(repairTickets.id, ticketId));
  if (!ticket) throw new RepairError("Not found", 404);
  return ticket;
}

const stageMessage = (stage: RepairStage) =>
  `This ticket is ${stage.replace("-", " ")} now; reload the page.`;

/**
 * The desk quotes a ticket. Above the unit's owners' lowest threshold it waits for an owner
 * ("quoted"); at or below it, it is approved at once and the approval is recorded as the rule's.
 */
export async function quoteRepair(
  db: AppDatabase,
  ticketId: number,
  adminId: number,
  quote: { amountBaht: number; quoteKey?: string | undefined },
  storage: MediaStorage,
  now: Date = new Date(),
  /** Where the owners' alert of a quote waiting for them goes; unset, none is written. */
  alerts?: OwnerMailSettings,
): Promise<{ stage: "quoted" | "approved"; thresholdBaht: number }> {
  if (quote.quoteKey && !(await storage.exists(quote.quoteKey)))
    throw new RepairError("The quote picture was not found; upload it again.");
  return db.transaction(async (tx) => {
    const ticket = await ticketOrMissing(tx, ticketId);
    const thresholds = await tx
      .select({ baht: owners.approvalThresholdBaht })
      .from(unitOwners)
      .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
      .where(eq(unitOwners.propertyId, ticket.propertyId));
    const list = thresholds.map((t) => t.baht);
    const thresholdBaht = list.length === 0 ? DEFAULT_APPROVAL_THRESHOLD_BAHT : Math.min(...list);
    const waits = quoteNeedsOwner(quote.amountBaht, list, DEFAULT_APPROVAL_THRESHOLD_BAHT);
    const stage = waits ? "quoted" : "approved";
    const moved = await move(
      tx,
      ticketId,
      QUOTABLE_STAGES,
      { stage, quoteBaht: quote.amountBaht, quoteKey: quote.quoteKey ?? null, thresholdBaht },
      now,
    );
    if (!moved) throw new RepairError(stageMessage(ticket.stage), 409);
    await tx.insert(repairEvents).values({
      ticketId,
      kind: "quoted",
      actor: "desk",
      adminId,
      amountBaht: quote.amountBaht,
      photoKey: quote.quoteKey ?? null,
      createdAt: now,
    });
    if (!waits)
      await tx.insert(repairEvents).values({
        ticketId,
        kind: "approved",
        actor: "auto",
        amountBaht: quote.amountBaht,
        note: `At or below the approval threshold of ฿${thresholdBaht.toLocaleString("en")}`,
        createdAt: now,
      });
    if (waits && alerts)
      await alertUnitOwners(
        tx,
        ticket.propertyId,
        {
          kind: "quote-waiting",
          ticketId,
          unitName: await unitName(tx, ticket.propertyId),
          title: ticket.title,
          baht: quote.amountBaht,
        },
        alerts,
      );
    return { stage, thresholdBaht };
  });
}

/** An owner of the ticket's unit approves or declines a quote waiting for them. */
export async function decideRepair(
  db: AppDatabase,
  ownerId: number,
  ticketId: number,
  approve: boolean,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const ticket = await ownTicket(tx, ownerId, ticketId);
    const stage = approve ? "approved" : "declined";
    if (!(await move(tx, ticketId, ["quoted"], { stage }, now)))
      throw new RepairError(stageMessage(ticket.stage), 409);
    await tx.insert(repairEvents).values({
      ticketId,
      kind: stage,
      actor: "owner",
      ownerId,
      amountBaht: ticket.quoteBaht,
      createdAt: now,
    });
  });
}

/** The desk starts approved work, then finishes it with the final cost. */
export async function advanceRepair(
  db: AppDatabase,
  ticketId: number,
  adminId: number,
  step: { to: "in-progress" } | { to: "done"; finalCostBaht: number },
  now: Date = new Date(),
  /** Where the owners' alert of finished work goes; unset, none is written. */
  alerts?: OwnerMailSettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ticket = await ticketOrMissing(tx, ticketId);
    const moved =
      step.to === "in-progress"
        ? await move(tx, ticketId, ["approved"], { stage: "in-progress" }, now)
        : await move(
            tx,
            ticketId,
            ["in-progress"],
            { stage: "done", finalCostBaht: step.finalCostBaht },
            now,
          );
    if (!moved) throw new RepairError(stageMessage(ticket.stage), 409);
    await tx.insert(repairEvents).values({
      ticketId,
      kind: step.to,
      actor: "desk",
      adminId,
      amountBaht: step.to === "done" ? step.finalCostBaht : null,
      createdAt: now,
    });
    if (step.to === "done" && alerts)
      await alertUnitOwners(
        tx,
        ticket.propertyId,
        {
          kind: "repair-done",
          ticketId,
          unitName: await unitName(tx, ticket.propertyId),
          title: ticket.title,
          baht: step.finalCostBaht,
        },
        alerts,
      );
  });
}

async function unitName(tx: Tx, propertyId: number): Promise<string> {
  const [row] = await tx
    .select({ name: properties.name })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row?.name ?? "";
}

/** A photo (an upload that exists) added to a ticket, at most MAX_REPAIR_PHOTOS a ticket. */
export async function addRepairPhoto(
  db: AppDatabase,
  ticketId: number,
  photo: string,
  by: RepairBy,
  storage: MediaStorage,
  now: Date = new Date(),
): Promise<void> {
  if (!UPLOAD_VARIANT.test(photo)) throw new RepairError("Upload the photo again.");
  await db.transaction(async (tx) => {
    const ticket =
      "ownerId" in by
        ? await ownTicket(tx, by.ownerId, ticketId)
        : await ticketOrMissing(tx, ticketId);
    if (ticket.stage === "declined") throw new RepairError(stageMessage(ticket.stage), 409);
    if (!(await storage.exists(photo)))
      throw new RepairError("That photo was not found; upload it again.");
    // The ticket's row lock: two uploads at once cannot both take the last place.
    await tx.execute(sql`select id from ${repairTickets} where id = ${ticketId} for update`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(repairEvents)
      .where(and(eq(repairEvents.ticketId, ticketId), eq(repairEvents.kind, "photo")));
    if ((count?.n ?? 0) >= MAX_REPAIR_PHOTOS)
      throw new RepairError(`A ticket has ${MAX_REPAIR_PHOTOS} photos at most.`);
    await tx
      .insert(repairEvents)
      .values({ ticketId, kind: "photo", ...actorOf(by), photoKey: photo, createdAt: now });
    await tx.update(repairTickets).set({ updatedAt: now }).where(eq(repairTickets.id, ticketId));
  });
}

/** The ticket when it is of one of the owner's units; otherwise a 404, as for an unknown id. */
async function ownTicket(db: AppDatabase | Tx, ownerId: number, ticketId: number) {
  const [row] = await db
    .select({ ticket: repairTickets })
    .from(repairTickets)
    .innerJoin(
      unitOwners,
      and(eq(unitOwners.propertyId, repairTickets.propertyId), eq(unitOwners.ownerId, ownerId)),
    )
    .where(eq(repairTickets.id, ticketId));
  if (!row) throw new RepairError("Not found", 404);
  return row.ticket;
}

export interface RepairLine {
  id: number;
  propertyId: number;
  unitName: string;
  title: string;
  stage: RepairStage;
  quoteBaht: number | null;
  finalCostBaht: number | null;
  updatedAt: string;
}

const lineColumns = {
  id: repairTickets.id,
  propertyId: repairTickets.propertyId,
  unitName: properties.name,
  title: repairTickets.title,
  stage: repairTickets.stage,
  quoteBaht: repairTickets.quoteBaht,
  finalCostBaht: repairTickets.finalCostBaht,
  updatedAt: repairTickets.updatedAt,
};

const toLine = (r: { updatedAt: Date } & Omit<RepairLine, "updatedAt">): RepairLine => ({
  ...r,
  updatedAt: r.updatedAt.toISOString(),
});

/** The tickets of the owner's units, newest change first; `open` keeps the unfinished ones. */
export async function listOwnerRepairs(
  db: AppDatabase,
  ownerId: number,
  options: { open?: boolean; limit?: number } = {},
): Promise<RepairLine[]> {
  const rows = await db
    .select(lineColumns)
    .from(repairTickets)
    .innerJoin(properties, eq(properties.id, repairTickets.propertyId))
    .innerJoin(
      unitOwners,
      and(eq(unitOwners.propertyId, repairTickets.propertyId), eq(unitOwners.ownerId, ownerId)),
    )
    .where(options.open ? inArray(repairTickets.stage, [...OPEN_REPAIR_STAGES]) : undefined)
    .orderBy(desc(repairTickets.updatedAt), desc(repairTickets.id))
    .limit(options.limit ?? 200);
  return rows.map(toLine);
}

/** The desk's list: every ticket, or one owner's units' (open first, then newest). */
export async function listRepairsForAdmin(
  db: AppDatabase,
  ownerId?: number,
): Promise<RepairLine[]> {
  if (ownerId !== undefined) return listOwnerRepairs(db, ownerId);
  const rows = await db
    .select(lineColumns)
    .from(repairTickets)
    .innerJoin(properties, eq(properties.id, repairTickets.propertyId))
    .orderBy(desc(repairTickets.updatedAt), desc(repairTickets.id))
    .limit(200);
  return rows.map(toLine);
}

export interface RepairHistoryLine {
  id: number;
  kind: RepairEventKind;
  actor: RepairActor;
  /** The desk user's e-mail or the owner's name; null for the rule. */
  who: string | null;
  amountBaht: number | null;
  photoKey: string | null;
  note: string;
  at: string;
}

async function ticketPage(db: AppDatabase, ticket: typeof repairTickets.$inferSelect) {
  const [unit] = await db
    .select({ name: properties.name })
    .from(properties)
    .where(eq(properties.id, ticket.propertyId));
  const events = await db
    .select({
      id: repairEvents.id,
      kind: repairEvents.kind,
      actor: repairEvents.actor,
      adminEmail: adminUsers.email,
      ownerName: owners.name,
      amountBaht: repairEvents.amountBaht,
      photoKey: repairEvents.photoKey,
      note: repairEvents.note,
      at: repairEvents.createdAt,
    })
    .from(repairEvents)
    .leftJoin(adminUsers, eq(adminUsers.id, repairEvents.adminId))
    .leftJoin(owners, eq(owners.id, repairEvents.ownerId))
    .where(eq(repairEvents.ticketId, ticket.id))
    .orderBy(asc(repairEvents.id));
  return {
    ticket: {
      id: ticket.id,
      propertyId: ticket.propertyId,
      unitName: unit?.name ?? "",
      title: ticket.title,
      description: ticket.description,
      stage: ticket.stage,
      quoteBaht: ticket.quoteBaht,
      quoteKey: ticket.quoteKey,
      thresholdBaht: ticket.thresholdBaht,
      finalCostBaht: ticket.finalCostBaht,
      createdAt: ticket.createdAt.toISOString(),
    },
    history: events.map(
      (e): RepairHistoryLine => ({
        id: e.id,
        kind: e.kind,
        actor: e.actor,
        who:
          e.actor === "desk"
            ? (e.adminEmail ?? "")
            : e.actor === "owner"
              ? (e.ownerName ?? "")
              : null,
        amountBaht: e.amountBaht,
        photoKey: e.photoKey,
        note: e.note,
        at: e.at.toISOString(),
      }),
    ),
  };
}

export type RepairPage = Awaited<ReturnType<typeof ticketPage>>;

/** A ticket for its owner: null when it is not of one of their units (or does not exist). */
export async function loadOwnerRepair(db: AppDatabase, ownerId: number, ticketId: number) {
  try {
    return await ticketPage(db, await ownTicket(db, ownerId, ticketId));
  } catch (error) {
    if (error instanceof RepairError) return null;
    throw error;
  }
}

export async function loadRepairForAdmin(db: AppDatabase, ticketId: number) {
  const [ticket] = await db.select().from(repairTickets).where(eq(repairTickets.id, ticketId));
  return ticket ? ticketPage(db, ticket) : null;
}

/** Units with at least one owner, for the desk's form (a ticket is about an owned unit). */
export async function listOwnedUnits(db: AppDatabase) {
  return db
    .selectDistinct({ id: properties.id, name: properties.name })
    .from(unitOwners)
    .innerJoin(properties, eq(properties.id, unitOwners.propertyId))
    .orderBy(asc(properties.name), asc(properties.id));
}

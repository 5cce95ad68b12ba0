import { and, asc, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { leaseInspectionItems, leaseInspections, leases } from "../../db/schema.ts";
import {
  type InspectionKind,
  type ItemCondition,
  MAX_INSPECTION_ITEMS,
  MAX_ITEM_PHOTOS,
} from "../../domain/inspections.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { DocumentError } from "./from-lease.ts";
import type { InspectionForm } from "./inspection-schema.ts";

export interface InspectionItem {
  id: number;
  position: number;
  room: string;
  item: string;
  condition: ItemCondition;
  notes: string;
  photoKeys: string[];
}

export interface Inspection {
  id: number;
  leaseId: number;
  kind: InspectionKind;
  inspectedOn: string;
  items: InspectionItem[];
}

/** The rooms and items a move-in inspection starts with; the desk adds, changes and removes. */
export const STARTING_ITEMS: readonly [room: string, item: string][] = [
  ["Entrance", "Door and lock"],
  ["Entrance", "Keys and key cards"],
  ["Living room", "Walls and ceiling"],
  ["Living room", "Floor"],
  ["Living room", "Sofa and furniture"],
  ["Living room", "Air conditioner and remote"],
  ["Kitchen", "Fridge"],
  ["Kitchen", "Hob, oven and hood"],
  ["Kitchen", "Sink and taps"],
  ["Bedroom", "Bed and mattress"],
  ["Bedroom", "Wardrobe"],
  ["Bedroom", "Air conditioner and remote"],
  ["Bathroom", "Toilet"],
  ["Bathroom", "Shower, sink and taps"],
  ["Balcony", "Floor and railing"],
  ["Meters", "Electricity meter reading"],
  ["Meters", "Water meter reading"],
];

/** A lease's inspections with their items in order; `kind` narrows to one. */
export async function loadInspections(
  db: AppDatabase,
  leaseId: number,
  kind?: InspectionKind,
): Promise<Inspection[]> {
  const rows = await db
    .select()
    .from(leaseInspections)
    .where(
      kind
        ? and(eq(leaseInspections.leaseId, leaseId), eq(leaseInspections.kind, kind))
        : eq(leaseInspections.leaseId, leaseId),
    )
    .orderBy(asc(leaseInspections.kind));
  const result: Inspection[] = [];
  for (const row of rows) {
    const items = await db
      .select()
      .from(leaseInspectionItems)
      .where(eq(leaseInspectionItems.inspectionId, row.id))
      .orderBy(asc(leaseInspectionItems.position), asc(leaseInspectionItems.id));
    result.push({
      id: row.id,
      leaseId: row.leaseId,
      kind: row.kind as InspectionKind,
      inspectedOn: row.inspectedOn,
      items: items.map((i) => ({
        id: i.id,
        position: i.position,
        room: i.room,
        item: i.item,
        condition: i.condition as ItemCondition,
        notes: i.notes,
        photoKeys: i.photoKeys,
      })),
    });
  }
  return result;
}

/**
 * Carries out one form of the inspection page. Starting a move-in inspection lays out the
 * usual rooms and items; a move-out one lists the move-in's items, to be checked against it.
 * A refusal is a DocumentError (400, 404 or 409) with a sentence for the admin.
 */
export async function applyInspectionForm(
  db: AppDatabase,
  storage: MediaStorage,
  leaseId: number,
  kind: InspectionKind,
  form: InspectionForm,
  by: number | null,
): Promise<string> {
  if (form.intent === "start") {
    return db.transaction(async (tx) => {
      const [lease] = await tx
        .select({ id: leases.id })
        .from(leases)
        .where(eq(leases.id, leaseId))
        .for("update");
      if (!lease) throw new DocumentError("No such lease.", 404);
      const [existing] = await tx
        .select({ id: leaseInspections.id })
        .from(leaseInspections)
        .where(and(eq(leaseInspections.leaseId, leaseId), eq(leaseInspections.kind, kind)));
      if (existing) throw new DocumentError("This inspection was started already.", 409);
      let starting = STARTING_ITEMS.map(([room, item]) => ({ room, item }));
      if (kind === "move-out") {
        const [moveIn] = await tx
          .select({ id: leaseInspections.id })
          .from(leaseInspections)
          .where(and(eq(leaseInspections.leaseId, leaseId), eq(leaseInspections.kind, "move-in")));
        if (moveIn) {
          starting = await tx
            .select({ room: leaseInspectionItems.room, item: leaseInspectionItems.item })
            .from(leaseInspectionItems)
            .where(eq(leaseInspectionItems.inspectionId, moveIn.id))
            .orderBy(asc(leaseInspectionItems.position), asc(leaseInspectionItems.id));
        }
      }
      const [row] = await tx
        .insert(leaseInspections)
        .values({ leaseId, kind, inspectedOn: form.inspectedOn, createdBy: by })
        .returning({ id: leaseInspections.id });
      if (!row) throw new Error("The inspection was not stored");
      if (starting.length > 0)
        await tx
          .insert(leaseInspectionItems)
          .values(starting.map((s, i) => ({ inspectionId: row.id, position: i + 1, ...s })));
      return "Inspection started.";
    });
  }

  const [inspection] = await loadInspectionRow(db, leaseId, kind);
  if (!inspection) throw new DocumentError("Start the inspection first.", 409);

  if (form.intent === "add-item") {
    return db.transaction(async (tx) => {
      await tx
        .select({ id: leaseInspections.id })
        .from(leaseInspections)
        .where(eq(leaseInspections.id, inspection.id))
        .for("update");
      const [count] = await tx
        .select({
          n: sql<number>`count(*)::int`,
          last: sql<number>`coalesce(max(${leaseInspectionItems.position}), 0)::int`,
        })
        .from(leaseInspectionItems)
        .where(eq(leaseInspectionItems.inspectionId, inspection.id));
      if ((count?.n ?? 0) >= MAX_INSPECTION_ITEMS)
        throw new DocumentError(`An inspection has ${MAX_INSPECTION_ITEMS} items at most.`, 400);
      await tx.insert(leaseInspectionItems).values({
        inspectionId: inspection.id,
        position: (count?.last ?? 0) + 1,
        room: form.room,
        item: form.item,
        condition: form.condition,
        notes: form.notes,
      });
      return "Item added.";
    });
  }

  const ofThis = and(
    eq(leaseInspectionItems.id, form.itemId),
    eq(leaseInspectionItems.inspectionId, inspection.id),
  );
  if (form.intent === "update-item") {
    const changed = await db
      .update(leaseInspectionItems)
      .set({ condition: form.condition, notes: form.notes })
      .where(ofThis)
      .returning({ id: leaseInspectionItems.id });
    if (changed.length === 0) throw new DocumentError("No such item.", 404);
    return "Item saved.";
  }
  if (form.intent === "remove-item") {
    const removed = await db
      .delete(leaseInspectionItems)
      .where(ofThis)
      .returning({ id: leaseInspectionItems.id });
    if (removed.length === 0) throw new DocumentError("No such item.", 404);
    return "Item removed.";
  }
  // add-photo: the file must be an upload that exists (the upload endpoint made it).
  if (!(await storage.exists(form.photo)))
    throw new DocumentError("That photo was not found; upload it again.", 400);
  const added = await db
    .update(leaseInspectionItems)
    .set({ photoKeys: sql`array_append(${leaseInspectionItems.photoKeys}, ${form.photo}::text)` })
    .where(
      and(
        ofThis,
        sql`cardinality(${leaseInspectionItems.photoKeys}) < ${MAX_ITEM_PHOTOS}`,
        sql`not (${form.photo}::text = any(${leaseInspectionItems.photoKeys}))`,
      ),
    )
    .returning({ id: leaseInspectionItems.id });
  if (added.length === 0) {
    const [item] = await db
      .select({ id: leaseInspectionItems.id })
      .from(leaseInspectionItems)
      .where(ofThis);
    if (!item) throw new DocumentError("No such item.", 404);
    throw new DocumentError(`An item has ${MAX_ITEM_PHOTOS} photos at most.`, 400);
  }
  return "Photo added.";
}

function loadInspectionRow(db: AppDatabase, leaseId: number, kind: InspectionKind) {
  return db
    .select({ id: leaseInspections.id })
    .from(leaseInspections)
    .where(and(eq(leaseInspections.leaseId, leaseId), eq(leaseInspections.kind, kind)));
}

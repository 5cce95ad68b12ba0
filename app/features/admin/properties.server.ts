import { and, asc, desc, eq, inArray, like, or, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { adminUsers, auditLog, properties, propertyImages } from "../../db/schema.ts";
import { slugify } from "../../lib/slug.ts";
import { MEDIA_WIDTHS, variantPath } from "../media/media-url.ts";
import type { MediaStorage } from "../media/storage.server.ts";
import type { ImageItem, PropertyInput } from "./property-schema.ts";

type PropertyRow = typeof properties.$inferSelect;

/** A property as the admin sees and history keeps it: every column plus its images in order. */
export interface PropertySnapshot extends Omit<PropertyRow, "createdAt" | "updatedAt"> {
  createdAt: string;
  updatedAt: string;
  images: ImageItem[];
}

export class PropertyError extends Error {
  constructor(
    message: string,
    readonly kind: "not-found" | "conflict" | "invalid",
    readonly field?: string,
  ) {
    super(message);
  }
}

export const CONFLICT_MESSAGE =
  "Someone else changed this property while you were editing it. Your changes were not saved and are still in the form: open the property again in a new tab to see theirs, then save again.";

/** Admin list: every property, ordered by building then unit code, with its main image. */
export async function listProperties(db: AppDatabase) {
  const rows = await db
    .select()
    .from(properties)
    .orderBy(asc(properties.building), sql`${properties.unitCode} collate "C"`);
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...toSnapshot(row, images.get(row.id) ?? []) }));
}

async function imagesOf(db: AppDatabase, ids: number[]): Promise<Map<number, ImageItem[]>> {
  const map = new Map<number, ImageItem[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, ids))
    .orderBy(asc(propertyImages.propertyId), asc(propertyImages.position));
  for (const r of rows) {
    const item: ImageItem = r.mediaKey
      ? {
          kind: "media",
          mediaKey: r.mediaKey,
          width: r.width,
          height: r.height,
          variants: r.variants,
        }
      : { kind: "url", url: r.url ?? "" };
    map.set(r.propertyId, [...(map.get(r.propertyId) ?? []), item]);
  }
  return map;
}

function toSnapshot(row: PropertyRow, images: ImageItem[]): PropertySnapshot {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    images,
  };
}

export async function getProperty(db: AppDatabase, id: number): Promise<PropertySnapshot | null> {
  const [row] = await db.select().from(properties).where(eq(properties.id, id));
  if (!row) return null;
  return toSnapshot(row, (await imagesOf(db, [id])).get(id) ?? []);
}

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

async function uniqueSlug(tx: Tx, base: string, exceptId?: number): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ slug: properties.slug, id: properties.id })
        .from(properties)
        .where(or(eq(properties.slug, base), like(properties.slug, `${base}-%`)))
    )
      .filter((r) => r.id !== exceptId)
      .map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function assertUnitCodeFree(tx: Tx, input: PropertyInput, exceptId?: number) {
  const [other] = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.building, input.building), eq(properties.unitCode, input.unitCode)));
  if (other && other.id !== exceptId) {
    throw new PropertyError(
      `Unit code ${input.unitCode} is already used in ${input.building}.`,
      "invalid",
      "unitCode",
    );
  }
}

/** Media keys must name pictures this server stored. */
export async function assertImagesExist(storage: MediaStorage, images: ImageItem[]) {
  for (const image of images) {
    if (image.kind !== "media") continue;
    const smallest = Math.min(...image.variants);
    if (!(await storage.exists(variantPath(image.mediaKey, smallest)))) {
      throw new PropertyError(
        "A picture of this property was not found; upload it again.",
        "invalid",
        "images",
      );
    }
  }
}

function columns(input: PropertyInput) {
  return {
    name: input.name,
    building: input.building,
    unitCode: input.unitCode,
    type: input.type,
    location: input.location,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    sizeM2: input.sizeM2,
    floor: input.floor,
    status: input.status,
    availableFrom: input.availableFrom,
    rentedUntil: input.rentedUntil,
    statusOverride: input.statusOverride,
    pricingMonthly: input.pricingMonthly,
    pricingSixMonth: input.pricingSixMonth,
    pricingYearly: input.pricingYearly,
    facilities: input.facilities,
    description: input.description,
    descriptionRu: input.descriptionRu,
  };
}

async function writeImages(tx: Tx, propertyId: number, images: ImageItem[]) {
  await tx.delete(propertyImages).where(eq(propertyImages.propertyId, propertyId));
  if (images.length === 0) return;
  await tx.insert(propertyImages).values(
    images.map((image, position) =>
      image.kind === "media"
        ? {
            propertyId,
            position,
            mediaKey: image.mediaKey,
            width: image.width,
            height: image.height,
            variants: [...image.variants].sort((a, b) => a - b),
          }
        : { propertyId, position, url: image.url },
    ),
  );
}

async function audit(
  tx: Tx,
  adminUserId: number,
  action: "create" | "update" | "delete" | "restore",
  id: number,
  before: PropertySnapshot | null,
  after: PropertySnapshot | null,
) {
  await tx.insert(auditLog).values({
    adminUserId,
    action,
    entity: "property",
    entityId: String(id),
    before,
    after,
  });
}

async function snapshotIn(tx: Tx, id: number): Promise<PropertySnapshot | null> {
  return getProperty(tx as unknown as AppDatabase, id);
}

export async function createProperty(
  db: AppDatabase,
  input: PropertyInput,
  adminUserId: number,
): Promise<PropertySnapshot> {
  return db.transaction(async (tx) => {
    await assertUnitCodeFree(tx, input);
    const base = slugify(`${input.name} ${input.unitCode}`);
    const slug = base
      ? await uniqueSlug(tx, base)
      : `unit-new-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const [row] = await tx
      .insert(properties)
      .values({ ...columns(input), slug })
      .returning({ id: properties.id });
    if (!row) throw new Error("The property was not created");
    if (!base) {
      await tx
        .update(properties)
        .set({ slug: `unit-${row.id}` })
        .where(eq(properties.id, row.id));
    }
    await writeImages(tx, row.id, input.images);
    const after = await snapshotIn(tx, row.id);
    await audit(tx, adminUserId, "create", row.id, null, after);
    if (!after) throw new Error("The property was not created");
    return after;
  });
}

/**
 * Saves an edit made on `expectedVersion`. A save based on an older version is refused, so
 * neither admin's edit is lost without them knowing. The slug stays as it was.
 */
export async function updateProperty(
  db: AppDatabase,
  storage: MediaStorage,
  id: number,
  expectedVersion: number,
  input: PropertyInput,
  adminUserId: number,
): Promise<PropertySnapshot> {
  const { after, removedKeys } = await db.transaction(async (tx) => {
    const before = await snapshotIn(tx, id);
    if (!before) throw new PropertyError("This property no longer exists.", "not-found");
    await assertUnitCodeFree(tx, input, id);
    const changed = await tx
      .update(properties)
      .set({
        ...columns(input),
        updatedAt: new Date(),
        version: sql`${properties.version} + 1`,
      })
      .where(and(eq(properties.id, id), eq(properties.version, expectedVersion)))
      .returning({ id: properties.id });
    if (changed.length === 0) throw new PropertyError(CONFLICT_MESSAGE, "conflict");
    await writeImages(tx, id, input.images);
    const after = await snapshotIn(tx, id);
    await audit(tx, adminUserId, "update", id, before, after);
    const kept = new Set(input.images.flatMap((i) => (i.kind === "media" ? [i.mediaKey] : [])));
    const removedKeys = before.images.flatMap((i) =>
      i.kind === "media" && !kept.has(i.mediaKey) ? [i.mediaKey] : [],
    );
    return { after, removedKeys };
  });
  await removeUnusedMedia(db, storage, removedKeys);
  if (!after) throw new PropertyError("This property no longer exists.", "not-found");
  return after;
}

/**
 * Deletes a property. Its pictures' files are kept, since history can restore it; pictures
 * removed from a property during an edit are deleted once no property uses them.
 */
export async function deleteProperty(db: AppDatabase, id: number, adminUserId: number) {
  await db.transaction(async (tx) => {
    const before = await snapshotIn(tx, id);
    if (!before) throw new PropertyError("This property no longer exists.", "not-found");
    await tx.delete(properties).where(eq(properties.id, id));
    await audit(tx, adminUserId, "delete", id, before, null);
  });
}

/** Deletes the files of uploaded pictures no property refers to any more (demo pictures stay). */
export async function removeUnusedMedia(db: AppDatabase, storage: MediaStorage, keys: string[]) {
  const uploads = keys.filter((k) => k.startsWith("uploads/"));
  if (uploads.length === 0) return;
  const used = new Set(
    (
      await db
        .select({ key: propertyImages.mediaKey })
        .from(propertyImages)
        .where(inArray(propertyImages.mediaKey, uploads))
    ).map((r) => r.key),
  );
  for (const key of uploads) {
    if (used.has(key)) continue;
    for (const width of MEDIA_WIDTHS) await storage.remove(variantPath(key, width));
  }
}

export interface HistoryEntry {
  id: number;
  action: string;
  at: string;
  by: string | null;
  before: PropertySnapshot | null;
  after: PropertySnapshot | null;
}

export async function propertyHistory(db: AppDatabase, id: number): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      at: auditLog.createdAt,
      by: adminUsers.email,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminUserId))
    .where(and(eq(auditLog.entity, "property"), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return rows.map((r) => ({
    ...r,
    at: r.at.toISOString(),
    before: r.before as PropertySnapshot | null,
    after: r.after as PropertySnapshot | null,
  }));
}

/** Properties whose latest recorded action is a delete: what can be restored. */
export async function listDeletedProperties(db: AppDatabase) {
  const rows = await db.execute<{
    entity_id: string;
    at: string;
    before: PropertySnapshot;
    by: string | null;
  }>(sql`
    select distinct on (a.entity_id) a.entity_id, a.created_at as at, a.action, a.before, u.email as by
    from ${auditLog} a left join ${adminUsers} u on u.id = a.admin_user_id
    where a.entity = 'property'
    order by a.entity_id, a.created_at desc, a.id desc`);
  const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
  return (
    list as {
      entity_id: string;
      at: string | Date;
      action: string;
      before: PropertySnapshot;
      by: string | null;
    }[]
  )
    .filter((r) => r.action === "delete" && r.before)
    .map((r) => ({
      id: Number(r.entity_id),
      name: r.before.name,
      building: r.before.building,
      unitCode: r.before.unitCode,
      deletedAt: new Date(r.at).toISOString(),
      by: r.by,
    }))
    .sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));
}

/** Puts a deleted property back as it was, under its old id, slug and pictures. */
export async function restoreProperty(
  db: AppDatabase,
  storage: MediaStorage,
  id: number,
  adminUserId: number,
): Promise<PropertySnapshot> {
  const deleted = (await listDeletedProperties(db)).find((d) => d.id === id);
  const [entry] = await db
    .select({ before: auditLog.before })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, "property"),
        eq(auditLog.entityId, String(id)),
        eq(auditLog.action, "delete"),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  const snapshot = entry?.before as PropertySnapshot | undefined;
  if (!deleted || !snapshot)
    throw new PropertyError("There is no deleted property to restore.", "not-found");
  const images = (
    await Promise.all(
      snapshot.images.map(async (image) => {
        if (image.kind !== "media") return image;
        return (await storage.exists(variantPath(image.mediaKey, Math.min(...image.variants))))
          ? image
          : null;
      }),
    )
  ).filter((i): i is ImageItem => i !== null);
  return db.transaction(async (tx) => {
    const input = { ...snapshot, images } as unknown as PropertyInput;
    await assertUnitCodeFree(tx, input);
    const slug = await uniqueSlug(tx, snapshot.slug);
    await tx
      .insert(properties)
      .overridingSystemValue()
      .values({
        ...columns(input),
        id,
        slug,
        createdAt: new Date(snapshot.createdAt),
        updatedAt: new Date(),
        version: snapshot.version + 1,
      });
    await writeImages(tx, id, images);
    const after = await snapshotIn(tx, id);
    await audit(tx, adminUserId, "restore", id, null, after);
    if (!after) throw new Error("The property was not restored");
    return after;
  });
}

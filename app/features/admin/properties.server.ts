import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from "drizzle-orm";
import type { AppDatabase, AppTransaction } from "../../db/client.server.ts";
import { lockContentVersion, recordUnitChange } from "../../db/content-version.server.ts";
import { properties, propertyImages } from "../../db/schema.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { slugify } from "../../lib/slug.ts";
import { recordPropertyChange } from "./property-audit.server.ts";
import type { PropertyListQuery } from "./property-list-query.ts";
import { removeUnusedMedia } from "./property-media.server.ts";
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

/**
 * The admin's properties: list, read, create, update and delete, each write recorded in the audit
 * log (property-audit.server.ts). Restore is in property-restore.server.ts, picture files in
 * property-media.server.ts.
 */

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

/** A pattern matching `text` anywhere, with the wildcards `%` and `_` taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const STATUS_ORDER = sql`case ${properties.status} when 'available' then 0 when 'soon' then 1 else 2 end`;
const PLACE_ORDER = [asc(properties.building), sql`${properties.unitCode} collate "C"`];

function orderOf(sort: PropertyListQuery["sort"]): SQL[] {
  switch (sort) {
    case "name":
      return [asc(sql`lower(${properties.name})`), ...PLACE_ORDER];
    case "price-asc":
      return [asc(properties.pricingMonthly), ...PLACE_ORDER];
    case "price-desc":
      return [desc(properties.pricingMonthly), ...PLACE_ORDER];
    case "status":
      return [asc(STATUS_ORDER), ...PLACE_ORDER];
    case "updated":
      return [desc(properties.updatedAt), ...PLACE_ORDER];
    default:
      return PLACE_ORDER;
  }
}

/**
 * One page of the admin list: searched (name or unit code), filtered and sorted in the database,
 * with the count of all properties and of those matching. A page past the end shows the last.
 */
export async function listPropertyPage(db: AppDatabase, query: PropertyListQuery) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    const search = or(ilike(properties.name, pattern), ilike(properties.unitCode, pattern));
    if (search) conditions.push(search);
  }
  if (query.building) conditions.push(eq(properties.building, query.building));
  if (query.status) conditions.push(eq(properties.status, query.status));
  if (query.type) conditions.push(eq(properties.type, query.type));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [[all], [matched]] = await Promise.all([
    db.select({ n: count() }).from(properties),
    db.select({ n: count() }).from(properties).where(where),
  ]);
  const total = all?.n ?? 0;
  const matching = matched?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(matching / query.per));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select()
    .from(properties)
    .where(where)
    .orderBy(...orderOf(query.sort), asc(properties.id))
    .limit(query.per)
    .offset((page - 1) * query.per);
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    properties: rows.map((row) => toSnapshot(row, images.get(row.id) ?? [])),
    total,
    matching,
    page,
    pageCount,
  };
}

async function imagesOf(db: Queryable, ids: number[]): Promise<Map<number, ImageItem[]>> {
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

export async function getProperty(db: Queryable, id: number): Promise<PropertySnapshot | null> {
  const [row] = await db.select().from(properties).where(eq(properties.id, id));
  if (!row) return null;
  return toSnapshot(row, (await imagesOf(db, [id])).get(id) ?? []);
}

type Tx = AppTransaction;
/** The database or a transaction on it: what a read inside or outside a write takes. */
export type Queryable = AppDatabase | AppTransaction;

export async function uniqueSlug(tx: Tx, base: string, exceptId?: number): Promise<string> {
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

export async function assertUnitCodeFree(tx: Tx, input: PropertyInput, exceptId?: number) {
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

export function columns(input: PropertyInput) {
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
    latitude: input.latitude,
    longitude: input.longitude,
  };
}

export async function writeImages(tx: Tx, propertyId: number, images: ImageItem[]) {
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
    const after = await getProperty(tx, row.id);
    await recordPropertyChange(tx, adminUserId, "create", row.id, null, after);
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
    const from = await lockContentVersion(tx);
    const before = await getProperty(tx, id);
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
    const after = await getProperty(tx, id);
    await recordPropertyChange(tx, adminUserId, "update", id, before, after);
    // Only this unit's pages and the listings show what changed (the page cache, decision 099).
    await recordUnitChange(tx, from, [before.slug]);
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
    const before = await getProperty(tx, id);
    if (!before) throw new PropertyError("This property no longer exists.", "not-found");
    await tx.delete(properties).where(eq(properties.id, id));
    await recordPropertyChange(tx, adminUserId, "delete", id, before, null);
  });
}

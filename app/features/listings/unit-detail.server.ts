import { eq, getTableColumns, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { currentLogger, getRuntime } from "../../db/runtime.server.ts";
import { properties } from "../../db/schema.ts";
import { withTimeout } from "../../lib/timeout.ts";
import type { StoredImage, UnitImage } from "../media/media-url.ts";
import { MEDIA_WIDTHS, toUnitImage } from "../media/media-url.ts";
import { LIST_TIMEOUT_MS } from "./catalog.ts";
import { demoMediaKey, demoUnits } from "./demo-units.server.ts";
import type { UnitDetail } from "./unit.ts";

/**
 * A unit's pictures in their order, as one JSON array of what a page needs of each (StoredImage):
 * read with the unit in one query, not a second one (each costs a round of the database's
 * protocol, parsing and planning, which on the embedded database is most of a small query).
 * The names are written out: Drizzle leaves a selected expression's columns unqualified, and
 * inside the subquery an unqualified "id" would be the picture's own.
 */
const unitImages = sql<StoredImage[]>`coalesce((
  select json_agg(json_build_object(
    'mediaKey', i.media_key, 'url', i.url, 'width', i.width, 'height', i.height,
    'variants', i.variants
  ) order by i.position, i.id)
  from property_images i where i.property_id = "properties"."id"
), '[]'::json)`;

/** One unit with everything its page shows, or null when no unit has that slug. */
export async function getUnitDetail(db: AppDatabase, slug: string): Promise<UnitDetail | null> {
  const [row] = await db
    .select({ ...getTableColumns(properties), images: unitImages })
    .from(properties)
    .where(eq(properties.slug, slug));
  if (!row) return null;
  const imageRows = row.images;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    building: row.building,
    unitCode: row.unitCode,
    type: row.type,
    location: row.location,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    sizeM2: row.sizeM2,
    floor: row.floor,
    status: row.status,
    availableFrom: row.availableFrom,
    rentedUntil: row.rentedUntil,
    latitude: row.latitude,
    longitude: row.longitude,
    pricing: {
      monthly: row.pricingMonthly,
      sixMonth: row.pricingSixMonth,
      yearly: row.pricingYearly,
    },
    facilities: row.facilities,
    description: row.description,
    descriptionRu: row.descriptionRu,
    images: imageRows.map(toUnitImage).filter((i): i is UnitImage => i !== null),
  };
}

/** A demo unit as its page shows it, for when the database cannot answer. */
export function fallbackUnitDetail(slug: string): UnitDetail | null {
  const unit = demoUnits().find((u) => u.slug === slug);
  if (!unit) return null;
  const { pictures, ...fields } = unit;
  return {
    ...fields,
    id: null,
    images: pictures
      .map((_, i) =>
        toUnitImage({
          mediaKey: demoMediaKey(unit, i),
          url: null,
          width: 1600,
          height: 1000,
          variants: [...MEDIA_WIDTHS],
        }),
      )
      .filter((i): i is UnitImage => i !== null),
  };
}

export type UnitLookup =
  | { unit: UnitDetail; source: "database" | "fallback" }
  | { unit: null; source: "database" | "unavailable" };

/**
 * The running server's unit by slug, falling back to the demo units when the database fails
 * (none with SEED_DEMO=off: the unit is then "unavailable").
 */
export async function loadSiteUnit(slug: string): Promise<UnitLookup> {
  const { database, databaseReady, config } = getRuntime();
  try {
    if (!databaseReady) throw new Error("database not ready");
    const unit = await withTimeout(getUnitDetail(database.db, slug), LIST_TIMEOUT_MS);
    return unit ? { unit, source: "database" } : { unit: null, source: "database" };
  } catch (error) {
    currentLogger().warn({ err: error, slug }, "Failed to fetch property details");
    const unit = config.demo.seed ? fallbackUnitDetail(slug) : null;
    return unit ? { unit, source: "fallback" } : { unit: null, source: "unavailable" };
  }
}

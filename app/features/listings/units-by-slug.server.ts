import { eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import type { AppDatabase } from "../../db/client.server.ts";
import { currentLogger, getRuntime } from "../../db/runtime.server.ts";
import { properties } from "../../db/schema.ts";
import { withTimeout } from "../../lib/timeout.ts";
import { type StoredImage, toUnitImage } from "../media/media-url.ts";
import { LIST_TIMEOUT_MS } from "./catalog.ts";
import { demoUnits } from "./demo-units.server.ts";
import { cardColumns, demoUnitSummary } from "./listings.server.ts";
import type { UnitSummary } from "./unit.ts";

/** A unit card's data with the facilities: what favourites, compare and similar units show. */
export interface ListedUnit extends UnitSummary {
  facilities: string[];
}

/**
 * A unit's first picture (by position) as JSON, read in the same query as the unit: a second
 * query for the pictures would cost another round of the database's protocol, parsing and
 * planning, which on the embedded database is most of what a small query costs. The names are
 * written out: Drizzle leaves a selected expression's columns unqualified, and inside the
 * subquery an unqualified "id" would be the picture's own.
 */
const firstImage = sql<StoredImage | null>`(
  select json_build_object(
    'mediaKey', i.media_key, 'url', i.url, 'width', i.width, 'height', i.height,
    'variants', i.variants
  ) from property_images i where i.property_id = "properties"."id"
  order by i.position, i.id limit 1
)`;

const columns = { ...cardColumns, facilities: properties.facilities, firstImage };

function withImages(
  rows: {
    id: number;
    monthly: number;
    sixMonth: number;
    yearly: number;
    firstImage: StoredImage | null;
  }[],
) {
  return rows.map(({ id: _id, monthly, sixMonth, yearly, firstImage, ...row }) => ({
    ...(row as Omit<ListedUnit, "pricing" | "image">),
    pricing: { monthly, sixMonth, yearly },
    image: firstImage ? toUnitImage(firstImage) : null,
  }));
}

/** The units with these slugs, in the order given; slugs no unit has are left out. */
export async function unitsBySlugs(
  db: AppDatabase,
  slugs: readonly string[],
): Promise<ListedUnit[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(properties)
    .where(inArray(properties.slug, [...slugs]));
  const units = withImages(rows);
  const bySlug = new Map(units.map((u) => [u.slug, u]));
  return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
}

interface Reference {
  slug: string;
  type: string;
  location: string;
  pricing: { yearly: number };
}

/** How close a unit is to the reference; lower comes first (see `similarUnits`). */
export function similarityRank(unit: Reference & { status: string }, to: Reference): number[] {
  const p = to.pricing.yearly;
  const inBand = unit.pricing.yearly >= p * 0.7 && unit.pricing.yearly <= p * 1.3;
  return [
    unit.type === to.type ? 0 : 1,
    unit.location === to.location ? 0 : 1,
    inBand ? 0 : 1,
    unit.status === "available" ? 0 : unit.status === "soon" ? 1 : 2,
    Math.abs(unit.pricing.yearly - p),
  ];
}

/**
 * Units like this one, itself left out: the same type first, then the same location, then a
 * yearly price within 30% of its own, then free ones, then the nearest price; the slug last.
 */
export async function similarUnits(
  db: AppDatabase,
  unit: Reference,
  limit = 3,
): Promise<ListedUnit[]> {
  const p = unit.pricing.yearly;
  const order: SQL[] = [
    sql`(${properties.type} = ${unit.type}) desc`,
    sql`(${properties.location} = ${unit.location}) desc`,
    sql`(${properties.pricingYearly} between ${Math.ceil(p * 0.7)} and ${Math.floor(p * 1.3)}) desc`,
    sql`case ${properties.status} when 'available' then 0 when 'soon' then 1 else 2 end`,
    sql`abs(${properties.pricingYearly} - ${p})`,
    sql`${properties.slug} collate "C"`,
  ];
  const rows = await db
    .select(columns)
    .from(properties)
    .where(ne(properties.slug, unit.slug))
    .orderBy(...order)
    .limit(limit);
  return withImages(rows);
}

/** A few available units, most expensive first: what a missing unit's page suggests. */
export async function availableUnits(db: AppDatabase, limit = 3): Promise<ListedUnit[]> {
  const rows = await db
    .select(columns)
    .from(properties)
    .where(eq(properties.status, "available"))
    .orderBy(sql`${properties.pricingYearly} desc`, sql`${properties.slug} collate "C"`)
    .limit(limit);
  return withImages(rows);
}

function demoListed(): ListedUnit[] {
  return demoUnits().map((u) => ({ ...demoUnitSummary(u), facilities: u.facilities }));
}

const compareRanks = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++)
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
};

/** The same three questions on the built-in demo units, for when the database cannot answer. */
export const fallbackUnits = {
  bySlugs(slugs: readonly string[]): ListedUnit[] {
    const all = new Map(demoListed().map((u) => [u.slug, u]));
    return slugs.flatMap((slug) => all.get(slug) ?? []);
  },
  similar(unit: Reference, limit = 3): ListedUnit[] {
    return demoListed()
      .filter((u) => u.slug !== unit.slug)
      .sort(
        (a, b) =>
          compareRanks(similarityRank(a, unit), similarityRank(b, unit)) ||
          (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
      )
      .slice(0, limit);
  },
  available(limit = 3): ListedUnit[] {
    return demoListed()
      .filter((u) => u.status === "available")
      .sort((a, b) => b.pricing.yearly - a.pricing.yearly || (a.slug < b.slug ? -1 : 1))
      .slice(0, limit);
  },
};

/**
 * Runs one of the questions on the running server's database, or on the demo units when it
 * fails; `source` says which answered (a page from fallback data is not cached). With
 * SEED_DEMO=off no demo unit stands in: a failure answers 503.
 */
export async function fromSiteDatabase<T>(
  ask: (db: AppDatabase) => Promise<T>,
  fallback: () => T,
): Promise<{ value: T; source: "database" | "fallback" }> {
  const { database, databaseReady, config } = getRuntime();
  try {
    if (!databaseReady) throw new Error("database not ready");
    return { value: await withTimeout(ask(database.db), LIST_TIMEOUT_MS), source: "database" };
  } catch (error) {
    if (!config.demo.seed) {
      currentLogger().warn({ err: error }, "units unavailable");
      throw data(null, { status: 503 });
    }
    currentLogger().warn({ err: error }, "units fell back to demo data");
    return { value: fallback(), source: "fallback" };
  }
}

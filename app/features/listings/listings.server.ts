import { and, asc, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { properties, propertyImages } from "../../db/schema.ts";
import { BEDROOMS_PLUS_THRESHOLD, type PropertyStatus } from "../../domain/listing.ts";
import { withTimeout } from "../../lib/timeout.ts";
import { MEDIA_WIDTHS, toUnitImage } from "../media/media-url.ts";
import {
  COUNTS_TIMEOUT_MS,
  LIST_TIMEOUT_MS,
  MAP_UNITS_LIMIT,
  PAGE_SIZE,
  priceRangeById,
} from "./catalog.ts";
import { type DemoUnit, demoMediaKey, demoUnits } from "./demo-units.server.ts";
import {
  type ListingFilters,
  type ListingQuery,
  type ListingSort,
  matchesFilters,
} from "./filters.ts";
import { comparatorFor, type StatusCounts, type UnitSummary } from "./unit.ts";

export interface UnitsSlice {
  units: UnitSummary[];
  /** Whether at least one more unit follows this slice (known, not guessed). */
  hasMore: boolean;
}

export interface Listing extends UnitsSlice {
  /** Units of each status under the filters (the whole portfolio when there are none). */
  counts: StatusCounts;
  /** Units of the chosen status that match the filters ("Showing 9 of 12"). */
  matching: number;
  /** "fallback" when the database could not answer and the built-in demo units are shown. */
  source: "database" | "fallback";
}

/** The non-status filters as SQL: the same rules as `matchesFilters`. */
function filterConditions(filters: ListingFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.location) where.push(eq(properties.location, filters.location));
  if (filters.type) where.push(eq(properties.type, filters.type));
  if (filters.bedrooms) {
    where.push(
      filters.bedrooms === "4+"
        ? gte(properties.bedrooms, BEDROOMS_PLUS_THRESHOLD)
        : eq(properties.bedrooms, Number(filters.bedrooms)),
    );
  }
  if (filters.price) {
    const range = priceRangeById(filters.price);
    where.push(gte(properties.pricingYearly, range.min));
    if (range.max !== null) where.push(lt(properties.pricingYearly, range.max));
  }
  return where;
}

/** Each sort as SQL, the slug (byte order, as in memory) breaking ties: see `comparatorFor`. */
function orderBy(sort: ListingSort | undefined): SQL[] {
  const slug = sql`${properties.slug} collate "C"`;
  switch (sort) {
    case "price-asc":
      return [sql`${properties.pricingYearly} asc`, slug];
    case "size-desc":
      return [sql`${properties.sizeM2} desc`, slug];
    case "bedrooms-desc":
      return [sql`${properties.bedrooms} desc`, slug];
    case "newest":
      return [sql`${properties.createdAt} desc`, slug];
    default:
      return [sql`${properties.pricingYearly} desc nulls last`, slug];
  }
}

/** The columns a unit card needs, as the listing and the unit lists by slug select them. */
export const cardColumns = {
  id: properties.id,
  slug: properties.slug,
  name: properties.name,
  building: properties.building,
  unitCode: properties.unitCode,
  type: properties.type,
  location: properties.location,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  sizeM2: properties.sizeM2,
  floor: properties.floor,
  status: properties.status,
  availableFrom: properties.availableFrom,
  rentedUntil: properties.rentedUntil,
  monthly: properties.pricingMonthly,
  sixMonth: properties.pricingSixMonth,
  yearly: properties.pricingYearly,
  latitude: properties.latitude,
  longitude: properties.longitude,
};

/** The listing's SQL: one page plus one row, so the caller knows whether more follow. */
export function unitsPageQuery(
  db: AppDatabase,
  status: PropertyStatus,
  filters: ListingFilters & { sort?: ListingSort },
  offset: number,
  limit: number,
) {
  return db
    .select(cardColumns)
    .from(properties)
    .where(and(eq(properties.status, status), ...filterConditions(filters)))
    .orderBy(...orderBy(filters.sort))
    .offset(offset)
    .limit(limit + 1);
}

/** `limit` units of one status matching the filters, from `offset`, in listing order. */
export async function queryUnits(
  db: AppDatabase,
  status: PropertyStatus,
  filters: ListingFilters & { sort?: ListingSort },
  offset: number,
  limit: number,
): Promise<UnitsSlice> {
  const rows = await unitsPageQuery(db, status, filters, offset, limit);
  const page = rows.slice(0, limit);
  const images = await firstImages(
    db,
    page.map((r) => r.id),
  );
  return {
    hasMore: rows.length > limit,
    units: page.map(({ id, monthly, sixMonth, yearly, ...row }) => ({
      ...row,
      pricing: { monthly, sixMonth, yearly },
      image: images.get(id) ?? null,
    })),
  };
}

export async function firstImages(db: AppDatabase, propertyIds: number[]) {
  const result = new Map<number, NonNullable<UnitSummary["image"]>>();
  if (propertyIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([propertyImages.propertyId])
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, propertyIds))
    .orderBy(asc(propertyImages.propertyId), asc(propertyImages.position), asc(propertyImages.id));
  for (const row of rows) {
    const image = toUnitImage(row);
    if (image) result.set(row.propertyId, image);
  }
  return result;
}

/** How many units each status has under the same non-status filters. */
export async function countByStatus(
  db: AppDatabase,
  filters: ListingFilters,
): Promise<StatusCounts> {
  const rows = await db
    .select({ status: properties.status, n: count() })
    .from(properties)
    .where(and(...filterConditions(filters)))
    .groupBy(properties.status);
  const counts = emptyCounts();
  // The column is typed by its check constraint: every row's status is one of the three.
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

function emptyCounts(): StatusCounts {
  return { available: 0, soon: 0, occupied: 0 };
}

/** The slice of the listing a query asks for: page N alone, or pages 1..N together. */
export function sliceOf(query: ListingQuery, through: boolean) {
  // The map shows every matching unit at once, up to its limit.
  if (query.view === "map") return { offset: 0, limit: MAP_UNITS_LIMIT };
  return through
    ? { offset: 0, limit: query.page * PAGE_SIZE }
    : { offset: (query.page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

export interface ListingOptions {
  /** Show pages 1..page together (a page reached by "Load More" without JavaScript). */
  through?: boolean;
  listTimeoutMs?: number;
  countsTimeoutMs?: number;
  onError?: (what: string, error: unknown) => void;
  /**
   * Whether the built-in demo units stand in for a database that cannot answer (the default).
   * False on a site run with SEED_DEMO=off: nothing invented is shown, the counters are zero.
   */
  demoFallback?: boolean;
}

/**
 * The listing as a page shows it: units, whether more follow, and the status counters. When the
 * database fails or is too slow, the built-in demo units filtered by the same rules stand in.
 */
export async function loadListing(
  db: AppDatabase | undefined,
  query: ListingQuery,
  options: ListingOptions = {},
): Promise<Listing> {
  const { offset, limit } = sliceOf(query, options.through ?? false);
  const onError = options.onError ?? (() => {});
  const stand = options.demoFallback === false ? [] : fallbackUnits();
  const listPromise = db
    ? withTimeout(
        queryUnits(db, query.status, query, offset, limit),
        options.listTimeoutMs ?? LIST_TIMEOUT_MS,
      )
    : Promise.reject(new Error("No database configured"));
  const countsPromise = db
    ? withTimeout(
        countByStatus(db, query).then((counts) => ({ counts, matching: counts[query.status] })),
        options.countsTimeoutMs ?? COUNTS_TIMEOUT_MS,
      )
    : Promise.reject(new Error("No database configured"));
  const [list, counts] = await Promise.allSettled([listPromise, countsPromise]);

  if (list.status === "rejected") {
    onError("listing", list.reason);
    if (counts.status === "rejected") onError("counts", counts.reason);
    return {
      ...fallbackSlice(query, offset, limit, stand),
      counts: fallbackCounts(query, stand),
      matching: fallbackCounts(query, stand)[query.status],
      source: "fallback",
    };
  }
  if (counts.status === "rejected") onError("counts", counts.reason);
  return {
    ...list.value,
    counts: counts.status === "fulfilled" ? counts.value.counts : fallbackCounts(query, stand),
    matching:
      counts.status === "fulfilled"
        ? counts.value.matching
        : fallbackCounts(query, stand)[query.status],
    source: "database",
  };
}

export function demoUnitSummary(unit: DemoUnit): UnitSummary {
  const { pictures, facilities: _f, description: _d, descriptionRu: _r, ...fields } = unit;
  return {
    ...fields,
    image: pictures.length
      ? toUnitImage({
          mediaKey: demoMediaKey(unit, 0),
          url: null,
          width: 1600,
          height: 1000,
          variants: [...MEDIA_WIDTHS],
        })
      : null,
  };
}

function fallbackUnits(): UnitSummary[] {
  return demoUnits().map(demoUnitSummary);
}

export function fallbackSlice(
  query: ListingQuery,
  offset: number,
  limit: number,
  units: UnitSummary[] = fallbackUnits(),
): UnitsSlice {
  const matching = units
    .filter((u) => u.status === query.status && matchesFilters(u, query))
    .sort(comparatorFor(query.sort));
  return {
    units: matching.slice(offset, offset + limit),
    hasMore: matching.length > offset + limit,
  };
}

export function fallbackCounts(
  filters: ListingFilters,
  units: UnitSummary[] = fallbackUnits(),
): StatusCounts {
  const counts = emptyCounts();
  for (const unit of units) if (matchesFilters(unit, filters)) counts[unit.status]++;
  return counts;
}

import type { Building, PropertyStatus, PropertyType } from "../../domain/listing.ts";
import type { UnitImage } from "../media/media-url.ts";
import type { ListingSort } from "./filters.ts";

export type StatusCounts = Record<PropertyStatus, number>;

export interface UnitPricing {
  /** Baht per month on a 1-year lease. */
  yearly: number;
  /** Baht per month on a 6-month lease. */
  sixMonth: number;
  /** Baht per month on a 1-month lease. */
  monthly: number;
}

/** What a unit card shows: the listing's row shape, as plain data. */
export interface UnitSummary {
  slug: string;
  name: string;
  building: Building;
  unitCode: string;
  type: PropertyType;
  location: string;
  bedrooms: number;
  bathrooms: number;
  sizeM2: number;
  floor: number;
  status: PropertyStatus;
  /** ISO date (YYYY-MM-DD) or null. */
  availableFrom: string | null;
  rentedUntil: string | null;
  pricing: UnitPricing;
  image: UnitImage | null;
  /** The pin on the maps (WGS 84 degrees); both null when the unit has no position. */
  latitude: number | null;
  longitude: number | null;
}

/** Everything a unit's own page shows. */
export interface UnitDetail extends Omit<UnitSummary, "image"> {
  /** Database id; null for a built-in demo unit shown while the database is unavailable. */
  id: number | null;
  images: UnitImage[];
  facilities: string[];
  description: string;
  descriptionRu: string;
}

/** Listing order: yearly price, highest first; the slug breaks ties so pages never overlap. */
type Orderable = { slug: string; pricing: { yearly: number } };

const bySlug = (a: { slug: string }, b: { slug: string }) =>
  a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;

export function compareListingOrder(a: Orderable, b: Orderable): number {
  return b.pricing.yearly - a.pricing.yearly || bySlug(a, b);
}

type SortOrderable = Orderable & {
  sizeM2: number;
  bedrooms: number;
  /** Milliseconds since the epoch the unit was listed; unknown (demo data) counts as 0. */
  createdAt?: number;
};

/**
 * The order of each sort, in memory: the same rules as the listing's SQL (listings.server.ts),
 * with the slug as the last tie-breaker so pages never overlap.
 */
export function comparatorFor(
  sort: ListingSort | undefined,
): (a: SortOrderable, b: SortOrderable) => number {
  switch (sort) {
    case "price-asc":
      return (a, b) => a.pricing.yearly - b.pricing.yearly || bySlug(a, b);
    case "size-desc":
      return (a, b) => b.sizeM2 - a.sizeM2 || bySlug(a, b);
    case "bedrooms-desc":
      return (a, b) => b.bedrooms - a.bedrooms || bySlug(a, b);
    case "newest":
      return (a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0) || bySlug(a, b);
    default:
      return compareListingOrder;
  }
}

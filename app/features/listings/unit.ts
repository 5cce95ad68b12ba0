import type { Building, PropertyStatus, PropertyType } from "../../domain/listing.ts";
import type { UnitImage } from "../media/media-url.ts";

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

export function compareListingOrder(a: Orderable, b: Orderable): number {
  return b.pricing.yearly - a.pricing.yearly || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

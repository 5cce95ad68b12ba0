import {
  BASE_CURRENCY,
  CURRENCY_CHOICES,
  CURRENCY_PARAM,
  type DisplayCurrency,
} from "../../domain/currencies.ts";
import {
  BEDROOM_OPTIONS,
  type BedroomOption,
  DEFAULT_STATUS,
  LISTING_LOCATIONS,
  type ListingLocation,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type PropertyStatus,
  type PropertyType,
} from "../../domain/listing.ts";
import { isOneOf } from "../../domain/values.ts";
import {
  isInPriceRange,
  matchesBedrooms,
  PRICE_RANGES,
  type PriceRangeId,
  priceRangeById,
} from "./catalog.ts";

/** Filters other than status: they narrow every status tab and the counters alike. */
export interface ListingFilters {
  location?: ListingLocation;
  type?: PropertyType;
  bedrooms?: BedroomOption;
  price?: PriceRangeId;
}

/** Listing orders; the first is the default (yearly price, highest first) and stays out of URLs. */
export const LISTING_SORTS = [
  "price-desc",
  "price-asc",
  "size-desc",
  "bedrooms-desc",
  "newest",
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const DEFAULT_SORT: ListingSort = "price-desc";

/** How the home page shows the units: a grid (the default, left out of URLs) or a map. */
export const LISTING_VIEWS = ["list", "map"] as const;
export type ListingView = (typeof LISTING_VIEWS)[number];

export interface ListingQuery extends ListingFilters {
  status: PropertyStatus;
  /** "map": every matching unit as a pin; absent means the list. */
  view?: "map";
  /** Order of the units; absent means DEFAULT_SORT. */
  sort?: ListingSort;
  /** 1-based page number. */
  page: number;
  /** The currency prices are shown in; absent means baht. Filters stay in baht. */
  currency?: DisplayCurrency;
}

export interface FilterError {
  param: string;
  value: string;
  message: string;
}

const MAX_PAGE = 1000;

/**
 * Reads the listing query from a URL's search params. Unknown or malformed values are dropped
 * (pages ignore them) and reported in `errors` (the JSON API answers them with 400).
 */
export function parseListingQuery(params: URLSearchParams): {
  query: ListingQuery;
  errors: FilterError[];
} {
  const errors: FilterError[] = [];
  const query: ListingQuery = { status: DEFAULT_STATUS, page: 1 };

  const read = <T extends string>(param: string, allowed: readonly T[]): T | undefined => {
    const value = params.get(param);
    if (value === null || value === "") return undefined;
    if (isOneOf(allowed, value)) return value;
    errors.push({
      param,
      value,
      message: `Unknown ${param} "${value}"; expected one of: ${allowed.join(", ")}`,
    });
    return undefined;
  };

  query.status = read("status", PROPERTY_STATUSES) ?? DEFAULT_STATUS;
  const location = read("location", LISTING_LOCATIONS);
  const type = read("type", PROPERTY_TYPES);
  const bedrooms = read("bedrooms", BEDROOM_OPTIONS);
  const price = read(
    "price",
    PRICE_RANGES.map((r) => r.id),
  );
  if (location) query.location = location;
  if (type) query.type = type;
  if (bedrooms) query.bedrooms = bedrooms;
  if (price) query.price = price;
  const sort = read("sort", LISTING_SORTS);
  if (sort && sort !== DEFAULT_SORT) query.sort = sort;
  const currency = read(CURRENCY_PARAM, CURRENCY_CHOICES);
  if (currency && currency !== BASE_CURRENCY) query.currency = currency;
  if (read("view", LISTING_VIEWS) === "map") query.view = "map";

  const page = params.get("page");
  if (page !== null && page !== "") {
    const n = Number(page);
    if (/^\d+$/.test(page) && n >= 1 && n <= MAX_PAGE) query.page = n;
    else
      errors.push({
        param: "page",
        value: page,
        message: `page must be a whole number from 1 to ${MAX_PAGE}`,
      });
  }
  return { query, errors };
}

/** The search params for a query, leaving out defaults so links stay short and canonical. */
export function listingSearchParams(query: Partial<ListingQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status && query.status !== DEFAULT_STATUS) params.set("status", query.status);
  if (query.location) params.set("location", query.location);
  if (query.type) params.set("type", query.type);
  if (query.bedrooms) params.set("bedrooms", query.bedrooms);
  if (query.price) params.set("price", query.price);
  if (query.sort && query.sort !== DEFAULT_SORT) params.set("sort", query.sort);
  if (query.view === "map") params.set("view", "map");
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.currency) params.set(CURRENCY_PARAM, query.currency);
  return params;
}

export interface FilterableUnit {
  status: PropertyStatus;
  location: string;
  type: PropertyType;
  bedrooms: number;
  pricing: { yearly: number };
}

/** The non-status filters as a predicate: the same rules the database query applies. */
export function matchesFilters(unit: FilterableUnit, filters: ListingFilters): boolean {
  if (filters.location && unit.location !== filters.location) return false;
  if (filters.type && unit.type !== filters.type) return false;
  if (filters.bedrooms && !matchesBedrooms(unit.bedrooms, filters.bedrooms)) return false;
  if (filters.price && !isInPriceRange(unit.pricing.yearly, priceRangeById(filters.price)))
    return false;
  return true;
}

export function hasAnyFilter(filters: ListingFilters): boolean {
  return Boolean(filters.location || filters.type || filters.bedrooms || filters.price);
}

/** A saved search's filters as stored: the listing's canonical query string, read back. */
import { listingSearchParams, parseListingQuery } from "../listings/filters.ts";
import type { SearchFilters } from "./filter-summary.ts";

/** The longest filters string accepted from a form (the longest real one is about 80). */
export const MAX_FILTERS_LENGTH = 300;

/** The canonical query string of a search: defaults left out, so equal searches compare equal. */
export function canonicalFilters(filters: SearchFilters): string {
  const { status, location, type, bedrooms, price } = filters;
  return listingSearchParams({ status, location, type, bedrooms, price }).toString();
}

/**
 * A posted or stored filters string as a search, or null when it is too long or names an unknown
 * value. The order and the page are dropped: they do not change which units match.
 */
export function readFilters(text: string): SearchFilters | null {
  if (text.length > MAX_FILTERS_LENGTH) return null;
  const { query, errors } = parseListingQuery(new URLSearchParams(text));
  const unknown = errors.filter((e) => e.param !== "sort" && e.param !== "page");
  if (unknown.length > 0) return null;
  const { status, location, type, bedrooms, price } = query;
  return {
    status,
    ...(location ? { location } : {}),
    ...(type ? { type } : {}),
    ...(bedrooms ? { bedrooms } : {}),
    ...(price ? { price } : {}),
  };
}

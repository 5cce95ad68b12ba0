/**
 * A saved search's filters: the canonical query string it is stored as, and a readable line in
 * either language (the form, the pages, the e-mails and the admin say the same).
 */

import type { PropertyStatus } from "../../domain/listing.ts";
import type { Language } from "../../i18n/languages.ts";
import { placeName } from "../../i18n/place-names.ts";
import type { TranslateFunction } from "../../i18n/translate.ts";
import { priceRangeById } from "../listings/catalog.ts";
import {
  type ListingFilters,
  listingSearchParams,
  parseListingQuery,
} from "../listings/filters.ts";

/** A stored search: the status tab and the filters, without the order or the page. */
export type SearchFilters = ListingFilters & { status: PropertyStatus };

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

/** "Pool Villa · Kamala · Bedrooms: 2 · Price range: 45K - 70K ฿/month · Available". */
export function describeFilters(
  filters: SearchFilters,
  t: TranslateFunction,
  lang: Language,
): string {
  const parts: string[] = [];
  if (filters.type) parts.push(t(`property.type.${filters.type}`));
  if (filters.location) parts.push(placeName(filters.location, lang));
  if (filters.bedrooms) parts.push(`${t("search.bedrooms")}: ${filters.bedrooms}`);
  if (filters.price)
    parts.push(
      `${t("search.price")}: ${t("search.priceOption", { range: priceRangeById(filters.price).label })}`,
    );
  if (parts.length === 0) parts.push(t("savedSearch.allUnits"));
  parts.push(t(`status.${filters.status}`));
  return parts.join(" · ");
}

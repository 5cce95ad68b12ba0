/**
 * A saved search's filters as a readable line in either language, made by the loaders, the mails
 * and the admin (the form and the pages get it from their loader, so their code carries none).
 */

import type { PropertyStatus } from "../../domain/listing.ts";
import type { Language } from "../../i18n/languages.ts";
import { placeName } from "../../i18n/place-names.ts";
import type { TranslateFunction } from "../../i18n/translate.ts";
import { priceRangeById } from "../listings/catalog.ts";
import type { ListingFilters } from "../listings/filters.ts";

/** A stored search: the status tab and the filters, without the order or the page. */
export type SearchFilters = ListingFilters & { status: PropertyStatus };

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

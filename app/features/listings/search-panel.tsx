import { Form, useNavigate } from "react-router";
import {
  BEDROOM_OPTIONS,
  DEFAULT_STATUS,
  LISTING_LOCATIONS,
  PROPERTY_TYPES,
} from "../../domain/listing.ts";
import { localizePath } from "../../i18n/languages.ts";
import { placeName } from "../../i18n/place-names.ts";
import { useT } from "../../i18n/use-t.tsx";
import { usePriceFormat } from "../../ui/price.tsx";
import { PRICE_RANGES, type PriceRange } from "./catalog.ts";
import { type ListingQuery, listingSearchParams, parseListingQuery } from "./filters.ts";

const selectClass =
  "mt-1 block w-full min-w-0 rounded-xl border border-sand-200 bg-white px-2.5 py-2.5 text-ink-900 shadow-sm sm:px-3";

/**
 * The four dropdowns and Search. A plain GET form (works without JavaScript); with JavaScript
 * it navigates to a clean URL without a reload, back on the first page.
 */
export function SearchPanel({ query }: { query: ListingQuery }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const home = localizePath("/", lang);
  const key = listingSearchParams({ ...query, page: 1 }).toString();
  const price = usePriceFormat();
  // In the chosen currency the ranges read converted ("≈ $760–1,360/month"); the baht limits
  // still decide which units match.
  const rangeLabel = (range: PriceRange) => {
    if (!price.converted) return t("search.priceOption", { range: range.label });
    const bare = (thb: number) => price.shown(thb).replace(/^≈\u00a0/, "");
    const span =
      range.max === null
        ? `${price.shown(range.min)}+`
        : range.min === 0
          ? `< ${price.shown(range.max)}`
          : `${price.shown(range.min)}–${bare(range.max)}`;
    return `${span}${t("property.perMonth")}`;
  };

  return (
    <Form
      key={key}
      method="get"
      action={home}
      role="search"
      aria-label={t("search.label")}
      className="grid grid-cols-2 gap-3 rounded-3xl bg-white/95 p-4 text-ink-900 shadow-2xl ring-1 ring-black/5 sm:gap-4 sm:p-5 lg:grid-cols-[repeat(4,1fr)_auto] lg:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new URLSearchParams(
          new FormData(event.currentTarget) as unknown as Record<string, string>,
        );
        const { query: next } = parseListingQuery(form);
        const search = listingSearchParams({ ...next, page: 1 }).toString();
        navigate(`${home}${search ? `?${search}` : ""}#units`);
      }}
    >
      {query.status !== DEFAULT_STATUS && (
        <input type="hidden" name="status" value={query.status} />
      )}
      {query.sort && <input type="hidden" name="sort" value={query.sort} />}
      {query.currency && <input type="hidden" name="currency" value={query.currency} />}
      {query.view && <input type="hidden" name="view" value={query.view} />}
      <label className="min-w-0 text-sm font-semibold">
        {t("search.location")}
        <select name="location" defaultValue={query.location ?? ""} className={selectClass}>
          <option value="">{t("search.anyLocation")}</option>
          {LISTING_LOCATIONS.map((location) => (
            <option key={location} value={location}>
              {placeName(location, lang)}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-0 text-sm font-semibold">
        {t("search.type")}
        <select name="type" defaultValue={query.type ?? ""} className={selectClass}>
          <option value="">{t("search.anyType")}</option>
          {PROPERTY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`property.type.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-0 text-sm font-semibold">
        {t("search.bedrooms")}
        <select name="bedrooms" defaultValue={query.bedrooms ?? ""} className={selectClass}>
          <option value="">{t("search.anyBedrooms")}</option>
          {BEDROOM_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-0 text-sm font-semibold">
        {t("search.price")}
        <select
          name="price"
          defaultValue={query.price ?? ""}
          className={selectClass}
          aria-describedby="price-hint"
        >
          <option value="">{t("search.anyPrice")}</option>
          {PRICE_RANGES.map((range) => (
            <option key={range.id} value={range.id}>
              {rangeLabel(range)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="col-span-2 h-[46px] rounded-xl bg-coral-500 px-7 font-semibold text-white shadow transition hover:bg-coral-600 lg:col-span-1"
      >
        {t("search.submit")}
      </button>
      <p id="price-hint" className="col-span-2 -mt-1 text-xs text-ink-500 sm:-mt-2 lg:col-span-5">
        {price.converted ? t("search.priceHintConverted") : t("search.priceHint")}
      </p>
    </Form>
  );
}

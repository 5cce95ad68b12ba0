import { Form, Link, useNavigate } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { priceRangeById } from "./catalog.ts";
import {
  DEFAULT_SORT,
  LISTING_SORTS,
  type ListingFilters,
  type ListingQuery,
  listingSearchParams,
} from "./filters.ts";

const FILTER_KEYS = [
  "location",
  "type",
  "bedrooms",
  "price",
] as const satisfies readonly (keyof ListingFilters)[];

/**
 * "N units match", the active filters as chips (each a link to the same list without it) and the
 * sort. The sort is a GET form with the other filters in hidden fields, so it works without
 * JavaScript; with it, choosing an order navigates at once.
 */
export function SortAndChips({
  query,
  total,
  children,
}: {
  query: ListingQuery;
  total: number;
  /** Shown after the sort, in the same row (the list or map switch). */
  children?: React.ReactNode;
}) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const home = localizePath("/", lang);
  const hrefFor = (next: Partial<ListingQuery>) => {
    const search = listingSearchParams({ ...next, page: 1 }).toString();
    return `${home}${search ? `?${search}` : ""}#units`;
  };
  const label = (key: (typeof FILTER_KEYS)[number]): string => {
    switch (key) {
      case "location":
        return query.location ?? "";
      case "type":
        return query.type ? t(`property.type.${query.type}`) : "";
      case "bedrooms":
        return `${t("search.bedrooms")}: ${query.bedrooms}`;
      case "price":
        return query.price ? `${t("search.price")}: ${priceRangeById(query.price).label}` : "";
    }
  };
  const active = FILTER_KEYS.filter((key) => query[key]);
  const hidden = listingSearchParams({ ...query, sort: undefined, page: 1 });

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p
          className="font-semibold text-sea-900"
          data-testid="match-count"
          aria-live="polite"
          aria-atomic="true"
        >
          {t("find.match", { count: total })}
        </p>
        {active.length > 0 && (
          <ul aria-label={t("find.activeFilters")} className="flex flex-wrap gap-2">
            {active.map((key) => (
              <li key={key}>
                <Link
                  to={hrefFor({ ...query, [key]: undefined })}
                  preventScrollReset
                  data-testid={`chip-${key}`}
                  aria-label={t("find.removeFilter", { label: label(key) })}
                  className="inline-flex items-center gap-1.5 rounded-full border border-sea-500 bg-sea-50 px-3 py-1 text-sm font-medium text-sea-900 hover:bg-sea-100 focus-visible:outline-2 focus-visible:outline-sea-700"
                >
                  {label(key)}
                  <span aria-hidden="true">×</span>
                </Link>
              </li>
            ))}
            {active.length > 1 && (
              <li>
                <Link
                  to={hrefFor({ status: query.status, sort: query.sort, currency: query.currency })}
                  preventScrollReset
                  className="inline-flex rounded-full px-3 py-1 text-sm font-medium text-ink-600 underline hover:text-sea-900"
                >
                  {t("find.clearAll")}
                </Link>
              </li>
            )}
          </ul>
        )}
      </div>
      <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
        <Form
          method="get"
          action={home}
          key={query.sort ?? DEFAULT_SORT}
          className="flex min-w-0 max-w-full items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const sort = new FormData(event.currentTarget).get("sort");
            const chosen = LISTING_SORTS.find((s) => s === sort);
            navigate(hrefFor({ ...query, sort: chosen }), { preventScrollReset: true });
          }}
        >
          {[...hidden].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label
            htmlFor="listing-sort"
            className="shrink-0 text-sm font-semibold whitespace-nowrap text-ink-900"
          >
            {t("find.sortLabel")}
          </label>
          <select
            id="listing-sort"
            name="sort"
            defaultValue={query.sort ?? DEFAULT_SORT}
            data-testid="sort"
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
            className="block w-full min-w-0 rounded-xl border border-sand-200 bg-white px-3 py-2 text-sm text-ink-900 shadow-sm"
          >
            {LISTING_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`find.sort.${sort}`)}
              </option>
            ))}
          </select>
          {/* The order applies as it is chosen; without JavaScript a button sends it. */}
          <noscript>
            <button
              type="submit"
              className="shrink-0 rounded-xl border border-sea-900 px-3 py-2 text-sm font-semibold text-sea-900 hover:bg-sea-900 hover:text-white"
            >
              {t("find.sortApply")}
            </button>
          </noscript>
        </Form>
        {children}
      </div>
    </div>
  );
}

import { Link } from "react-router";
import { PROPERTY_STATUSES, type PropertyStatus } from "../../domain/listing.ts";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { type ListingQuery, listingSearchParams } from "./filters.ts";
import type { StatusCounts } from "./unit.ts";

const DOT: Record<PropertyStatus, string> = {
  available: "bg-emerald-500",
  soon: "bg-amber-400",
  occupied: "bg-rose-500",
};

function useStatusHref(query: ListingQuery) {
  const { lang } = useT();
  return (status: PropertyStatus) => {
    const search = listingSearchParams({ ...query, status, page: 1 }).toString();
    return `${localizePath("/", lang)}${search ? `?${search}` : ""}`;
  };
}

/** Three clickable counters: how many units each status has under the current filters. */
export function StatusSummary({ query, counts }: { query: ListingQuery; counts: StatusCounts }) {
  const { t } = useT();
  const href = useStatusHref(query);
  return (
    <nav aria-label={t("status.summary")}>
      <ul className="grid grid-cols-3 gap-2 sm:gap-4">
        {PROPERTY_STATUSES.map((status) => (
          <li key={status}>
            <Link
              to={href(status)}
              preventScrollReset
              data-testid={`count-${status}`}
              aria-current={status === query.status ? "true" : undefined}
              className={`flex h-full flex-col rounded-2xl border p-3 transition sm:p-4 ${
                status === query.status
                  ? "border-sea-700 bg-sea-900 text-white shadow-lg"
                  : "border-sand-200 bg-white text-ink-900 hover:border-sea-500"
              }`}
            >
              <span className="flex items-center gap-2 text-xs font-semibold sm:text-sm">
                <span aria-hidden="true" className={`size-2.5 rounded-full ${DOT[status]}`} />
                {t(`status.${status}`)}
              </span>
              <span className="mt-1 text-2xl font-bold sm:text-3xl">{counts[status]}</span>
              <span className="sr-only">{t("status.counter", { count: counts[status] })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The status as tabs above the grid: one status is shown at a time. */
export function StatusTabs({ query }: { query: ListingQuery }) {
  const { t } = useT();
  const href = useStatusHref(query);
  return (
    <nav aria-label={t("status.tabs")} className="overflow-x-auto">
      {/* On a phone the three tabs share the row's width, so the longest Russian labels fit. */}
      <ul className="flex w-full gap-1 rounded-full bg-sand-100 p-1 sm:inline-flex sm:w-auto">
        {PROPERTY_STATUSES.map((status) => (
          <li key={status} className="flex-auto sm:flex-none">
            <Link
              to={href(status)}
              preventScrollReset
              aria-current={status === query.status ? "page" : undefined}
              className={`block rounded-full px-3 py-2 text-center text-sm sm:px-4 font-semibold whitespace-nowrap transition ${
                status === query.status
                  ? "bg-white text-sea-900 shadow"
                  : "text-ink-600 hover:text-sea-900"
              }`}
            >
              {t(`status.${status}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

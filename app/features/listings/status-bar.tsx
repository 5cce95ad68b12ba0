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

/**
 * The status summary and the status tabs in one control: three links, one per status, each
 * with how many units of that status match the filters; the current one is marked. A line
 * above says what the numbers count (the whole portfolio, or the units matching the filters).
 */
export function StatusSummary({
  query,
  counts,
  filtered,
}: {
  query: ListingQuery;
  counts: StatusCounts;
  filtered: boolean;
}) {
  const { t } = useT();
  const href = useStatusHref(query);
  const total = counts.available + counts.soon + counts.occupied;
  return (
    <nav aria-label={t("status.tabs")} aria-describedby="status-caption">
      <p id="status-caption" className="mb-2 text-sm text-ink-600">
        {t(filtered ? "status.captionFiltered" : "status.captionAll", { count: total })}
      </p>
      <ul className="grid grid-cols-3 gap-1 rounded-2xl bg-sand-100 p-1 sm:inline-grid sm:min-w-[36rem]">
        {PROPERTY_STATUSES.map((status) => (
          <li key={status} className="min-w-0">
            <Link
              to={href(status)}
              preventScrollReset
              data-testid={`count-${status}`}
              aria-current={status === query.status ? "page" : undefined}
              className={`flex h-full flex-col items-start gap-0.5 rounded-xl px-2.5 py-2 transition sm:flex-row sm:items-center sm:gap-2 sm:px-4 ${
                status === query.status
                  ? "bg-sea-900 text-white shadow"
                  : "text-ink-900 hover:bg-white"
              }`}
            >
              <span className="flex items-center gap-1.5 text-xs font-semibold sm:text-sm">
                <span
                  aria-hidden="true"
                  className={`size-2 shrink-0 rounded-full ${DOT[status]}`}
                />
                {t(`status.${status}`)}
              </span>
              <span
                data-testid="status-count"
                className="text-lg leading-tight font-bold sm:text-xl"
              >
                {counts[status]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { formatAdminDateTime } from "../../domain/date-time.ts";
import type { AdminSavedSearch, SearchState } from "./saved-searches.server.ts";

/** A saved search as the admin table shows it, its filters and labels already written out. */
export type SavedSearchLine = AdminSavedSearch & {
  filtersText: string;
  stateLabel: string;
  languageLabel: string;
};

const cell =
  "block px-3 py-1 md:table-cell md:py-2 before:block before:text-xs before:font-semibold before:text-ink-500 before:content-[attr(data-label)] md:before:content-none";

/** Every saved search: who, which filters, in which language, confirmed or not, last alert. */
export function SavedSearchesAdmin({
  searches,
  counts,
  total,
}: {
  searches: SavedSearchLine[];
  counts: Record<SearchState, number> | null;
  total: number;
}) {
  return (
    <>
      <p className="mb-4 text-ink-700" data-testid="saved-search-counts">
        {total} saved {total === 1 ? "search" : "searches"}
        {counts &&
          `: ${counts.confirmed} confirmed, ${counts.pending} waiting for confirmation, ${counts.expired} expired, ${counts.unsubscribed} unsubscribed`}
        . New units are e-mailed once a day to confirmed searches.
      </p>
      {searches.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-ink-600 ring-1 ring-sand-200">
          No saved searches yet.
        </p>
      ) : (
        <div className="md:overflow-x-auto md:rounded-xl md:bg-white md:ring-1 md:ring-sand-200">
          <table className="block w-full text-left text-sm md:table">
            <caption className="sr-only">Saved searches</caption>
            <thead className="sr-only bg-sand-100 text-xs uppercase text-ink-600 md:not-sr-only md:table-header-group">
              <tr>
                <th className="px-3 py-2">Saved</th>
                <th className="px-3 py-2">E-mail</th>
                <th className="px-3 py-2">Filters</th>
                <th className="px-3 py-2">Language</th>
                <th className="px-3 py-2">State</th>
                <th className="px-3 py-2">Last alert</th>
              </tr>
            </thead>
            <tbody className="flex flex-col gap-3 md:table-row-group">
              {searches.map((s) => (
                <tr
                  key={s.id}
                  data-testid="saved-search-row"
                  className="block rounded-xl bg-white py-2 align-top ring-1 ring-sand-200 md:table-row md:rounded-none md:border-t md:border-sand-100 md:py-0 md:ring-0"
                >
                  <td data-label="Saved" className={`${cell} whitespace-nowrap`}>
                    {formatAdminDateTime(s.createdAt)}
                  </td>
                  <td data-label="E-mail" className={cell}>
                    <a className="text-sea-700 underline" href={`mailto:${s.email}`}>
                      {s.email}
                    </a>
                  </td>
                  <td data-label="Filters" className={cell}>
                    {s.filtersText}
                  </td>
                  <td data-label="Language" className={cell}>
                    {s.languageLabel}
                  </td>
                  <td data-label="State" className={cell}>
                    <p
                      className={
                        s.state === "confirmed"
                          ? "text-emerald-800"
                          : s.state === "pending"
                            ? "text-amber-800"
                            : "text-ink-600"
                      }
                    >
                      {s.stateLabel}
                    </p>
                    {s.confirmedAt && (
                      <p className="text-xs text-ink-500">
                        since {formatAdminDateTime(s.confirmedAt)}
                      </p>
                    )}
                  </td>
                  <td data-label="Last alert" className={cell}>
                    {s.lastSentAt
                      ? `${formatAdminDateTime(s.lastSentAt)} (${s.unitsSent} ${s.unitsSent === 1 ? "unit" : "units"} so far)`
                      : "None yet"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

import { reportFailure } from "../db/failure.server.ts";
import { getRuntime } from "../db/runtime.server.ts";
import { formatAdminDateTime } from "../domain/date-time.ts";
import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { languageName } from "../features/admin/lead-format.ts";
import { LoadFailure } from "../features/admin/load-failure.tsx";
import { requireAdmin } from "../features/auth/guard.server.ts";
import { describeFilters } from "../features/saved-searches/filter-summary.ts";
import {
  CONFIRM_DAYS,
  listSavedSearches,
  type SearchState,
} from "../features/saved-searches/saved-searches.server.ts";
import { createI18n } from "../i18n/messages.server.ts";
import type { Route } from "./+types/admin.saved-searches";

export function meta() {
  return [{ title: "Admin — Saved searches" }, { name: "robots", content: "noindex" }];
}

const STATE_LABELS: Record<SearchState, string> = {
  pending: "Waiting for confirmation",
  expired: `Not confirmed (link expired after ${CONFIRM_DAYS} days)`,
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { t } = createI18n("en");
  try {
    const { searches, counts, total } = await listSavedSearches(getRuntime().database.db);
    return {
      email: admin.email,
      counts,
      total,
      searches: searches.map((s) => ({
        ...s,
        filtersText: s.filters ? describeFilters(s.filters, t, "en") : s.rawFilters,
        stateLabel: STATE_LABELS[s.state],
      })),
      loadError: null,
    };
  } catch (error) {
    const failure = await reportFailure("Failed to load saved searches", error);
    return {
      email: admin.email,
      counts: null,
      total: 0,
      searches: [],
      loadError: failure.message,
    };
  }
}

const cell =
  "block px-3 py-1 md:table-cell md:py-2 before:block before:text-xs before:font-semibold before:text-ink-500 before:content-[attr(data-label)] md:before:content-none";

/** Every saved search: who, which filters, in which language, confirmed or not, last alert. */
export default function AdminSavedSearches({ loaderData }: Route.ComponentProps) {
  const { searches, counts, total, loadError } = loaderData;
  return (
    <AdminLayout title="Saved searches" email={loaderData.email}>
      {loadError ? (
        <LoadFailure title="Failed to load the saved searches" details={loadError} />
      ) : (
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
                        {languageName(s.language)}
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
      )}
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Saved searches" failed="Failed to load the saved searches" />;
}

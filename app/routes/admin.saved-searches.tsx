import { reportFailure } from "../db/failure.server.ts";
import { getRuntime } from "../db/runtime.server.ts";
import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin } from "../features/auth/guard.server.ts";
import { languageName } from "../features/lead-desk/lead-format.ts";
import { describeFilters } from "../features/saved-searches/filter-summary.ts";
import {
  CONFIRM_DAYS,
  listSavedSearches,
  type SearchState,
} from "../features/saved-searches/saved-searches.server.ts";
import { SavedSearchesAdmin } from "../features/saved-searches/saved-searches-admin.tsx";
import { createI18n } from "../i18n/messages.server.ts";
import { LoadFailure } from "../ui/load-failure.tsx";
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
        languageLabel: languageName(s.language),
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

export default function AdminSavedSearches({ loaderData }: Route.ComponentProps) {
  const { searches, counts, total, loadError } = loaderData;
  return (
    <AdminLayout title="Saved searches" email={loaderData.email}>
      {loadError ? (
        <LoadFailure title="Failed to load the saved searches" details={loadError} />
      ) : (
        <SavedSearchesAdmin searches={searches} counts={counts} total={total} />
      )}
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Saved searches" failed="Failed to load the saved searches" />;
}

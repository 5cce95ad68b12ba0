import { Link } from "react-router";
import { runtimeDeps } from "../features/leads/lead-actions.server.ts";
import { describeFilters } from "../features/saved-searches/filter-summary.ts";
import { SaveSearchForm } from "../features/saved-searches/save-search-form.tsx";
import { saveSearchAction } from "../features/saved-searches/saved-search-actions.server.ts";
import { CONFIRM_DAYS } from "../features/saved-searches/saved-searches.server.ts";
import { canonicalFilters, readFilters } from "../features/saved-searches/search-filters.ts";
import { languageFromPath, localizePath } from "../i18n/languages.ts";
import { createI18n } from "../i18n/messages.server.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { clientAddressContext } from "../lib/request-context.ts";
import { LiveConfirmation } from "../ui/live-message.tsx";
import type { Route } from "./+types/saved-searches";

/**
 * The list's filters from the address (`?type=condo...`; the form posts to that address): the
 * form's own page, and where it lands without JavaScript.
 */
export function loader({ url }: Route.LoaderArgs) {
  const search = readFilters(url.search.slice(1)) ?? { status: "available" as const };
  const lang = languageFromPath(url.pathname);
  return {
    filters: canonicalFilters(search),
    description: describeFilters(search, createI18n(lang).t, lang),
    confirmDays: CONFIRM_DAYS,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return saveSearchAction(request, runtimeDeps(context.get(clientAddressContext)));
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return [{ title: t("savedSearch.pageTitle") }, { name: "robots", content: "noindex" }];
}

/** Where the home page's "E-mail me new units like these" lands: the answer, or the form again. */
export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { filters, description } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="font-display text-4xl text-sea-900">{t("savedSearch.pageTitle")}</h1>
      <LiveConfirmation
        message={
          actionData?.status === "ok"
            ? t("savedSearch.done", { days: loaderData.confirmDays })
            : null
        }
        className="mt-6 rounded-2xl bg-sea-50 p-5 font-medium text-sea-900"
      />
      {actionData?.status !== "ok" && (
        <SaveSearchForm
          filters={filters}
          description={description}
          result={actionData}
          headingLevel={2}
        />
      )}
      <p className="mt-10">
        <Link
          to={`${localizePath("/", lang)}${filters ? `?${filters}` : ""}#units`}
          className="font-semibold text-sea-700 underline"
        >
          {t("savedSearch.back")}
        </Link>
      </p>
    </section>
  );
}

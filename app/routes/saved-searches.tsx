import { Link } from "react-router";
import { runtimeDeps } from "../features/leads/lead-actions.server.ts";
import { canonicalFilters, readFilters } from "../features/saved-searches/filter-summary.ts";
import { SaveSearchForm } from "../features/saved-searches/save-search-form.tsx";
import { saveSearchAction } from "../features/saved-searches/saved-search-actions.server.ts";
import { CONFIRM_DAYS } from "../features/saved-searches/saved-searches.server.ts";
import { localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { clientAddressContext } from "../lib/request-context.ts";
import type { Route } from "./+types/saved-searches";

/** The list's filters from the address (`?type=condo...`): the form's own page, without JavaScript. */
export function loader({ url }: Route.LoaderArgs) {
  const filters = readFilters(url.search.slice(1)) ?? { status: "available" as const };
  return { filters: canonicalFilters(filters), confirmDays: CONFIRM_DAYS };
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
  const filters = actionData && "values" in actionData ? actionData.values.filters : undefined;
  const listFilters = filters !== undefined && readFilters(filters) ? filters : loaderData.filters;
  return (
    <section className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="font-display text-4xl text-sea-900">{t("savedSearch.pageTitle")}</h1>
      {actionData?.status === "ok" ? (
        <p role="status" className="mt-6 rounded-2xl bg-sea-50 p-5 font-medium text-sea-900">
          {t("savedSearch.done", { days: loaderData.confirmDays })}
        </p>
      ) : (
        <SaveSearchForm filters={listFilters} result={actionData} />
      )}
      <p className="mt-10">
        <Link
          to={`${localizePath("/", lang)}${listFilters ? `?${listFilters}` : ""}#units`}
          className="font-semibold text-sea-700 underline"
        >
          {t("savedSearch.back")}
        </Link>
      </p>
    </section>
  );
}

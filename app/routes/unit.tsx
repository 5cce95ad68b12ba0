import { data, isRouteErrorResponse } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { ALERT_FORM_MARKER } from "../domain/leads.ts";
import { loadPublicCalendar } from "../features/availability/public-calendar.server.ts";
import { unitFormsAction } from "../features/leads/unit-forms-action.server.ts";
import type { UnitSummary } from "../features/listings/unit.ts";
import { UnitError } from "../features/listings/unit-error.tsx";
import { unitJsonLd } from "../features/listings/unit-json-ld.ts";
import { UnitPage } from "../features/listings/unit-page.tsx";
import { loadUnitPage } from "../features/listings/unit-page-data.server.ts";
import { localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { clientAddressContext, markNotCacheable } from "../lib/request-context.ts";
import { breadcrumbJsonLd } from "../lib/seo.ts";
import { unitPath } from "../lib/site-paths.ts";
import { useSite } from "../lib/use-site.ts";
import { deferred } from "../ui/deferred.tsx";
import { JsonLd } from "../ui/json-ld.tsx";
import type { Route } from "./+types/unit";

// The parts below the facts fetch their code when the visitor does anything, or scrolls within
// 400 px of them: on a wide screen the calendar starts about 600 px under the first view, and
// everything in it works from the server's HTML until then (forms post, months open).
const CalendarAndForms = deferred(
  async () => (await import("../features/listings/unit-below-the-fold.tsx")).UnitCalendarAndForms,
  "400px",
);
const SimilarUnits = deferred(
  async () => (await import("../features/listings/similar-units.tsx")).SimilarUnits,
  "400px",
);

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadUnitPage(params.slug, (unit) =>
    loadPublicCalendar(getRuntime().database.db, unit),
  );
  if (!page.cacheable) markNotCacheable(context);
  // A unit that no longer exists: its 404 page suggests a few available ones.
  if (!page.found) throw data({ suggestions: page.suggestions }, { status: page.status });
  const { unit, source, calendar, similar } = page;
  return { unit, source, calendar, similar };
}

/** The unit's forms: the enquiry, or "notify me when it is free". */
export async function action({ request, params, context }: Route.ActionArgs) {
  return unitFormsAction(request, context.get(clientAddressContext), params.slug);
}

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  const { t, lang } = metaI18n(args);
  if (!loaderData) return [{ title: t("notFound.title") }];
  const { unit } = loaderData;
  const description = (lang === "ru" && unit.descriptionRu) || unit.description;
  return pageMeta(args, {
    title: `${unit.name} — ${unit.building} ${unit.unitCode}`,
    description: description.slice(0, 160),
    image: unit.images[0]?.src,
  });
}

export default function Unit({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const site = useSite();
  const { unit, source, calendar, similar } = loaderData;
  const offline = source === "fallback" || unit.id === null;
  const forAlert = actionData && "form" in actionData && actionData.form === ALERT_FORM_MARKER;
  const alertResult = forAlert ? actionData : undefined;
  const enquiryResult = forAlert ? undefined : actionData;
  return (
    <>
      <UnitPage
        unit={unit}
        fallback={source === "fallback"}
        lower={
          <CalendarAndForms
            unit={unit}
            calendar={calendar}
            offline={offline}
            alertResult={alertResult}
            enquiryResult={enquiryResult}
          />
        }
      />
      <SimilarUnits units={similar} compareWith={unit.slug} />
      {site && (
        <JsonLd
          data={[
            unitJsonLd(unit, site.publicUrl, lang, site.contacts.brandName),
            breadcrumbJsonLd(
              [
                { name: t("nav.home"), path: localizePath("/", lang) },
                { name: t("nav.units"), path: `${localizePath("/", lang)}#units` },
                { name: unit.name, path: unitPath(unit.slug, lang) },
              ],
              site.publicUrl,
            ),
          ]}
        />
      )}
    </>
  );
}

/** A unit that does not exist: the not-found text, then a few available units to look at. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500 && status !== 503) console.error(error);
  const suggestions: UnitSummary[] =
    isRouteErrorResponse(error) && error.data && Array.isArray(error.data.suggestions)
      ? error.data.suggestions
      : [];
  return (
    <>
      <UnitError status={status} />
      <SimilarUnits units={suggestions} heading={t("find.similarNotFound")} />
    </>
  );
}

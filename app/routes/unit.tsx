import { data, isRouteErrorResponse, Link } from "react-router";
import { currentLogger, getRuntime } from "../db/runtime.server.ts";
import { ALERT_FORM_MARKER } from "../domain/leads.ts";
import { loadPublicCalendar } from "../features/availability/public-calendar.server.ts";
import {
  availabilityAlertAction,
  runtimeDeps,
  unitEnquiryAction,
} from "../features/leads/lead-actions.server.ts";
import type { UnitSummary } from "../features/listings/unit.ts";
import { loadSiteUnit } from "../features/listings/unit-detail.server.ts";
import { UnitPage } from "../features/listings/unit-page.tsx";
import {
  availableUnits,
  fallbackUnits,
  fromSiteDatabase,
  similarUnits,
} from "../features/listings/units-by-slug.server.ts";
import { localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { readForm } from "../lib/request-body.server.ts";
import { clientAddressContext, markNotCacheable } from "../lib/request-context.ts";
import { breadcrumbJsonLd, unitJsonLd } from "../lib/seo.ts";
import { useSite } from "../lib/use-site.ts";
import { deferred } from "../ui/deferred.tsx";
import { JsonLd } from "../ui/json-ld.tsx";
import type { Route } from "./+types/unit";

// The parts below the facts fetch their code when the visitor does anything, or scrolls within
// 400 px of them: on a wide screen the calendar starts about 600 px under the first view, and
// everything in it works from the server's HTML until then (forms post, months open).
const CalendarAndForms = deferred(
  async () => (await import("./unit-below-the-fold.tsx")).UnitCalendarAndForms,
  "400px",
);
const SimilarUnits = deferred(
  async () => (await import("../features/listings/similar-units.tsx")).SimilarUnits,
  "400px",
);

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await loadSiteUnit(params.slug);
  if (found.source !== "database") markNotCacheable(context);
  if (!found.unit) {
    if (found.source === "unavailable") throw data(null, { status: 503 });
    // A unit that no longer exists: its 404 page suggests a few available ones.
    const suggestions = await fromSiteDatabase(availableUnits, () => fallbackUnits.available());
    throw data({ suggestions: suggestions.value }, { status: 404 });
  }
  const unit = found.unit;
  // A database that just failed is not asked again: the demo units answer at once.
  const similar =
    found.source === "database"
      ? await fromSiteDatabase(
          (db) => similarUnits(db, unit),
          () => fallbackUnits.similar(unit),
        )
      : { value: fallbackUnits.similar(unit), source: "fallback" as const };
  if (similar.source === "fallback") markNotCacheable(context);
  let calendar = null;
  if (found.source === "database" && found.unit.id !== null) {
    try {
      calendar = await loadPublicCalendar(getRuntime().database.db, {
        ...found.unit,
        id: found.unit.id,
      });
    } catch (error) {
      currentLogger().warn({ err: error }, "unit page without its calendar");
      markNotCacheable(context);
    }
  }
  return { unit: found.unit, source: found.source, calendar, similar: similar.value };
}

/**
 * The unit's forms: the enquiry, or "notify me when it is free", told apart by the `form` field
 * of the body, read once (bounded) before anything else.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const deps = runtimeDeps(context.get(clientAddressContext));
  if (form.get("form") === ALERT_FORM_MARKER) {
    // Marked, so that after a post without JavaScript only this form shows the answer.
    const answer = await availabilityAlertAction(request, deps, params.slug, form);
    return data({ ...answer.data, form: ALERT_FORM_MARKER }, answer.init ?? undefined);
  }
  return unitEnquiryAction(request, deps, params.slug, form);
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
                { name: unit.name, path: localizePath(`/units/${unit.slug}`, lang) },
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
  const { t, lang } = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500 && status !== 503) console.error(error);
  const suggestions: UnitSummary[] =
    isRouteErrorResponse(error) && error.data && Array.isArray(error.data.suggestions)
      ? error.data.suggestions
      : [];
  const text =
    status === 404
      ? { title: t("notFound.title"), body: t("notFound.text") }
      : status === 503
        ? { title: t("unavailable.title"), body: t("unavailable.text") }
        : { title: t("error.title"), body: t("error.text") };
  return (
    <>
      <section className="mx-auto max-w-2xl px-6 py-16 text-center">
        <p className="font-display text-6xl text-sea-100">{status}</p>
        <h1 className="mt-2 font-display text-4xl text-sea-900">{text.title}</h1>
        <p className="mt-4 text-ink-600">{text.body}</p>
        <Link
          to={localizePath("/", lang)}
          className="mt-8 inline-flex rounded-xl bg-sea-900 px-5 py-3 font-semibold text-white hover:bg-sea-700"
        >
          {t("notFound.back")}
        </Link>
      </section>
      <SimilarUnits units={suggestions} heading={t("find.similarNotFound")} />
    </>
  );
}

import { data } from "react-router";
import { currentLogger, getRuntime } from "../db/runtime.server.ts";
import {
  ALERT_FORM_MARKER,
  AvailabilityAlertForm,
} from "../features/availability/availability-alert-form.tsx";
import { AvailabilityCalendar } from "../features/availability/availability-calendar.tsx";
import { addDays } from "../features/availability/calendar-dates.ts";
import { loadPublicCalendar } from "../features/availability/public-calendar.server.ts";
import {
  availabilityAlertAction,
  runtimeDeps,
  unitEnquiryAction,
} from "../features/leads/lead-actions.server.ts";
import { UnitEnquiryForm } from "../features/leads/unit-enquiry-form.tsx";
import { UnitViewingForm } from "../features/leads/unit-viewing-form.tsx";
import { loadSiteUnit } from "../features/listings/unit-detail.server.ts";
import { UnitPage } from "../features/listings/unit-page.tsx";
import { localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { clientAddressContext, markNotCacheable } from "../lib/request-context.ts";
import { breadcrumbJsonLd, unitJsonLd } from "../lib/seo.ts";
import { useSite } from "../lib/use-site.ts";
import { JsonLd } from "../ui/json-ld.tsx";
import type { Route } from "./+types/unit";

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await loadSiteUnit(params.slug);
  if (found.source !== "database") markNotCacheable(context);
  if (!found.unit) {
    throw data(null, { status: found.source === "unavailable" ? 503 : 404 });
  }
  let calendar = null;
  if (found.source === "database" && found.unit.id !== null) {
    try {
      calendar = await loadPublicCalendar(getRuntime().database.db, found.unit.id);
    } catch (error) {
      currentLogger().warn({ err: error }, "unit page without its calendar");
      markNotCacheable(context);
    }
  }
  return { unit: found.unit, source: found.source, calendar };
}

/** The unit's forms: the enquiry, or "notify me when it is free" (told apart by `form`). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const deps = runtimeDeps(context.get(clientAddressContext));
  const form = new URLSearchParams(
    request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")
      ? (await request.clone().text()).slice(0, 20_000)
      : "",
  ).get("form");
  if (form === ALERT_FORM_MARKER) {
    // Marked, so that after a post without JavaScript only this form shows the answer.
    const answer = await availabilityAlertAction(request, deps, params.slug);
    return data({ ...answer.data, form: ALERT_FORM_MARKER }, answer.init ?? undefined);
  }
  return unitEnquiryAction(request, deps, params.slug);
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
  const { unit, source, calendar } = loaderData;
  const offline = source === "fallback" || unit.id === null;
  const forAlert = actionData && "form" in actionData && actionData.form === ALERT_FORM_MARKER;
  const alertResult = forAlert ? actionData : undefined;
  const enquiryResult = forAlert ? undefined : actionData;
  return (
    <>
      <UnitPage
        unit={unit}
        fallback={source === "fallback"}
        enquiry={
          <>
            <UnitEnquiryForm
              key={unit.slug}
              unitName={unit.name}
              offline={offline}
              serverResult={enquiryResult}
            />
            {!offline && (
              <UnitViewingForm
                key={`viewing-${unit.slug}`}
                unitName={unit.name}
                action={`${localizePath(`/units/${unit.slug}`, lang)}/viewing`}
                page={localizePath(`/units/${unit.slug}`, lang)}
              />
            )}
          </>
        }
        calendar={
          <>
            {calendar && <AvailabilityCalendar calendar={calendar} />}
            {!offline && unit.status !== "available" && (
              <AvailabilityAlertForm
                key={`alert-${unit.slug}`}
                unitName={unit.name}
                suggestedDate={
                  unit.availableFrom ?? (unit.rentedUntil && addDays(unit.rentedUntil, 1))
                }
                serverResult={alertResult}
              />
            )}
          </>
        }
      />
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

import { data } from "react-router";
import { runtimeDeps, unitEnquiryAction } from "../features/leads/lead-actions.server.ts";
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
  return { unit: found.unit, source: found.source };
}

/** The unit's enquiry form. */
export function action({ request, params, context }: Route.ActionArgs) {
  return unitEnquiryAction(request, runtimeDeps(context.get(clientAddressContext)), params.slug);
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
  const { unit, source } = loaderData;
  const offline = source === "fallback" || unit.id === null;
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
              serverResult={actionData}
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

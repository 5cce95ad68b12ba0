import { data, Link } from "react-router";
import { runtimeDeps, viewingRequestAction } from "../features/leads/lead-actions.server.ts";
import { UnitViewingForm } from "../features/leads/unit-viewing-form.tsx";
import { loadSiteUnit } from "../features/listings/unit-detail.server.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { clientAddressContext, markNotCacheable } from "../lib/request-context.ts";
import { unitPath, unitViewingPath } from "../lib/site-paths.ts";
import type { Route } from "./+types/unit-viewing";

/** Where the viewing form lands without JavaScript: the form again, or the thank-you. */
export async function loader({ params, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  const found = await loadSiteUnit(params.slug);
  if (!found.unit || found.source !== "database") {
    // Not found in a database that answers: 404; the database not answering: 503.
    throw data(null, { status: found.source === "database" ? 404 : 503 });
  }
  return { unit: { name: found.unit.name, slug: found.unit.slug } };
}

export function action({ request, params, context }: Route.ActionArgs) {
  return viewingRequestAction(request, runtimeDeps(context.get(clientAddressContext)), params.slug);
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return [{ title: t("viewing.title") }, { name: "robots", content: "noindex" }];
}

export default function UnitViewing({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const page = unitPath(loaderData.unit.slug, lang);
  return (
    <div className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="font-display text-3xl text-sea-900">{loaderData.unit.name}</h1>
      <UnitViewingForm
        unitName={loaderData.unit.name}
        action={unitViewingPath(loaderData.unit.slug, lang)}
        page={page}
        serverResult={actionData}
      />
      <p className="mt-8">
        <Link to={page} className="font-semibold text-sea-700 underline">
          {t("viewing.back")}
        </Link>
      </p>
    </div>
  );
}

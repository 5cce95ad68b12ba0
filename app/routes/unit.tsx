import { data } from "react-router";
import { loadSiteUnit } from "../features/listings/unit-detail.server.ts";
import { UnitPage } from "../features/listings/unit-page.tsx";
import { metaI18n } from "../i18n/meta.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/unit";

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await loadSiteUnit(params.slug);
  if (found.source !== "database") markNotCacheable(context);
  if (!found.unit) {
    throw data(null, { status: found.source === "unavailable" ? 503 : 404 });
  }
  return { unit: found.unit, source: found.source };
}

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  const { t, lang } = metaI18n(args);
  if (!loaderData) return [{ title: t("notFound.title") }];
  const { unit } = loaderData;
  const description = (lang === "ru" && unit.descriptionRu) || unit.description;
  return [
    { title: `${unit.name} — ${unit.building} ${unit.unitCode}` },
    { name: "description", content: description.slice(0, 160) },
    { property: "og:title", content: unit.name },
    ...(unit.images[0] ? [{ property: "og:image", content: unit.images[0].src }] : []),
  ];
}

export default function Unit({ loaderData }: Route.ComponentProps) {
  return <UnitPage unit={loaderData.unit} fallback={loaderData.source === "fallback"} />;
}

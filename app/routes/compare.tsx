import { data } from "react-router";
import { MAX_COMPARED_UNITS, parseSlugList } from "../features/favorites/slug-list.ts";
import { CompareTable } from "../features/listings/compare-table.tsx";
import {
  fallbackUnits,
  fromSiteDatabase,
  unitsBySlugs,
} from "../features/listings/units-by-slug.server.ts";
import { localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { markNotCacheable } from "../lib/request-context.ts";
import { PriceNote } from "../ui/price.tsx";
import type { Route } from "./+types/compare";

/** /compare?units=a,b,c: up to four units side by side; a list it cannot show says why (400). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const list = parseSlugList(url.searchParams.get("units"), MAX_COMPARED_UNITS);
  if (!list.ok) {
    return data({ units: [], unknown: [], error: list.reason, count: list.count }, { status: 400 });
  }
  const found = await fromSiteDatabase(
    (db) => unitsBySlugs(db, list.slugs),
    () => fallbackUnits.bySlugs(list.slugs),
  );
  if (found.source === "fallback") markNotCacheable(context);
  const known = new Set(found.value.map((u) => u.slug));
  return {
    units: found.value,
    unknown: list.slugs.filter((s) => !known.has(s)),
    error: null,
    count: list.slugs.length,
  };
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return [{ title: t("find.compareTitle") }, { name: "robots", content: "noindex" }];
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { units, unknown, error, count } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-4xl text-sea-900">{t("find.compareTitle")}</h1>
      {units.length > 1 && <p className="mt-2 text-ink-600">{t("find.compareIntro")}</p>}
      <PriceNote className="mt-2 text-ink-600" />
      {error && (
        <p role="alert" className="mt-6 font-medium text-rose-700">
          {error === "too-many"
            ? t("find.compareTooMany", { max: MAX_COMPARED_UNITS, count })
            : t("find.compareBadSlug")}
        </p>
      )}
      {unknown.length > 0 && (
        <p role="alert" className="mt-6 font-medium text-rose-700">
          {t("find.compareUnknown", { slugs: unknown.join(", ") })}
        </p>
      )}
      {units.length > 0 ? (
        <CompareTable units={units} />
      ) : (
        !error && <p className="mt-6 text-ink-600">{t("find.compareNone")}</p>
      )}
      <a
        href={localizePath("/favorites", lang)}
        className="mt-8 inline-flex rounded-xl border-2 border-sea-900 px-5 py-2.5 font-semibold text-sea-900 hover:bg-sea-900 hover:text-white"
      >
        {t("find.favorites")}
      </a>
    </section>
  );
}

import { MAX_LISTED_UNITS, parseSlugList } from "../features/favorites/slug-list.ts";
import { type FavoritesData, FavoritesPage } from "../features/listings/favorites-page.tsx";
import {
  fallbackUnits,
  fromSiteDatabase,
  unitsBySlugs,
} from "../features/listings/units-by-slug.server.ts";
import { metaI18n } from "../i18n/meta.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import { useSite } from "../lib/use-site.ts";
import type { Route } from "./+types/favorites";

/**
 * /favorites: the saved units live in the browser, so the page itself is the same for everyone;
 * `?units=a,b,c` (a shared link, or the page asking for its saved units' data) names the units,
 * and the URL alone decides the answer, so the page cache may keep it by URL.
 */
export async function loader({ url, context }: Route.LoaderArgs): Promise<FavoritesData> {
  if (!url.searchParams.has("units")) return { requested: null };
  const list = parseSlugList(url.searchParams.get("units"), MAX_LISTED_UNITS);
  if (!list.ok) return { requested: null, error: list.reason, max: MAX_LISTED_UNITS };
  const found = await fromSiteDatabase(
    (db) => unitsBySlugs(db, list.slugs),
    () => fallbackUnits.bySlugs(list.slugs),
  );
  if (found.source === "fallback") markNotCacheable(context);
  return { requested: list.slugs, units: found.value };
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return [{ title: t("find.favoritesTitle") }, { name: "robots", content: "noindex" }];
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return <FavoritesPage data={loaderData} publicUrl={site?.publicUrl ?? ""} />;
}

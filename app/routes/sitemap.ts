import { getRuntime } from "../db/runtime.server.ts";
import { loadBlogPosts } from "../features/blog/posts.server.ts";
import { listUnitSlugs } from "../features/listings/unit-slugs.server.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import { unitPath } from "../lib/site-paths.ts";
import { sitemapXml } from "../lib/sitemap.ts";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: every public page in both languages, with its twin named by hreflang. */
export async function loader({ context }: Route.LoaderArgs) {
  const units = await listUnitSlugs();
  if (!units.complete) markNotCacheable(context);
  const posts = await loadBlogPosts("en");
  const paths = [
    "/",
    "/about",
    "/owners/roi",
    "/owners/revenue-share",
    "/accessibility",
    "/blog",
    ...posts.map((p) => `/blog/${p.slug}`),
    ...units.slugs.map((slug) => unitPath(slug, "en")),
  ];
  return new Response(sitemapXml(getRuntime().config.publicUrl, paths), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

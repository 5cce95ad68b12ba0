import { asc } from "drizzle-orm";
import { currentLogger, getRuntime } from "../db/runtime.server.ts";
import { properties } from "../db/schema.ts";
import { loadBlogPosts } from "../features/blog/posts.server.ts";
import { LANGUAGES, localizePath } from "../i18n/languages.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/sitemap";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** /sitemap.xml: every public page in both languages, with its twin named by hreflang. */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, database, databaseReady } = getRuntime();
  let unitSlugs: string[] = [];
  if (databaseReady) {
    try {
      unitSlugs = (
        await database.db
          .select({ slug: properties.slug })
          .from(properties)
          .orderBy(asc(properties.slug))
      ).map((r) => r.slug);
    } catch (error) {
      currentLogger().warn({ err: error }, "sitemap without units: database unavailable");
      markNotCacheable(context);
    }
  }
  const posts = await loadBlogPosts("en");
  const paths = [
    "/",
    "/about",
    "/owners/roi",
    "/owners/revenue-share",
    "/accessibility",
    "/blog",
    ...posts.map((p) => `/blog/${p.slug}`),
    ...unitSlugs.map((slug) => `/units/${slug}`),
  ];
  const url = (path: string, lang: (typeof LANGUAGES)[number]) =>
    escapeXml(`${config.publicUrl}${localizePath(path, lang)}`);
  const entries = paths.flatMap((path) =>
    LANGUAGES.map(
      (lang) =>
        `<url><loc>${url(path, lang)}</loc>${LANGUAGES.map(
          (alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${url(path, alt)}"/>`,
        ).join("")}</url>`,
    ),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

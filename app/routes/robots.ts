import { getRuntime } from "../db/runtime.server.ts";

/** /robots.txt: the admin and the API stay out of search engines; the sitemap by its full address. */
export function loader() {
  const { config } = getRuntime();
  const text = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "",
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

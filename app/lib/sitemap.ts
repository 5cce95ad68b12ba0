import { LANGUAGES, type Language, localizePath } from "../i18n/languages.ts";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A sitemap of `paths` on `publicUrl`, each in every language, with its twins named by hreflang. */
export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const url = (path: string, lang: Language) =>
    escapeXml(`${publicUrl}${localizePath(path, lang)}`);
  const entries = paths.flatMap((path) =>
    LANGUAGES.map(
      (lang) =>
        `<url><loc>${url(path, lang)}</loc>${LANGUAGES.map(
          (alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${url(path, alt)}"/>`,
        ).join("")}</url>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
}

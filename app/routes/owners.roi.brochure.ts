import { getRuntime } from "../db/runtime.server.ts";
import { brochureFileName, cachedRoiBrochure } from "../features/owners/brochure.server.ts";
import { type Language, languageFromPath } from "../i18n/languages.ts";
import type { Route } from "./+types/owners.roi.brochure";

/** The ROI program brochure, a PDF in the page's language (`/ru/...`, or `?lang=ru`). */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("lang");
  const lang: Language = asked === "ru" || asked === "en" ? asked : languageFromPath(url.pathname);
  const { pdf, etag } = await cachedRoiBrochure(lang, getRuntime().config.contacts);
  const headers = {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${brochureFileName(lang)}"`,
    "Cache-Control": "public, max-age=3600",
    ETag: etag,
  };
  if (request.headers.get("if-none-match") === etag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(pdf), { headers });
}

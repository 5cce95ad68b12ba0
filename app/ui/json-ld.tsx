import { useMemo } from "react";
import { serializeJsonLd } from "../lib/seo.ts";

type Data = Record<string, unknown>;

/**
 * Structured data for search engines. A data block is never run, so it needs no CSP nonce; its
 * JSON is escaped so that stored text cannot end the element (serializeJsonLd).
 */
export function JsonLd({ data }: { data: Data | Data[] }) {
  const html = useMemo(() => ({ __html: serializeJsonLd(data) }), [data]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by serializeJsonLd, never run
  return <script type="application/ld+json" dangerouslySetInnerHTML={html} />;
}

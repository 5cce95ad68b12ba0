import { languageFromPath } from "../i18n/languages.ts";
import { socialMeta } from "./seo.ts";
import { siteFromMatches } from "./use-site.ts";

interface MetaLikeArgs {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/**
 * The tags of a public page: title, description, and its Open Graph and Twitter cards with
 * absolute addresses (the canonical and hreflang links come from the root layout).
 */
export function pageMeta(
  { location, matches }: MetaLikeArgs,
  page: { title: string; description: string; image?: string | undefined; type?: "article" },
) {
  const site = siteFromMatches(matches);
  return [
    { title: page.title },
    { name: "description", content: page.description },
    ...(site
      ? socialMeta({
          publicUrl: site.publicUrl,
          siteName: site.contacts.brandName,
          pathname: location.pathname,
          lang: languageFromPath(location.pathname),
          ...page,
        })
      : []),
  ];
}

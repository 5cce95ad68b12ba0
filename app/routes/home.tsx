import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { loadBlogPosts } from "../features/blog/posts.server.ts";
import { listingSearchParams, parseListingQuery } from "../features/listings/filters.ts";
import { ListingSection } from "../features/listings/listing-section.tsx";
import { loadSiteListing } from "../features/listings/listing-source.server.ts";
import { SearchPanel } from "../features/listings/search-panel.tsx";
import { HomeHero } from "../features/marketing/home-hero.tsx";
import { heroSources, sitePicture } from "../features/media/site-picture.ts";
import { describeFilters } from "../features/saved-searches/filter-summary.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { createI18n } from "../i18n/messages.server.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import { companyJsonLd } from "../lib/seo.ts";
import { useSite } from "../lib/use-site.ts";
import { deferred } from "../ui/deferred.tsx";
import { JsonLd } from "../ui/json-ld.tsx";
import type { Route } from "./+types/home";

const BelowTheFold = deferred(
  async () => (await import("../features/marketing/home-below-the-fold.tsx")).default,
);
// A plain form post: it works while its code is still on the way.
const SaveSearch = deferred(
  async () => (await import("../features/saved-searches/save-search-form.tsx")).SaveSearchForm,
);

export async function loader({ url, context }: Route.LoaderArgs) {
  const lang = languageFromPath(url.pathname);
  const { query } = parseListingQuery(url.searchParams);
  const [listing, posts] = await Promise.all([
    loadSiteListing(query, { through: true }),
    loadBlogPosts(lang),
  ]);
  if (listing.source === "fallback") markNotCacheable(context);
  // The saved-search form's words for these filters, made here so its code carries no rules.
  const searchSummary = describeFilters(query, createI18n(lang).t, lang);
  return { query, listing, posts: posts.slice(0, 3), searchSummary };
}

/**
 * Load More appends the next page itself and then moves the URL one page on; that step needs no
 * new data from the server. Everything else reloads as usual.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const current = parseListingQuery(currentUrl.searchParams).query;
  const next = parseListingQuery(nextUrl.searchParams).query;
  const samePage = (q: typeof current) => listingSearchParams({ ...q, page: 1 }).toString();
  if (samePage(current) === samePage(next) && next.page === current.page + 1) return false;
  return defaultShouldRevalidate;
}

/**
 * The hero picture is asked for with the page's first bytes, before the stylesheet and scripts
 * are read: the phone's AVIF on phones, the wider ones by width elsewhere (the same choice the
 * picture element makes, so nothing is fetched twice).
 */
export function links(): Route.LinkDescriptors {
  const hero = heroSources();
  // <Links /> passes every property to the <link> element; React Router's type lacks this one.
  const highPriority = { fetchPriority: "high" } as Record<string, string>;
  return [
    {
      rel: "preload",
      as: "image",
      type: "image/avif",
      href: hero.phoneAvif,
      media: hero.phoneMedia,
      ...highPriority,
    },
    {
      rel: "preload",
      as: "image",
      type: "image/avif",
      imageSrcSet: hero.wideAvif,
      imageSizes: hero.sizes,
      media: hero.wideMedia,
      ...highPriority,
    },
  ];
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return pageMeta(args, {
    title: t("meta.title"),
    description: t("meta.description"),
    image: sitePicture("site/hero").src,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const site = useSite();
  const { query, listing, posts } = loaderData;
  const listKey = listingSearchParams({ ...query, page: 1 }).toString();
  return (
    <>
      <HomeHero search={<SearchPanel query={query} />} />

      <section id="units" className="mx-auto max-w-7xl scroll-mt-16 px-4 py-8 sm:px-6 sm:py-14">
        <h2 className="font-display text-3xl text-sea-900 sm:text-4xl">{t("listing.heading")}</h2>
        <p className="mt-1 text-ink-600 sm:mt-2">{t("listing.subheading")}</p>
        <ListingSection key={listKey} query={query} listing={listing} />
        {/* The list's filters without order or page: what a saved search keeps. */}
        <SaveSearch
          filters={listingSearchParams({ ...query, sort: undefined, page: 1 }).toString()}
          description={loaderData.searchSummary}
        />
      </section>

      <BelowTheFold posts={posts} />
      {site && <JsonLd data={companyJsonLd(site.contacts, site.publicUrl, lang)} />}
      {/* Owner dialogs (/owners/...) open over the home page. */}
      <Outlet />
    </>
  );
}

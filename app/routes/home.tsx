import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { loadBlogPosts } from "../features/blog/posts.server.ts";
import { listingSearchParams, parseListingQuery } from "../features/listings/filters.ts";
import { ListingSection } from "../features/listings/listing-section.tsx";
import { loadSiteListing } from "../features/listings/listing-source.server.ts";
import { SearchPanel } from "../features/listings/search-panel.tsx";
import { sitePicture } from "../features/media/site-picture.ts";
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

const BelowTheFold = deferred(async () => (await import("./home-below-the-fold.tsx")).default);
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
  const hero = sitePicture("site/hero");
  const listKey = listingSearchParams({ ...query, page: 1 }).toString();
  return (
    <>
      <section className="relative isolate overflow-hidden bg-sea-900 text-white">
        <img
          src={hero.src}
          srcSet={hero.srcSet}
          sizes="100vw"
          alt=""
          aria-hidden="true"
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover opacity-75"
          width={1600}
          height={1000}
        />
        <div className="absolute inset-0 -z-10 bg-gradient-to-b from-sea-900/30 via-sea-900/60 to-sea-900" />
        <div className="mx-auto max-w-7xl px-4 pt-16 pb-12 sm:px-6 sm:pt-24">
          <p className="text-xs font-semibold tracking-[0.2em] text-sea-100 uppercase sm:text-sm">
            {t("hero.tagline")}
          </p>
          <h1 className="mt-4 max-w-3xl font-display text-4xl leading-tight sm:text-6xl">
            {t("hero.title")}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-sea-100">{t("hero.subtitle")}</p>
          <div className="mt-10">
            <SearchPanel query={query} />
          </div>
        </div>
      </section>

      <section id="units" className="mx-auto max-w-7xl scroll-mt-16 px-4 py-14 sm:px-6">
        <h2 className="font-display text-3xl text-sea-900 sm:text-4xl">{t("listing.heading")}</h2>
        <p className="mt-2 text-ink-600">{t("listing.subheading")}</p>
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

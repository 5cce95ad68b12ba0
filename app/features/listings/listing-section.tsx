import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { placeName } from "../../i18n/place-names.ts";
import { useT } from "../../i18n/use-t.tsx";
import { formatBaht } from "../../lib/format.ts";
import { unitPath } from "../../lib/site-paths.ts";
import { useSite } from "../../lib/use-site.ts";
import { PriceNote } from "../../ui/price.tsx";
import { PAGE_SIZE } from "./catalog.ts";
import { hasAnyFilter, type ListingQuery, listingSearchParams } from "./filters.ts";
import { SortAndChips } from "./sort-and-chips.tsx";
import { StatusSummary } from "./status-bar.tsx";
import type { StatusCounts, UnitSummary } from "./unit.ts";
import { UnitCard } from "./unit-card.tsx";

// MapLibre comes only with the map: this module is fetched the first time the map is shown.
const UnitsMap = lazy(() => import("./units-map.tsx").catch(() => ({ default: MapUnavailable })));

export interface ListingData {
  units: UnitSummary[];
  hasMore: boolean;
  counts: StatusCounts;
  matching: number;
  source: "database" | "fallback";
}

interface MoreState {
  units: UnitSummary[];
  hasMore: boolean;
  page: number;
  status: "idle" | "loading" | "failed";
}

/**
 * Status counters and tabs, the unit grid and Load More. Load More is a link to the next page's
 * URL (pages 1..N render on the server, so it works without JavaScript and survives a reload or
 * the back button); with JavaScript it fetches only the next page and appends it.
 */
export function ListingSection({ query, listing }: { query: ListingQuery; listing: ListingData }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const [more, setMore] = useState<MoreState>({
    units: [],
    hasMore: listing.hasMore,
    page: query.page,
    status: "idle",
  });

  const units = [...listing.units, ...more.units];
  const home = localizePath("/", lang);
  const nextPage = more.page + 1;
  const nextSearch = listingSearchParams({ ...query, page: nextPage }).toString();
  const total = listing.matching;
  const onMap = query.view === "map";
  const grid = useRef<HTMLUListElement>(null);
  // After Load More, focus moves to the first card that came in (its link), not to the top.
  const firstNew = useRef<number | null>(null);
  const unitCount = units.length;
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || unitCount <= index) return;
    firstNew.current = null;
    grid.current
      ?.querySelectorAll<HTMLLIElement>(":scope > li")
      [index]?.querySelector("a")
      ?.focus();
  }, [unitCount]);

  // A new list is on its way when the home page is loading with other filters.
  const loadingList =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    navigation.location.search !== location.search &&
    !navigation.location.hash;

  async function loadMore(event: React.MouseEvent) {
    event.preventDefault();
    setMore((m) => ({ ...m, status: "loading" }));
    try {
      const response = await fetch(`/api/units?${nextSearch}`, {
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const page = (await response.json()) as ListingData;
      // A page from the other source (the database back, or gone) would not belong to this list.
      if (page.source !== listing.source) throw new Error("listing source changed");
      firstNew.current = units.length;
      setMore((m) => ({
        units: [...m.units, ...page.units],
        hasMore: page.hasMore,
        page: nextPage,
        status: "idle",
      }));
      // Keep the URL in step, so a reload or the back button shows the same units.
      navigate(`${home}?${nextSearch}`, {
        replace: true,
        preventScrollReset: true,
        state: { appended: true },
      });
    } catch {
      setMore((m) => ({ ...m, status: "failed" }));
    }
  }

  return (
    <div className="mt-5 space-y-4 sm:mt-8 sm:space-y-6">
      <StatusSummary query={query} counts={listing.counts} filtered={hasAnyFilter(query)} />
      {listing.source === "fallback" && (
        <p
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          <span aria-hidden="true">⚠</span>
          {t("listing.fallbackNotice")}
        </p>
      )}
      <SortAndChips query={query} total={total}>
        <ViewSwitch query={query} />
      </SortAndChips>
      <PriceNote className="text-ink-600" />

      <div className="relative" aria-busy={loadingList}>
        {loadingList && (
          <div role="status" className="absolute inset-x-0 top-0 z-10 flex justify-center pt-10">
            <span className="flex items-center gap-3 rounded-full bg-white px-5 py-3 font-medium text-sea-900 shadow-lg">
              <span
                aria-hidden="true"
                className="size-5 animate-spin rounded-full border-2 border-sea-100 border-t-sea-700"
              />
              {t("listing.loading")}
            </span>
          </div>
        )}
        {onMap && units.length > 0 ? (
          <MapPanel units={units} hasMore={listing.hasMore} />
        ) : units.length === 0 ? (
          <div className="rounded-3xl border border-dashed border-sand-200 bg-white px-6 py-16 text-center">
            <p className="text-lg font-medium text-ink-900">{t("listing.empty")}</p>
            {hasAnyFilter(query) || query.status !== "available" ? (
              <Link
                to={`${home}#units`}
                className="mt-6 inline-flex rounded-xl bg-sea-900 px-5 py-3 font-semibold text-white hover:bg-sea-700"
              >
                {t("listing.clearFilters")}
              </Link>
            ) : null}
          </div>
        ) : (
          <ul
            ref={grid}
            className={`grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${loadingList ? "opacity-40" : ""}`}
            aria-label={t("listing.heading")}
          >
            {units.map((unit, i) => (
              <li
                key={unit.slug}
                id={i > 0 && i % PAGE_SIZE === 0 ? `page-${i / PAGE_SIZE + 1}` : undefined}
                className="flex scroll-mt-24"
              >
                <UnitCard unit={unit} eager={i < 3} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {more.status === "failed" && (
        <p role="alert" className="text-center font-medium text-rose-700">
          {t("listing.loadMoreFailed")}
        </p>
      )}
      {units.length > 0 && !onMap && (
        <p className="text-center text-sm text-ink-500">
          {t("listing.showing", { shown: units.length, total })}
        </p>
      )}
      {more.hasMore && units.length > 0 && !onMap && (
        <div className="flex justify-center">
          <Link
            to={`${home}?${nextSearch}#page-${nextPage}`}
            onClick={loadMore}
            aria-disabled={more.status === "loading"}
            className={`inline-flex min-w-44 items-center justify-center gap-2 rounded-xl border-2 border-sea-900 px-6 py-3 font-semibold text-sea-900 transition hover:bg-sea-900 hover:text-white ${
              more.status === "loading" ? "pointer-events-none opacity-60" : ""
            }`}
          >
            {more.status === "loading" && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
              />
            )}
            {more.status === "loading" ? t("listing.loadingMore") : t("listing.loadMore")}
          </Link>
        </div>
      )}
    </div>
  );
}

/** List or Map: two links keeping the filters, the current one marked. */
function ViewSwitch({ query }: { query: ListingQuery }) {
  const { t, lang } = useT();
  const home = localizePath("/", lang);
  const current = query.view ?? "list";
  return (
    <nav aria-label={t("map.viewLabel")}>
      <ul className="flex rounded-xl border border-sand-200 bg-white p-1 text-sm font-semibold">
        {(["list", "map"] as const).map((view) => {
          const search = listingSearchParams({
            ...query,
            view: view === "map" ? "map" : undefined,
            page: 1,
          }).toString();
          return (
            <li key={view}>
              <Link
                to={`${home}${search ? `?${search}` : ""}#units`}
                preventScrollReset
                data-testid={`view-${view}`}
                aria-current={view === current ? "page" : undefined}
                className={`inline-flex items-center rounded-lg px-4 py-1.5 focus-visible:outline-2 focus-visible:outline-sea-700 ${
                  view === current ? "bg-sea-900 text-white" : "text-sea-900 hover:bg-sea-50"
                }`}
              >
                {t(`map.${view}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The map of the matching units. The server and the first render show a placeholder of the same
 * size; the map's module is fetched once the page runs in the browser.
 */
function MapPanel({ units, hasMore }: { units: UnitSummary[]; hasMore: boolean }) {
  const { t, lang } = useT();
  const site = useSite();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const placed = units.filter((u) => u.latitude !== null && u.longitude !== null);
  const unplaced = units.length - placed.length;
  // The server's page (and the first render) says "Loading the map" only once scripts run; with
  // JavaScript off it lists the units the map would pin, each with its price and a link.
  const placeholder = (loading: boolean) => (
    <div className="flex h-[70vh] max-h-[36rem] min-h-80 flex-col items-center overflow-y-auto rounded-2xl bg-[#cfe8ec] p-4 ring-1 ring-sand-200">
      {loading && (
        <p
          role="status"
          className="rounded-full bg-white px-4 py-2 text-sm font-medium text-sea-900 shadow"
        >
          {t("map.loading")}
        </p>
      )}
      <noscript>
        <div className="w-full max-w-2xl rounded-xl bg-white px-4 py-3 text-ink-900 shadow">
          <p>{t("map.needsScript")}</p>
          <h3 className="mt-3 font-semibold text-sea-900">
            {t("map.listTitle", { count: placed.length })}
          </h3>
          <ul data-testid="map-list" className="mt-2 divide-y divide-sand-100">
            {placed.map((unit) => (
              <li key={unit.slug} className="flex flex-wrap justify-between gap-x-3 py-2">
                <a href={unitPath(unit.slug, lang)} className="font-medium text-sea-800 underline">
                  {unit.name}
                </a>
                <span className="text-sm text-ink-600">
                  {placeName(unit.location, lang)} · {formatBaht(unit.pricing.yearly, lang)}
                  {t("property.perMonthYearly")}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </noscript>
    </div>
  );
  return (
    <div className="space-y-3">
      {inBrowser ? (
        <Suspense fallback={placeholder(true)}>
          <UnitsMap
            units={units}
            unitHref={(slug) => unitPath(slug, lang)}
            styleUrl={site?.mapStyleUrl}
            office={site?.contacts.officePosition}
            t={t}
            lang={lang}
          />
        </Suspense>
      ) : (
        placeholder(false)
      )}
      {unplaced > 0 && (
        <p className="text-sm text-ink-600" data-testid="map-unplaced">
          {t("map.unplaced", { count: unplaced })}
        </p>
      )}
      {hasMore && (
        <p className="text-sm text-ink-600">{t("map.tooMany", { count: units.length })}</p>
      )}
    </div>
  );
}

function MapUnavailable() {
  const { t } = useT();
  return (
    <p role="status" className="rounded-2xl bg-white px-4 py-3 text-ink-900 ring-1 ring-sand-200">
      {t("map.failed")}
    </p>
  );
}

import { useEffect, useState, useSyncExternalStore } from "react";
import { Link, useFetcher } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { useCurrencyLink } from "../../lib/use-price-currency.ts";
import { PriceNote } from "../../ui/price.tsx";
import { addFavorites, useFavorites } from "../favorites/favorites-store.ts";
import { MAX_COMPARED_UNITS } from "../favorites/slug-list.ts";
import type { UnitSummary } from "./unit.ts";
import { UnitCard } from "./unit-card.tsx";

export type FavoritesData =
  | { requested: null }
  | { requested: string[]; units: UnitSummary[] }
  | { requested: null; error: "invalid" | "too-many"; max: number };

const noSubscribe = () => () => {};
/** False on the server and while hydrating, true after: the browser's storage can be read. */
function useHydrated() {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/**
 * `/favorites`: the units saved in this browser (their data fetched from this page's loader with
 * `?units=`), or, when the URL names units, that shared list with a button to save it here.
 */
export function FavoritesPage({ data, publicUrl }: { data: FavoritesData; publicUrl: string }) {
  const { t, lang } = useT();
  const hydrated = useHydrated();
  const saved = useFavorites();
  const fetcher = useFetcher<FavoritesData>();
  const currencyLink = useCurrencyLink();
  const path = localizePath("/favorites", lang);
  const shared = data.requested !== null;
  const ownKey = saved.join(",");

  // Own list: fetch the saved units' data whenever the saved list changes.
  const { load } = fetcher;
  useEffect(() => {
    if (!shared && ownKey) load(`${path}?units=${encodeURIComponent(ownKey)}`);
  }, [shared, ownKey, path, load]);

  const requested = shared ? data.requested : saved;
  const fetched = shared ? data : fetcher.data;
  const units =
    fetched && "units" in fetched ? fetched.units.filter((u) => requested.includes(u.slug)) : [];
  const loading = !shared && ownKey !== "" && (!fetched || fetcher.state === "loading");
  const missing = fetched && "units" in fetched ? requested.length - units.length : 0;
  const slugs = units.map((u) => u.slug).join(",");
  const shareUrl = `${publicUrl}${path}?units=${slugs}`;
  const compareHref = currencyLink(
    `${localizePath("/compare", lang)}?units=${units
      .slice(0, MAX_COMPARED_UNITS)
      .map((u) => u.slug)
      .join(",")}`,
  );
  const allSaved = shared && units.every((u) => saved.includes(u.slug));
  const [justSaved, setJustSaved] = useState(false);
  const [copied, setCopied] = useState<"done" | "failed" | null>(null);

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-4xl text-sea-900">
        {shared ? t("find.sharedTitle") : t("find.favoritesTitle")}
      </h1>
      <p className="mt-2 text-ink-600">
        {shared ? t("find.sharedIntro") : t("find.favoritesIntro")}
      </p>
      <PriceNote className="mt-2 text-ink-600" />

      {"error" in data && (
        <p role="alert" className="mt-6 font-medium text-rose-700">
          {data.error === "too-many"
            ? t("find.tooMany", { max: data.max })
            : t("find.compareBadSlug")}
        </p>
      )}
      {missing > 0 && (
        <p role="status" className="mt-4 text-ink-600">
          {t("find.missing", { count: missing })}
        </p>
      )}

      {units.length > 0 && (
        <div className="mt-6 flex flex-wrap items-end gap-4">
          {units.length >= 2 && (
            <div>
              <Link
                to={compareHref}
                className="inline-flex rounded-xl bg-sea-900 px-5 py-3 font-semibold text-white hover:bg-sea-700"
              >
                {t("find.compareThese")}
              </Link>
              {units.length > MAX_COMPARED_UNITS && (
                <p className="mt-1 text-sm text-ink-500">
                  {t("find.compareUpTo", { max: MAX_COMPARED_UNITS })}
                </p>
              )}
            </div>
          )}
          {shared && hydrated && (
            <button
              type="button"
              disabled={allSaved}
              onClick={() => {
                addFavorites(units.map((u) => u.slug));
                setJustSaved(true);
              }}
              className="rounded-xl border-2 border-sea-900 px-5 py-2.5 font-semibold text-sea-900 hover:bg-sea-900 hover:text-white disabled:opacity-60"
            >
              {allSaved || justSaved ? t("find.savedAll") : t("find.saveAll")}
            </button>
          )}
        </div>
      )}
      {units.length > 0 && (
        // The link on a row of its own: a phone shows it whole width, readable, with a Copy button.
        <div className="mt-6 max-w-xl">
          <label htmlFor="share-link" className="text-sm font-semibold text-ink-900">
            {t("find.shareLink")}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="share-link"
              readOnly
              value={shareUrl}
              data-testid="share-link"
              aria-describedby="share-hint"
              onFocus={(event) => event.currentTarget.select()}
              className="block w-full min-w-0 flex-1 rounded-xl border border-sand-200 bg-white px-3 py-2 text-sm text-ink-900"
            />
            {hydrated && (
              <button
                type="button"
                onClick={async () => {
                  try {
                    await navigator.clipboard.writeText(shareUrl);
                    setCopied("done");
                  } catch {
                    setCopied("failed");
                  }
                }}
                className="shrink-0 rounded-xl border border-sea-900 px-3 py-2 text-sm font-semibold text-sea-900 hover:bg-sea-900 hover:text-white"
              >
                {t("find.copyLink")}
              </button>
            )}
          </div>
          <p id="share-hint" className="mt-1 text-sm text-ink-500">
            {t("find.shareHint")}
          </p>
          <p role="status" className="text-sm font-medium text-ink-700">
            {copied === "done"
              ? t("find.linkCopied")
              : copied === "failed"
                ? t("find.copyFailed")
                : ""}
          </p>
        </div>
      )}

      {loading ? (
        <p role="status" className="mt-10 text-ink-600">
          {t("listing.loading")}
        </p>
      ) : units.length > 0 ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="favorites-list">
          {units.map((unit) => (
            <li key={unit.slug} className="flex">
              <UnitCard unit={unit} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : (
        (shared || hydrated) && (
          <div className="mt-8 rounded-3xl border border-dashed border-sand-200 bg-white px-6 py-16 text-center">
            <p className="text-lg text-ink-900">{t("find.favoritesEmpty")}</p>
            <Link
              to={`${localizePath("/", lang)}#units`}
              className="mt-6 inline-flex rounded-xl bg-sea-900 px-5 py-3 font-semibold text-white hover:bg-sea-700"
            >
              {t("find.browse")}
            </Link>
          </div>
        )
      )}
    </section>
  );
}

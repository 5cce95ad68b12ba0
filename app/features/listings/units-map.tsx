/** The home page's map view: fetched only when the map is shown (see listing-section.tsx). */
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { type GeoPosition, positionOf } from "../../domain/geo.ts";
import type { Language } from "../../i18n/languages.ts";
import { placeName } from "../../i18n/place-names.ts";
import type { TranslateFunction } from "../../i18n/translate.ts";
import { formatBaht } from "../../lib/format.ts";
import { type MapPoint, spreadShared } from "../../ui/map/geojson.ts";
import MapView from "../../ui/map/map-view.tsx";
import { mapTexts } from "./map-texts.ts";
import type { UnitSummary } from "./unit.ts";

/** A price short enough for a pin: "฿18k", "18 тыс. ฿". */
export function shortBaht(amount: number, lang: Language): string {
  if (amount < 1000) return formatBaht(amount, lang);
  const thousands = Math.round(amount / 1000);
  return lang === "ru" ? `${thousands}\u00a0тыс.\u00a0฿` : `฿${thousands}k`;
}

/** The units that have a position, as pins named by their name and price. */
function placedPoints(units: UnitSummary[], t: TranslateFunction, lang: Language): MapPoint[] {
  return units.flatMap((unit) => {
    const position = positionOf(unit);
    if (!position) return [];
    const price = formatBaht(unit.pricing.yearly, lang);
    return [
      {
        id: unit.slug,
        ...position,
        label: t("map.pin", { name: unit.name, price }),
        badge: shortBaht(unit.pricing.yearly, lang),
      },
    ];
  });
}

export default function UnitsMap({
  units,
  unitHref,
  styleUrl,
  office,
  t,
  lang,
}: {
  units: UnitSummary[];
  /** The unit page's address in the visitor's language. */
  unitHref: (slug: string) => string;
  styleUrl: string | undefined;
  /** OFFICE_POSITION, as the root loader passed it. */
  office: GeoPosition | undefined;
  t: TranslateFunction;
  lang: Language;
}) {
  const [openSlug, setOpenSlug] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const cardLink = useRef<HTMLAnchorElement>(null);
  const points = spreadShared(placedPoints(units, t, lang));
  const open = units.find((unit) => unit.slug === openSlug);

  const close = useCallback(() => {
    setOpenSlug(null);
    // Back to the pin that opened the card, if it is still on the map.
    if (opener.current?.isConnected) opener.current.focus();
  }, []);

  useEffect(() => {
    if (!openSlug) return;
    cardLink.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [openSlug, close]);

  return (
    <MapView
      texts={mapTexts(t, lang)}
      points={points}
      cluster
      styleUrl={styleUrl}
      office={office}
      label={t("map.region")}
      selectedId={openSlug}
      onOpenPoint={(slug, pin) => {
        opener.current = pin;
        setOpenSlug(slug);
      }}
      onPick={() => setOpenSlug(null)}
      className="h-[70vh] max-h-[36rem] min-h-80"
    >
      {open && (
        <article
          data-testid="map-card"
          aria-label={open.name}
          className="absolute inset-x-3 bottom-3 z-10 flex gap-3 rounded-2xl bg-white p-3 shadow-xl ring-1 ring-sand-200 sm:right-auto sm:w-96"
        >
          {open.image && (
            <img
              src={open.image.src}
              srcSet={open.image.srcSet}
              sizes="128px"
              alt=""
              className="h-24 w-28 shrink-0 rounded-xl object-cover"
            />
          )}
          <div className="min-w-0 flex-1">
            <h3 className="truncate font-display text-lg font-semibold text-sea-900">
              {open.name}
            </h3>
            <p className="text-sm text-ink-600">
              {t(`property.type.${open.type}`)} · {placeName(open.location, lang)}
            </p>
            <p className="font-bold text-sea-800">
              {formatBaht(open.pricing.yearly, lang)}
              <span className="text-sm font-medium text-ink-500">
                {t("property.perMonthYearly")}
              </span>
            </p>
            <Link
              ref={cardLink}
              to={unitHref(open.slug)}
              data-testid="map-card-link"
              className="mt-1 inline-flex rounded-lg text-sm font-semibold text-sea-700 underline underline-offset-2 hover:text-sea-900 focus-visible:outline-2 focus-visible:outline-sea-700"
            >
              {t("map.viewUnit")}
            </Link>
          </div>
          <button
            type="button"
            onClick={close}
            aria-label={t("map.close")}
            className="size-8 shrink-0 rounded-full text-xl leading-none text-ink-500 hover:bg-sand-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-sea-700"
          >
            ×
          </button>
        </article>
      )}
    </MapView>
  );
}

import { Link } from "react-router";
import { placeName } from "../../i18n/place-names.ts";
import { useT } from "../../i18n/use-t.tsx";
import { formatBaht, formatDate } from "../../lib/format.ts";
import { unitPath } from "../../lib/site-paths.ts";
import { useCurrencyLink } from "../../lib/use-price-currency.ts";
import { usePriceFormat } from "../../ui/price.tsx";
import { FavoriteButton } from "../favorites/favorite-button.tsx";
import { StatusBadge } from "./status-badge.tsx";
import type { UnitSummary } from "./unit.ts";

export function UnitCard({
  unit,
  eager = false,
  headingLevel = 3,
}: {
  unit: UnitSummary;
  eager?: boolean;
  /** 2 where the cards come straight under the page's h1 (favourites), 3 under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t, lang } = useT();
  const href = useCurrencyLink()(unitPath(unit.slug, lang));
  const price = usePriceFormat();
  const leases = [
    { key: "yearly", price: unit.pricing.yearly },
    { key: "sixMonth", price: unit.pricing.sixMonth },
    { key: "monthly", price: unit.pricing.monthly },
  ] as const;
  return (
    // The "View Details" link stretches over the whole card (its ::after covers the article), so
    // the photo and title open the unit too, with one link and one tab stop. The photo's top-right
    // corner is left for buttons of their own (they sit above the overlay with `relative z-10`).
    <article
      className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-sand-200 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-sea-500 transition hover:-translate-y-0.5 hover:shadow-lg"
      data-testid="unit-card"
      data-slug={unit.slug}
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-sand-100 sm:aspect-[8/5]">
        {unit.image ? (
          <img
            src={unit.image.src}
            srcSet={unit.image.srcSet}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            width={unit.image.width ?? 1600}
            height={unit.image.height ?? 1000}
            alt={t("property.photoOf", { name: unit.name })}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover transition duration-500 group-hover:scale-105"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-ink-500">
            {t("property.noPhoto")}
          </div>
        )}
        <StatusBadge status={unit.status} className="absolute top-3 left-3" />
        <FavoriteButton slug={unit.slug} name={unit.name} className="absolute top-3 right-3 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4 sm:gap-3 sm:p-5">
        <div>
          <Heading className="font-display text-xl leading-snug font-semibold text-sea-900">
            {unit.name}
          </Heading>
          <p className="text-sm text-ink-500">
            {unit.building} · {unit.unitCode}
          </p>
        </div>
        <p className="text-sm text-ink-600">
          {t(`property.type.${unit.type}`)} · {placeName(unit.location, lang)}
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-600">
          <li>{t("property.bedrooms", { count: unit.bedrooms })}</li>
          <li>{t("property.bathrooms", { count: unit.bathrooms })}</li>
          <li>{t("property.size", { size: unit.sizeM2 })}</li>
        </ul>
        <div className="mt-auto border-t border-sand-100 pt-2 sm:pt-3">
          <p className="text-xl font-bold text-sea-800 sm:text-2xl" data-testid="card-price">
            {price.shown(unit.pricing.yearly)}
            <span className="text-base font-medium text-ink-500">{t("property.perMonth")}</span>
            <span className="ml-2 text-sm font-medium whitespace-nowrap text-ink-500">
              {t("property.headlineLease")}
            </span>
          </p>
          {price.converted && (
            <p className="text-sm text-ink-600" data-testid="card-price-baht">
              {t("currency.inBaht", {
                price: `${formatBaht(unit.pricing.yearly, lang)}${t("property.perMonthYearly")}`,
              })}
            </p>
          )}
          <p className="mt-1 text-xs text-ink-500" data-testid="lease-prices">
            {leases.map((lease, i) => (
              // A wrapped line starts with "•", never ends with it.
              <span key={lease.key}>
                {i > 0 && " "}
                <span className="whitespace-nowrap" data-lease={lease.key}>
                  {i > 0 && "• "}
                  {t(`property.leasePrice.${lease.key}`, { price: price.shown(lease.price) })}
                </span>
              </span>
            ))}
          </p>
          {unit.availableFrom && (
            <p className="mt-2 text-sm font-medium text-amber-700">
              {t("property.availableFrom", { date: formatDate(unit.availableFrom, lang) })}
            </p>
          )}
          {unit.rentedUntil && (
            <p className="mt-2 text-sm font-medium text-rose-700">
              {t("property.rentedUntil", { date: formatDate(unit.rentedUntil, lang) })}
            </p>
          )}
        </div>
        <Link
          to={href}
          state={{ fromListing: true }}
          className="mt-1 inline-flex items-center justify-center rounded-xl bg-sea-900 px-4 py-2 text-sm font-semibold text-white transition group-hover:bg-sea-700 after:absolute after:inset-0 after:rounded-2xl after:content-['']"
          aria-label={`${t("property.viewDetails")}: ${unit.name}`}
        >
          {t("property.viewDetails")}
        </Link>
      </div>
    </article>
  );
}

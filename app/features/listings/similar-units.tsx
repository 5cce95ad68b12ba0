import { Link } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { useCurrencyLink } from "../../lib/use-price-currency.ts";
import { MAX_COMPARED_UNITS } from "../favorites/slug-list.ts";
import type { UnitSummary } from "./unit.ts";
import { UnitCard } from "./unit-card.tsx";

/**
 * A short row of unit cards under a heading: similar units, or suggestions on a missing unit.
 * With `compareWith` (the unit page's slug), a link compares that unit with them side by side.
 */
export function SimilarUnits({
  units,
  heading,
  compareWith,
}: {
  units: UnitSummary[];
  heading?: string;
  compareWith?: string;
}) {
  const { t, lang } = useT();
  const link = useCurrencyLink();
  if (units.length === 0) return null;
  const compared = compareWith
    ? [compareWith, ...units.map((u) => u.slug)].slice(0, MAX_COMPARED_UNITS)
    : [];
  return (
    <section
      aria-labelledby="similar-title"
      className="mx-auto max-w-7xl px-4 pb-14 sm:px-6"
      data-testid="similar-units"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="similar-title" className="font-display text-3xl text-sea-900">
          {heading ?? t("find.similarTitle")}
        </h2>
        {compared.length > 1 && (
          <Link
            to={link(`${localizePath("/compare", lang)}?units=${compared.join(",")}`)}
            className="rounded-xl border-2 border-sea-900 px-4 py-2 text-sm font-semibold text-sea-900 hover:bg-sea-900 hover:text-white"
          >
            {t("find.compareSimilar")}
          </Link>
        )}
      </div>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {units.map((unit) => (
          <li key={unit.slug} className="flex">
            <UnitCard unit={unit} />
          </li>
        ))}
      </ul>
    </section>
  );
}

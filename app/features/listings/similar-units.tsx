import { useT } from "../../i18n/use-t.tsx";
import type { UnitSummary } from "./unit.ts";
import { UnitCard } from "./unit-card.tsx";

/** A short row of unit cards under a heading: similar units, or suggestions on a missing unit. */
export function SimilarUnits({ units, heading }: { units: UnitSummary[]; heading?: string }) {
  const { t } = useT();
  if (units.length === 0) return null;
  return (
    <section
      aria-labelledby="similar-title"
      className="mx-auto max-w-7xl px-4 pb-14 sm:px-6"
      data-testid="similar-units"
    >
      <h2 id="similar-title" className="font-display text-3xl text-sea-900">
        {heading ?? t("find.similarTitle")}
      </h2>
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

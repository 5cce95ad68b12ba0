import {
  REVENUE_SHARE_COMPANY_PERCENT,
  REVENUE_SHARE_OWNER_PERCENT,
  REVENUE_SHARE_RETURN_RANGE,
  ROI_PROJECTION_YEARS,
  ROI_RATE_PERCENT,
} from "../../domain/owner-programs.ts";
import { useT } from "../../i18n/use-t.tsx";
import { FOUNDED_YEAR, OWNER_CLAIMS } from "./company-figures.ts";

export function ClaimsStrip() {
  const { t } = useT();
  return (
    <section aria-label={t("claims.label")} className="bg-sand-100 py-12">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 text-center sm:px-6 lg:grid-cols-4">
        {OWNER_CLAIMS.map(({ value, key }) => (
          // The label first, as a list of terms is read; the figure shown above it.
          <div key={key} className="flex flex-col-reverse">
            <dt className="mt-2 text-sm font-medium text-ink-600">{t(`claims.${key}`)}</dt>
            <dd className="font-display text-4xl text-sea-900 sm:text-5xl">{value}</dd>
          </div>
        ))}
      </dl>
      {/* One company's figures: how the claims above fit the founding year and the programs. */}
      <p className="mx-auto mt-8 max-w-3xl px-4 text-center text-sm text-ink-600 sm:px-6">
        {t("claims.note", {
          founded: FOUNDED_YEAR,
          rate: ROI_RATE_PERCENT,
          years: ROI_PROJECTION_YEARS,
          min: REVENUE_SHARE_RETURN_RANGE.min,
          max: REVENUE_SHARE_RETURN_RANGE.max,
          owner: REVENUE_SHARE_OWNER_PERCENT,
          company: REVENUE_SHARE_COMPANY_PERCENT,
        })}
      </p>
    </section>
  );
}

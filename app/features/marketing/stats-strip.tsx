import { useT } from "../../i18n/use-t.tsx";
import { COMPANY_STATS } from "./company-figures.ts";

export function StatsStrip() {
  const { t } = useT();
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      {COMPANY_STATS.map(({ value, key }) => (
        <div
          key={key}
          className="flex flex-col-reverse rounded-2xl bg-white p-5 text-center shadow-sm ring-1 ring-sand-200"
        >
          {key === "since" ? (
            // Worded as the spec words it: "since 2015".
            <>
              <dt className="mt-1 text-sm text-ink-600">{t("stats.sinceLabel")}</dt>
              <dd className="text-3xl font-bold text-sea-900">
                {t("stats.since", { year: value })}
              </dd>
            </>
          ) : (
            <>
              <dt className="mt-1 text-sm text-ink-600">{t(`stats.${key}`)}</dt>
              <dd className="text-3xl font-bold text-sea-900">{value}</dd>
            </>
          )}
        </div>
      ))}
    </dl>
  );
}

import { useT } from "../../i18n/use-t.tsx";
import { OWNER_CLAIMS } from "./company-figures.ts";

export function ClaimsStrip() {
  const { t } = useT();
  return (
    <section aria-label={t("claims.label")} className="bg-sand-100 py-12">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 text-center sm:px-6 lg:grid-cols-4">
        {OWNER_CLAIMS.map(({ value, key }) => (
          <div key={key}>
            <dd className="font-display text-4xl text-sea-900 sm:text-5xl">{value}</dd>
            <dt className="mt-2 text-sm font-medium text-ink-600">{t(`claims.${key}`)}</dt>
          </div>
        ))}
      </dl>
    </section>
  );
}

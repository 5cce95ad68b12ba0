import type { ReactNode } from "react";
import { useT } from "../../i18n/use-t.ts";
import { formatBaht, formatDate } from "../../lib/format.ts";
import { StatusBadge } from "./status-badge.tsx";
import type { UnitDetail } from "./unit.ts";

export interface UnitPageProps {
  unit: UnitDetail;
  /** The database was unreachable and a built-in demo unit is shown. */
  fallback?: boolean;
  /** The enquiry form, rendered below the contact panel. */
  enquiry?: ReactNode;
}

export function UnitPage({ unit, fallback = false, enquiry }: UnitPageProps) {
  const { t, lang } = useT();
  const description = (lang === "ru" && unit.descriptionRu) || unit.description;
  const main = unit.images[0];
  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      {fallback && (
        <p
          role="status"
          className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          {t("listing.fallbackNotice")}
        </p>
      )}
      {main && (
        <img
          src={main.src}
          srcSet={main.srcSet}
          sizes="(min-width: 1024px) 60vw, 100vw"
          width={main.width ?? 1600}
          height={main.height ?? 1000}
          alt={t("property.photoOf", { name: unit.name })}
          className="aspect-[8/5] w-full rounded-2xl object-cover"
        />
      )}
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <StatusBadge status={unit.status} />
        <h1 className="font-display text-3xl text-sea-900 sm:text-4xl">{unit.name}</h1>
      </div>
      <p className="mt-2 text-ink-600">
        {unit.building} · {unit.unitCode}
      </p>
      <p className="mt-4 text-2xl font-bold text-sea-800">
        {formatBaht(unit.pricing.yearly)}
        <span className="text-base font-medium text-ink-500">{t("property.perMonth")}</span>
      </p>
      {unit.availableFrom && (
        <p className="mt-2 text-amber-700">
          {t("property.availableFrom", { date: formatDate(unit.availableFrom, lang) })}
        </p>
      )}
      {unit.rentedUntil && (
        <p className="mt-2 text-rose-700">
          {t("property.rentedUntil", { date: formatDate(unit.rentedUntil, lang) })}
        </p>
      )}
      <p className="mt-6 max-w-3xl leading-relaxed text-ink-600">{description}</p>
      {enquiry}
    </article>
  );
}

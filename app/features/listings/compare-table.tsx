import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.tsx";
import { formatBaht, formatDate } from "../../lib/format.ts";
import { unitPath } from "../../lib/site-paths.ts";
import { useCurrencyLink } from "../../lib/use-price-currency.ts";
import { usePriceFormat } from "../../ui/price.tsx";
import { facilityName } from "./facilities.ts";
import { StatusBadge } from "./status-badge.tsx";
import type { UnitSummary } from "./unit.ts";

export interface ComparedUnit extends UnitSummary {
  facilities: string[];
}

interface Row {
  id: string;
  label: string;
  /** What is compared (plain text); the cell may show more. */
  value: (unit: ComparedUnit) => string;
  cell?: (unit: ComparedUnit) => ReactNode;
}

/**
 * Units side by side, one column each. A row whose values differ is shaded and marked with the
 * word "differs" next to its name (not by colour alone). On a phone the table scrolls sideways
 * with the row names kept in view.
 */
export function CompareTable({ units }: { units: ComparedUnit[] }) {
  const { t, lang } = useT();
  const price = usePriceFormat();
  const link = useCurrencyLink();
  const perMonth = t("property.perMonth");
  const rent = (n: number) =>
    price.converted
      ? `${price.shown(n)}${perMonth} (${formatBaht(n, lang)})`
      : `${formatBaht(n, lang)}${perMonth}`;
  const rows: Row[] = [
    {
      id: "status",
      label: t("find.rowStatus"),
      value: (u) => t(`status.${u.status}`),
      cell: (u) => <StatusBadge status={u.status} />,
    },
    {
      id: "dates",
      label: t("find.rowDates"),
      value: (u) =>
        u.availableFrom
          ? t("property.availableFrom", { date: formatDate(u.availableFrom, lang) })
          : u.rentedUntil
            ? t("property.rentedUntil", { date: formatDate(u.rentedUntil, lang) })
            : u.status === "available"
              ? t("property.availableNow")
              : t("find.none"),
    },
    { id: "yearly", label: t("property.lease.yearly"), value: (u) => rent(u.pricing.yearly) },
    {
      id: "six-month",
      label: t("property.lease.sixMonth"),
      value: (u) => rent(u.pricing.sixMonth),
    },
    { id: "monthly", label: t("property.lease.monthly"), value: (u) => rent(u.pricing.monthly) },
    {
      id: "type",
      label: t("search.type"),
      value: (u) => `${t(`property.type.${u.type}`)} · ${u.location}`,
    },
    {
      id: "bedrooms",
      label: t("property.stats.bedrooms"),
      value: (u) => t("property.bedrooms", { count: u.bedrooms }),
    },
    {
      id: "bathrooms",
      label: t("property.stats.bathrooms"),
      value: (u) => t("property.bathrooms", { count: u.bathrooms }),
    },
    {
      id: "size",
      label: t("property.stats.size"),
      value: (u) => t("property.size", { size: u.sizeM2 }),
    },
    {
      id: "floor",
      label: t("property.stats.floor"),
      // A villa stands on its own ground: no floor to compare.
      value: (u) => (u.type === "condo" ? String(u.floor) : "—"),
    },
    {
      id: "facilities",
      label: t("property.facilities"),
      value: (u) =>
        [...u.facilities]
          .map((f) => facilityName(f, t))
          .sort()
          .join(", ") || t("find.none"),
      cell: (u) =>
        u.facilities.length ? (
          <ul className="flex flex-wrap gap-1">
            {u.facilities.map((f) => (
              <li key={f} className="rounded-full bg-sea-50 px-2 py-0.5 text-xs text-sea-800">
                {facilityName(f, t)}
              </li>
            ))}
          </ul>
        ) : (
          t("find.none")
        ),
    },
  ];
  const sticky =
    "sticky left-0 z-10 w-24 bg-white p-2 text-left align-top text-xs sm:w-44 sm:p-3 sm:text-sm";
  // Equal columns: two units fit beside the row names on a 390 px phone, more scroll sideways.
  const widths = {
    "--compare-min": `calc(6rem + ${units.length} * 8.25rem)`,
    "--compare-min-sm": `calc(11rem + ${units.length} * 14rem)`,
  } as React.CSSProperties;

  return (
    <section
      className="mt-6 overflow-x-auto rounded-2xl ring-1 ring-sand-200 focus-visible:outline-2 focus-visible:outline-sea-700"
      data-testid="compare"
      aria-label={t("find.compareTitle")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so a keyboard can scroll it
      tabIndex={0}
    >
      <table
        className="w-full min-w-[var(--compare-min)] table-fixed border-collapse text-sm sm:min-w-[var(--compare-min-sm)]"
        style={widths}
      >
        <caption className="sr-only">{t("find.compareTitle")}</caption>
        <thead>
          <tr>
            <td className={sticky}>
              <span className="sr-only">{t("find.feature")}</span>
            </td>
            {units.map((u) => (
              <th key={u.slug} scope="col" className="p-2 text-left align-top font-normal sm:p-3">
                {u.image ? (
                  <img
                    src={u.image.src}
                    srcSet={u.image.srcSet}
                    sizes="240px"
                    width={u.image.width ?? 1600}
                    height={u.image.height ?? 1000}
                    alt={t("property.photoOf", { name: u.name })}
                    loading="lazy"
                    className="aspect-[4/3] w-full rounded-xl object-cover"
                  />
                ) : (
                  <div className="flex aspect-[4/3] items-center justify-center rounded-xl bg-sand-100 text-ink-500">
                    {t("property.noPhoto")}
                  </div>
                )}
                <Link
                  to={link(unitPath(u.slug, lang))}
                  className="mt-2 block font-display text-base leading-snug font-semibold text-sea-900 underline-offset-2 hover:underline sm:text-lg"
                >
                  {u.name}
                </Link>
                <span className="block text-xs text-ink-500 sm:text-sm">
                  {u.building} · {u.unitCode}
                </span>
                <Link
                  to={link(`${unitPath(u.slug, lang)}#enquiry`)}
                  aria-label={t("find.enquireAbout", { name: u.name })}
                  className="mt-2 inline-flex rounded-lg bg-coral-500 px-3 py-1.5 text-xs font-semibold text-white hover:bg-coral-600 sm:text-sm"
                >
                  {t("find.enquire")}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const differs = units.length > 1 && new Set(units.map(row.value)).size > 1;
            return (
              <tr
                key={row.id}
                data-row={row.id}
                data-differs={differs ? "true" : undefined}
                className={`border-t border-sand-100 ${differs ? "bg-amber-50" : ""}`}
              >
                <th
                  scope="row"
                  className={`${sticky} font-semibold text-ink-900 ${differs ? "bg-amber-50" : ""}`}
                >
                  {row.label}
                  {differs && (
                    <span className="mt-1 block w-fit rounded bg-amber-200 px-1.5 text-xs font-bold text-amber-950">
                      ≠ {t("find.differs")}
                    </span>
                  )}
                </th>
                {units.map((u) => (
                  <td key={u.slug} className="p-2 align-top break-words text-ink-700 sm:p-3">
                    {row.cell ? row.cell(u) : row.value(u)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The owner's financial dashboard: headline figures, income per month as a plain SVG chart with
 * the same figures in a table (what screen readers read), and each unit's comparison with the
 * other program. The portal feeds it real figures, the home page illustrative ones.
 */
import type { DisplayCurrency } from "../../domain/currencies.ts";
import { useT } from "../../i18n/use-t.tsx";
import { formatBaht, formatDate, formatMoney, formatRate, LOCALES } from "../../lib/format.ts";
import {
  averageDailyRate,
  type DashboardData,
  type MonthFigures,
  occupancyPercent,
  type ProgramComparison,
} from "./dashboard-figures.ts";

/** Amounts shown in a currency other than baht, at a rate the desk set. */
export interface DashboardCurrency {
  currency: DisplayCurrency;
  thbPerUnit: number;
  /** The day the rate applies from, YYYY-MM-DD. */
  appliesFrom: string;
}

type Money = (baht: number) => string;

export function OwnerDashboard({
  data,
  currency = null,
  idPrefix,
  incomeNote,
  collapseTable = false,
}: {
  data: DashboardData;
  currency?: DashboardCurrency | null;
  /** Makes ids unique when the page holds more than one dashboard. */
  idPrefix: string;
  /** What "income" is made of here, printed under the table. */
  incomeNote: string;
  /** The month-by-month table behind a disclosure (the home page's sample keeps the page short). */
  collapseTable?: boolean;
}) {
  const { t, lang } = useT();
  const money: Money = currency
    ? (baht) => formatMoney(baht / currency.thbPerUnit, currency.currency, lang)
    : (baht) => formatBaht(baht, lang);
  const percent = (value: number, signed = false) =>
    new Intl.NumberFormat(LOCALES[lang], {
      style: "percent",
      maximumFractionDigits: 1,
      signDisplay: signed ? "exceptZero" : "auto",
    }).format(value / 100);
  const { totals } = data;
  const previous = (text: string) => t("ownerDashboard.lastYear", { value: text });
  const tiles = [
    {
      id: "income",
      label: t("ownerDashboard.income"),
      value: money(totals.incomeBaht),
      note:
        totals.incomeYearOnYear === null
          ? t("ownerDashboard.noLastYear")
          : t("ownerDashboard.yearOnYear", { change: percent(totals.incomeYearOnYear, true) }),
    },
    {
      id: "occupancy",
      label: t("ownerDashboard.occupancy"),
      value: totals.occupancy === null ? "–" : percent(totals.occupancy),
      note:
        totals.previousOccupancy === null
          ? t("ownerDashboard.noLastYear")
          : previous(percent(totals.previousOccupancy)),
    },
    {
      id: "adr",
      label: t("ownerDashboard.adr"),
      value: totals.averageDailyRate === null ? "–" : money(totals.averageDailyRate),
      note:
        totals.previousAverageDailyRate === null
          ? t("ownerDashboard.noLastYear")
          : previous(money(totals.previousAverageDailyRate)),
    },
    {
      id: "payouts",
      label: t("ownerDashboard.payouts"),
      value: totals.payoutsYearToDateBaht === null ? "–" : money(totals.payoutsYearToDateBaht),
      note:
        totals.payoutsYearToDateBaht === null
          ? t("ownerDashboard.noPayouts")
          : t("ownerDashboard.payoutsNote"),
    },
  ];
  return (
    <div className="min-w-0" data-testid="owner-dashboard">
      <p className="text-sm text-ink-600">
        {t("ownerDashboard.period", {
          from: formatDate(data.from, lang),
          to: formatDate(data.to, lang),
        })}
      </p>
      {currency ? (
        <p className="mt-1 text-sm text-ink-600" data-testid="dashboard-rate">
          {t("ownerDashboard.currencyNote", {
            currency: currency.currency,
            rate: formatRate(currency.thbPerUnit, lang),
            date: formatDate(currency.appliesFrom, lang),
          })}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map((tile) => (
          <div
            key={tile.id}
            className="flex min-w-0 flex-col rounded-2xl bg-sand-50 p-3 sm:p-4"
            data-tile={tile.id}
          >
            <dt className="text-sm text-ink-600">{tile.label}</dt>
            <dd className="order-last mt-1 text-xs text-ink-600">{tile.note}</dd>
            <dd className="mt-1 text-lg font-bold tabular-nums text-sea-900 [overflow-wrap:anywhere] sm:text-2xl">
              {tile.value}
            </dd>
          </div>
        ))}
      </dl>
      <IncomeChart
        months={data.months}
        previousMonths={data.previousMonths}
        money={money}
        percent={percent}
        idPrefix={idPrefix}
        incomeNote={incomeNote}
        collapseTable={collapseTable}
      />
      <Comparisons comparisons={data.comparisons} money={money} idPrefix={idPrefix} />
    </div>
  );
}

/** "Jan 2026", "янв. 2026" (the month as the language shortens it, then the year). */
function monthLabel(key: string, lang: "en" | "ru", month: "short" | "narrow", year: boolean) {
  const [y, m] = key.split("-").map(Number) as [number, number];
  const name = new Intl.DateTimeFormat(LOCALES[lang], { month, timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
  return year ? `${name} ${y}` : name;
}

/** Chart geometry, in the SVG's own units; it scales to the width it is given. */
const CHART = { width: 360, height: 170, top: 16, bottom: 20, gap: 6 } as const;

function IncomeChart({
  months,
  previousMonths,
  money,
  percent,
  idPrefix,
  incomeNote,
  collapseTable,
}: {
  months: MonthFigures[];
  previousMonths: MonthFigures[];
  money: Money;
  percent: (value: number) => string;
  idPrefix: string;
  incomeNote: string;
  collapseTable: boolean;
}) {
  const { t, lang } = useT();
  const max = Math.max(
    1,
    ...months.map((m) => m.incomeBaht),
    ...previousMonths.map((m) => m.incomeBaht),
  );
  const slot = CHART.width / Math.max(1, months.length);
  const plot = CHART.height - CHART.top - CHART.bottom;
  const y = (value: number) => CHART.top + plot - (value / max) * plot;
  const titleId = `${idPrefix}-chart-title`;
  const table = (
    <table className="w-full table-fixed text-sm tabular-nums">
      <caption className="sr-only">{t("ownerDashboard.tableCaption")}</caption>
      <thead>
        <tr className="border-b border-sand-200 text-xs text-ink-600">
          <th scope="col" className="w-[26%] py-1 pe-1 text-start font-medium">
            {t("ownerDashboard.colMonth")}
          </th>
          <th scope="col" className="w-[34%] py-1 pe-1 text-end font-medium">
            {t("ownerDashboard.colIncome")}
            <span className="block font-normal">{t("ownerDashboard.colIncomeBefore")}</span>
          </th>
          <th scope="col" className="w-[16%] py-1 pe-1 text-end align-top font-medium">
            {t("ownerDashboard.colOccupancy")}
          </th>
          <th scope="col" className="w-[24%] py-1 text-end align-top font-medium">
            {t("ownerDashboard.colAdr")}
          </th>
        </tr>
      </thead>
      <tbody>
        {months.map((m, i) => {
          const occupancy = occupancyPercent(m.rentedNights, m.availableNights);
          const adr = averageDailyRate(m.incomeBaht, m.rentedNights);
          const before = previousMonths[i];
          return (
            <tr key={m.key} className="border-b border-sand-200 align-top" data-month={m.key}>
              <th scope="row" className="py-1.5 pe-1 text-start font-normal text-ink-900">
                {monthLabel(m.key, lang, "short", true)}
              </th>
              <td className="py-1.5 pe-1 text-end [overflow-wrap:anywhere]">
                <span className="block text-ink-900">{money(m.incomeBaht)}</span>
                {before ? (
                  <span className="block text-xs text-ink-600">
                    <span className="sr-only">{t("ownerDashboard.lastYearShort")} </span>
                    {money(before.incomeBaht)}
                  </span>
                ) : null}
              </td>
              <td className="py-1.5 pe-1 text-end">
                {occupancy === null ? "–" : percent(occupancy)}
              </td>
              <td className="py-1.5 text-end [overflow-wrap:anywhere]">
                {adr === null ? "–" : money(adr)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
  return (
    <section className="mt-6" aria-labelledby={titleId}>
      <h3 id={titleId} className="font-display text-xl text-sea-900">
        {t("ownerDashboard.chartTitle")}
      </h3>
      <div className="mt-2 grid gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          <p className="text-xs text-ink-600">{t("ownerDashboard.chartLegend")}</p>
          {/* The drawing repeats the table beside it, which is what assistive technology reads. */}
          <svg
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            className="mt-2 block h-auto w-full"
            aria-hidden="true"
            focusable="false"
          >
            <line
              x1={0}
              x2={CHART.width}
              y1={y(0)}
              y2={y(0)}
              className="stroke-sand-200"
              strokeWidth={1}
            />
            <text x={0} y={10} className="fill-ink-600" fontSize={10}>
              {money(max)}
            </text>
            {months.map((m, i) => {
              const x = i * slot + CHART.gap / 2;
              const width = slot - CHART.gap;
              const before = previousMonths[i]?.incomeBaht ?? 0;
              return (
                <g key={m.key}>
                  <rect
                    x={x}
                    y={y(m.incomeBaht)}
                    width={width}
                    height={y(0) - y(m.incomeBaht)}
                    rx={3}
                    className="fill-sea-600"
                  />
                  {before > 0 ? (
                    <line
                      x1={x - 1}
                      x2={x + width + 1}
                      y1={y(before)}
                      y2={y(before)}
                      className="stroke-coral-600"
                      strokeWidth={2.5}
                    />
                  ) : null}
                  <text
                    x={x + width / 2}
                    y={CHART.height - 5}
                    textAnchor="middle"
                    fontSize={11}
                    className="fill-ink-600"
                  >
                    {monthLabel(m.key, lang, "narrow", false)}
                  </text>
                </g>
              );
            })}
          </svg>
        </div>
        <div className="min-w-0">
          {collapseTable ? (
            <details className="group">
              <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-sea-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700">
                {t("ownerDashboard.tableCaption")}
              </summary>
              {table}
            </details>
          ) : (
            <>
              <p className="font-semibold text-ink-900" aria-hidden="true">
                {t("ownerDashboard.tableCaption")}
              </p>
              {table}
            </>
          )}
        </div>
      </div>
      <p className="mt-2 text-xs text-ink-600">{t("ownerDashboard.definitions")}</p>
      <p className="mt-1 text-xs text-ink-600">{incomeNote}</p>
    </section>
  );
}

function Comparisons({
  comparisons,
  money,
  idPrefix,
}: {
  comparisons: ProgramComparison[];
  money: Money;
  idPrefix: string;
}) {
  const { t } = useT();
  if (comparisons.length === 0) return null;
  const programName = (kind: ProgramComparison["program"]) =>
    kind === "guaranteed"
      ? t("ownerDashboard.programGuaranteed")
      : t("ownerDashboard.programRevenueShare");
  const other = (kind: ProgramComparison["program"]) =>
    kind === "guaranteed" ? "revenue-share" : "guaranteed";
  const headingId = `${idPrefix}-compare-title`;
  return (
    <section className="mt-8" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-display text-xl text-sea-900">
        {t("ownerDashboard.compareTitle")}
      </h3>
      <p className="mt-1 text-sm text-ink-600">{t("ownerDashboard.compareIntro")}</p>
      <ul className="mt-3 grid gap-3 md:grid-cols-2">
        {comparisons.map((c) => (
          <li
            key={c.unitName}
            className="min-w-0 rounded-2xl bg-sand-50 p-3 sm:p-4"
            data-comparison={c.program}
          >
            <p className="font-semibold text-ink-900">{c.unitName}</p>
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
              <dt className="min-w-0 text-ink-600">
                {t("ownerDashboard.compareOwn", { program: programName(c.program) })}
              </dt>
              <dd className="text-end font-semibold tabular-nums text-ink-900">
                {c.actualBaht === null ? "–" : money(c.actualBaht)}
              </dd>
              <dt className="min-w-0 text-ink-600">
                {t("ownerDashboard.compareOther", { program: programName(other(c.program)) })}
              </dt>
              <dd className="text-end font-semibold tabular-nums text-ink-900">
                {c.otherBaht === null ? "–" : money(c.otherBaht)}
              </dd>
              <dt className="min-w-0 text-ink-600">{t("ownerDashboard.compareNet")}</dt>
              <dd className="text-end tabular-nums text-ink-900" data-figure="net">
                {money(c.netRevenueBaht)}
              </dd>
            </dl>
            <p className="mt-2 text-sm text-ink-900">
              {c.actualBaht === null || c.otherBaht === null
                ? t("ownerDashboard.compareMissing")
                : c.otherBaht > c.actualBaht
                  ? t("ownerDashboard.compareOtherMore", {
                      amount: money(c.otherBaht - c.actualBaht),
                    })
                  : c.otherBaht < c.actualBaht
                    ? t("ownerDashboard.compareOwnMore", {
                        amount: money(c.actualBaht - c.otherBaht),
                      })
                    : t("ownerDashboard.compareSame")}
            </p>
            <p className="mt-1 text-xs text-ink-600">
              {c.propertyValueBaht
                ? t("ownerDashboard.compareBasis", {
                    value: money(c.propertyValueBaht),
                    expenses: money(c.expensesBaht),
                  })
                : t("ownerDashboard.compareBasisNet")}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

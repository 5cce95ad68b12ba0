import { REVENUE_SHARE_OWNER_PERCENT } from "../../domain/owner-programs.ts";
import { useT } from "../../i18n/use-t.tsx";
import { formatBaht } from "../../lib/format.ts";

/** Illustrative monthly revenue of a two-bedroom villa, in baht: high season Nov–Apr. */
const MONTHLY_REVENUE = [
  182_000, 176_000, 168_000, 151_000, 96_000, 84_000, 101_000, 112_000, 78_000, 88_000, 139_000,
  191_000,
];
const OCCUPANCY = 0.87;

export function DashboardSample() {
  const { t, lang } = useT();
  const total = MONTHLY_REVENUE.reduce((a, b) => a + b, 0);
  const max = Math.max(...MONTHLY_REVENUE);
  const monthName = (i: number, month: "short" | "narrow") =>
    new Intl.DateTimeFormat(lang === "ru" ? "ru-RU" : "en-GB", { month, timeZone: "UTC" }).format(
      new Date(Date.UTC(2026, i, 1)),
    );
  const months = MONTHLY_REVENUE.map((_, i) => monthName(i, "short"));
  const metrics = [
    { label: t("dashboard.occupancy"), value: `${Math.round(OCCUPANCY * 100)}%` },
    { label: t("dashboard.revenue"), value: formatBaht(total, lang) },
    {
      label: t("dashboard.payout"),
      value: formatBaht((total * REVENUE_SHARE_OWNER_PERCENT) / 100, lang),
    },
    { label: t("dashboard.rating"), value: "4.9 / 5" },
  ];
  return (
    <section className="pb-20" aria-labelledby="dashboard-title">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-sand-200 sm:p-10">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="dashboard-title" className="font-display text-2xl text-sea-900 sm:text-3xl">
              {t("dashboard.title")}
            </h2>
            <p className="text-sm text-ink-500">{t("dashboard.note")}</p>
          </div>
          <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {metrics.map((m) => (
              <div key={m.label} className="rounded-2xl bg-sand-50 p-4">
                <dt className="text-sm text-ink-600">{m.label}</dt>
                <dd className="mt-1 text-2xl font-bold text-sea-900">{m.value}</dd>
              </div>
            ))}
          </dl>
          <figure className="mt-8">
            <figcaption className="text-sm font-medium text-ink-600">
              {t("dashboard.chart")}
            </figcaption>
            <ol className="mt-4 flex h-44 items-end gap-1.5 sm:gap-3">
              {MONTHLY_REVENUE.map((value, i) => (
                <li
                  key={months[i]}
                  className="flex h-full min-w-0 flex-1 flex-col justify-end text-center"
                >
                  <span className="sr-only">
                    {months[i]}: {formatBaht(value, lang)}
                  </span>
                  <span
                    aria-hidden="true"
                    className="block rounded-t-md bg-gradient-to-t from-sea-700 to-sea-500"
                    style={{ height: `${(value / max) * 100}%` }}
                  />
                  {/* On a phone twelve short names do not fit side by side: initials there. */}
                  <span aria-hidden="true" className="mt-1 text-[10px] text-ink-500 sm:hidden">
                    {monthName(i, "narrow")}
                  </span>
                  <span aria-hidden="true" className="mt-1 hidden text-xs text-ink-500 sm:block">
                    {months[i]}
                  </span>
                </li>
              ))}
            </ol>
          </figure>
        </div>
      </div>
    </section>
  );
}

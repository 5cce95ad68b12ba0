import { plusDays } from "../../domain/date-time.ts";
import { useT } from "../../i18n/use-t.tsx";
import { formatDate, formatMonthTitle, LOCALES } from "../../lib/format.ts";
import { type CalendarMonth, calendarMonths } from "./month-grid.ts";
import type { PublicCalendar } from "./public-calendar.server.ts";

/** Months shown at once; the rest open with a native (keyboard-operable) disclosure. */
const FIRST_MONTHS = 3;

const TABLE_STYLES = {
  public: {
    table: "w-full table-fixed border-separate border-spacing-0.5 text-center text-sm",
    weekday: "py-1 text-xs font-medium text-ink-600",
  },
  admin: {
    table:
      "w-full table-fixed border-separate border-spacing-0.5 rounded-lg bg-white p-2 text-center text-xs ring-1 ring-sand-200",
    weekday: "py-0.5 font-medium text-ink-600",
  },
};

/**
 * One month of a unit's days, taken ones shaded and struck through, from Monday. The site's
 * calendar and the admin's unit calendar draw the same grid; `variant` sets its size and frame,
 * and `label` names the table for screen readers (the admin's tables go by their caption).
 */
export function MonthTable({
  month,
  title,
  weekdays,
  takenText,
  label,
  variant = "public",
}: {
  month: CalendarMonth;
  title: string;
  weekdays: readonly string[];
  /** What a screen reader hears after a taken day's number. */
  takenText: string;
  label?: string;
  variant?: keyof typeof TABLE_STYLES;
}) {
  const styles = TABLE_STYLES[variant];
  return (
    <table className={styles.table} aria-label={label} data-month={month.key}>
      <caption className="pb-1 text-left font-semibold text-sea-900">{title}</caption>
      <thead>
        <tr>
          {weekdays.map((d) => (
            <th key={d} scope="col" className={styles.weekday}>
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {month.weeks.map((week) => (
          <tr key={week.find((d) => d)?.date}>
            {week.map((day, i) =>
              day ? (
                <td
                  key={day.date}
                  data-date={day.date}
                  data-taken={day.taken ? "true" : undefined}
                  className={`rounded py-1 ${
                    day.past
                      ? "text-ink-500"
                      : day.taken
                        ? "bg-rose-100 text-rose-900 line-through"
                        : "bg-emerald-50 text-emerald-900"
                  }`}
                >
                  {day.day}
                  {day.taken && !day.past && <span className="sr-only">, {takenText}</span>}
                </td>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: empty cells have no identity
                <td key={`empty-${i}`} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const weekdaysByLocale = new Map<string, readonly string[]>();

/**
 * The short names of the days of the week in `locale`, from Monday; worked out once per locale
 * (an Intl formatter costs far more to make than to use).
 */
export function weekdayNames(locale: string): readonly string[] {
  let names = weekdaysByLocale.get(locale);
  if (!names) {
    const format = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
    // 2024-01-01 was a Monday.
    names = Object.freeze(
      Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2024, 0, 1 + i))),
    );
    weekdaysByLocale.set(locale, names);
  }
  return names;
}

/**
 * A unit's next 12 months, free and taken days, with the taken periods also written out as
 * text. Only dates: no kinds of stay, names or sources.
 */
export function AvailabilityCalendar({ calendar }: { calendar: PublicCalendar }) {
  const { t, lang } = useT();
  const months = calendarMonths(calendar.today, calendar.busy, 12);
  const lastDay = plusDays(
    `${months[months.length - 1]?.key ?? calendar.today.slice(0, 7)}-01`,
    31,
  );
  const ranges = calendar.busy.filter((b) => b.end > calendar.today && b.start < lastDay);
  const weekdays = weekdayNames(LOCALES[lang]);
  const grid = (list: CalendarMonth[]) => (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {list.map((m) => {
        const title = formatMonthTitle(m.year, m.month, lang);
        return (
          <MonthTable
            key={m.key}
            month={m}
            title={title}
            weekdays={weekdays}
            takenText={t("availability.taken")}
            label={t("availability.monthLabel", { month: title })}
          />
        );
      })}
    </div>
  );
  return (
    <section id="availability" className="mt-10 scroll-mt-24" aria-labelledby="availability-title">
      <h2 id="availability-title" className="font-display text-2xl text-sea-900">
        {t("availability.title")}
      </h2>
      <p className="mt-1 text-ink-600">{t("availability.intro")}</p>
      {ranges.length === 0 ? (
        <p className="mt-3 font-medium text-emerald-900">{t("availability.allFree")}</p>
      ) : (
        <ul className="mt-3 space-y-1 text-ink-900" data-testid="taken-ranges">
          {ranges.map((r) => (
            <li key={r.start}>
              {t("availability.takenRange", {
                from: formatDate(r.start < calendar.today ? calendar.today : r.start, lang),
                to: formatDate(plusDays(r.end, -1), lang),
              })}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 flex flex-wrap gap-4 text-sm text-ink-600" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded bg-emerald-50 ring-1 ring-emerald-900/30" />
          {t("availability.free")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded bg-rose-100 ring-1 ring-rose-900/30" />
          <span className="line-through">{t("availability.taken")}</span>
        </span>
      </p>
      <div className="mt-4">{grid(months.slice(0, FIRST_MONTHS))}</div>
      <details className="group mt-4">
        <summary className="cursor-pointer rounded-full px-3 py-2 font-semibold text-sea-700 hover:bg-sea-50">
          <span className="group-open:hidden">{t("availability.moreMonths")}</span>
          <span className="hidden group-open:inline">{t("availability.fewerMonths")}</span>
        </summary>
        <div className="mt-4">{grid(months.slice(FIRST_MONTHS))}</div>
      </details>
    </section>
  );
}

/*
 * Phuket time and whole days: the one place that knows the company's time zone.
 *
 * The company and its units are in Phuket, which keeps UTC+7 all year (no daylight saving).
 * Days travel as ISO date text (`2026-11-23`), the way the database stores them; "today" is the
 * date in Phuket, whatever the server's own clock zone is. Day arithmetic works on that text in
 * UTC, so it never shifts with the server's zone either.
 */

/** The company's time zone: the admin panel shows every moment in it. */
export const BUSINESS_TIME_ZONE = "Asia/Bangkok";

/** A moment as the admin panel shows it, e.g. "23/11/2026, 09:30:00", Phuket time. */
export function formatAdminDateTime(at: Date | string | number): string {
  return new Date(at).toLocaleString("en-GB", { timeZone: BUSINESS_TIME_ZONE });
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const businessDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The date in Phuket at the instant `now`. */
export function businessToday(now: Date = new Date()): string {
  return businessDate.format(now);
}

/** Whether `value` is a real calendar date written `YYYY-MM-DD` (so 2026-02-30 is not). */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The same day of the month `months` calendar months later; a day the target month lacks
 * becomes its last day (31 January + 1 month = 28 or 29 February).
 */
export function plusMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The instant a Phuket day starts (Phuket keeps UTC+7 all year). */
export function businessDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+07:00`);
}

/** The next Phuket midnight after `now`, as an instant. */
export function nextBusinessMidnight(now: Date = new Date()): Date {
  return businessDayStart(plusDays(businessToday(now), 1));
}

/** The next instant after `now` when the clock in Phuket shows `hour`:00. */
export function nextBusinessHour(hour: number, now: Date = new Date()): Date {
  const at = (day: string) => businessDayStart(day).getTime() + hour * 3600e3;
  const today = businessToday(now);
  return new Date(at(today) > now.getTime() ? at(today) : at(plusDays(today, 1)));
}

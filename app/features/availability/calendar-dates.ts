/**
 * Whole days as ISO date text (`2026-11-23`), the way the database stores them. The company and
 * its units are in Phuket: "today" is the date in Asia/Bangkok (UTC+7, no daylight saving).
 */

export const TIME_ZONE = "Asia/Bangkok";

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const bangkokDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The date in Phuket at the instant `now`. */
export function bangkokToday(now: Date = new Date()): string {
  return bangkokDate.format(now);
}

/** Whether `value` is a real calendar date written `YYYY-MM-DD` (so 2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The next Bangkok midnight after `now`, as an instant. */
export function nextBangkokMidnight(now: Date = new Date()): Date {
  const tomorrow = addDays(bangkokToday(now), 1);
  return new Date(Date.parse(`${tomorrow}T00:00:00+07:00`));
}

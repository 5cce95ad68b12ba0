import { dayCount, plusDays } from "../../domain/date-time.ts";
import type { BusyPeriod } from "./derive-status.ts";
import { mergeBusy } from "./month-grid.ts";

export interface MonthSpan {
  /** `YYYY-MM` */
  key: string;
  first: string;
  /** The first day of the next month (exclusive). */
  end: string;
  days: number;
}

/** `count` calendar months from the month of `today`. */
export function monthSpans(today: string, count: number): MonthSpan[] {
  const [y0, m0] = today.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const year = y0 + Math.floor((m0 - 1 + i) / 12);
    const month = ((m0 - 1 + i) % 12) + 1;
    const key = `${year}-${String(month).padStart(2, "0")}`;
    const first = `${key}-01`;
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return { key, first, end: plusDays(first, days), days };
  });
}

/**
 * Percent of each month's days that are taken (whole percent, rounded), overlapping stays
 * counted once.
 */
export function occupancyByMonth(periods: readonly BusyPeriod[], months: readonly MonthSpan[]) {
  const busy = mergeBusy(periods);
  return months.map((m) => {
    let taken = 0;
    for (const p of busy) {
      const start = p.start > m.first ? p.start : m.first;
      const end = p.end < m.end ? p.end : m.end;
      if (end > start) taken += dayCount(start, end);
    }
    return Math.round((taken / m.days) * 100);
  });
}

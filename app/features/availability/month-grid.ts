import type { BusyPeriod } from "./derive-status.ts";

export interface CalendarDay {
  date: string;
  day: number;
  taken: boolean;
  past: boolean;
}

export interface CalendarMonth {
  /** `YYYY-MM` */
  key: string;
  year: number;
  month: number;
  /** Weeks from Monday; days of the neighbouring months are null. */
  weeks: (CalendarDay | null)[][];
}

/**
 * `count` months from today's, each day marked taken when a busy period covers it (a period's
 * end is its first free day). Pure, so the server and the browser draw the same grid.
 */
export function calendarMonths(
  today: string,
  busy: readonly BusyPeriod[],
  count = 12,
): CalendarMonth[] {
  const sorted = [...busy].sort((a, b) => (a.start < b.start ? -1 : 1));
  const [y0, m0] = today.split("-").map(Number) as [number, number];
  const months: CalendarMonth[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    const year = y0 + Math.floor((m0 - 1 + i) / 12);
    const month = ((m0 - 1 + i) % 12) + 1;
    const key = `${year}-${String(month).padStart(2, "0")}`;
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const lead = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7; // Monday = 0
    const cells: (CalendarDay | null)[] = Array.from({ length: lead }, () => null);
    for (let d = 1; d <= days; d++) {
      const date = `${key}-${d < 10 ? "0" : ""}${d}`;
      // Periods ending on or before this day can never cover a later one.
      while (p < sorted.length && (sorted[p] as BusyPeriod).end <= date) p++;
      // Sorted by start: none from the first that starts after this day can cover it.
      let taken = false;
      for (let i = p; i < sorted.length && (sorted[i] as BusyPeriod).start <= date; i++)
        if (date < (sorted[i] as BusyPeriod).end) {
          taken = true;
          break;
        }
      cells.push({ date, day: d, taken, past: date < today });
    }
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks: (CalendarDay | null)[][] = [];
    for (let w = 0; w < cells.length; w += 7) weeks.push(cells.slice(w, w + 7));
    months.push({ key, year, month, weeks });
  }
  return months;
}

/** Overlapping or touching periods joined, earliest first: what a visitor may see. */
export function mergeBusy(periods: readonly BusyPeriod[]): BusyPeriod[] {
  const sorted = [...periods].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const out: BusyPeriod[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last && p.start <= last.end) {
      if (p.end > last.end) last.end = p.end;
    } else out.push({ start: p.start, end: p.end });
  }
  return out;
}

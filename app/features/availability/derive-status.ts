import { dayCount, plusDays } from "../../domain/date-time.ts";
import type { PropertyStatus } from "../../domain/listing.ts";

/** A taken period: `start` is the first taken day, `end` the first free day after it. */
export interface BusyPeriod {
  start: string;
  end: string;
}

export interface DerivedStatus {
  status: PropertyStatus;
  /** Set with "soon": the first free day. */
  availableFrom: string | null;
  /** Set with "occupied": the last taken day of the run that covers today. */
  rentedUntil: string | null;
}

export const DEFAULT_HORIZON_DAYS = 60;

/**
 * A unit's status from its calendar, on the Bangkok date `today`:
 * - free today: "available";
 * - taken today, and the taken run that covers today (stays touching or overlapping one another
 *   count as one run) ends so that the first free day is at most `horizonDays` after today:
 *   "soon", available from that first free day;
 * - taken today for longer: "occupied", rented until the last taken day of the run.
 */
export function deriveStatus(
  periods: readonly BusyPeriod[],
  today: string,
  horizonDays: number = DEFAULT_HORIZON_DAYS,
): DerivedStatus {
  const sorted = [...periods].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  // The first day at or after today that no period covers; one pass over periods by start.
  let firstFree = today;
  for (const p of sorted) {
    if (p.start > firstFree) break;
    if (p.end > firstFree) firstFree = p.end;
  }
  if (firstFree === today) return { status: "available", availableFrom: null, rentedUntil: null };
  if (dayCount(today, firstFree) <= horizonDays) {
    return { status: "soon", availableFrom: firstFree, rentedUntil: null };
  }
  return { status: "occupied", availableFrom: null, rentedUntil: plusDays(firstFree, -1) };
}

/**
 * The taken period a status typed by hand implies, for a unit with no calendar of its own, so
 * that its public calendar says what its badge says: "soon" is taken until the day it is
 * available from; "occupied" until the day after it is rented until, or as far as `until` when no
 * date was given; "available" is free.
 */
export function busyFromTypedStatus(
  unit: { status: PropertyStatus; availableFrom: string | null; rentedUntil: string | null },
  today: string,
  until: string,
): BusyPeriod[] {
  const end =
    unit.status === "soon"
      ? unit.availableFrom
      : unit.status === "occupied"
        ? unit.rentedUntil
          ? plusDays(unit.rentedUntil, 1)
          : until
        : null;
  return end && end > today ? [{ start: today, end }] : [];
}

import { and, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { stays } from "../../db/schema.ts";
import { businessToday, plusDays } from "../../domain/date-time.ts";
import type { PropertyStatus } from "../../domain/listing.ts";
import { type BusyPeriod, busyFromTypedStatus } from "./derive-status.ts";
import { mergeBusy } from "./month-grid.ts";

export interface PublicCalendar {
  /** Today in Phuket: the grid starts at its month. */
  today: string;
  /** Taken periods, joined; no kinds, names or sources. */
  busy: BusyPeriod[];
}

/**
 * What the unit page shows of a unit's calendar: the next 12 months (and a little more). A unit
 * with no stays shows what its typed status says.
 */
/** The days the public calendar reads stays of: a month back, 400 days ahead. */
export const PUBLIC_WINDOW = {
  from: (today: string) => plusDays(today, -31),
  until: (today: string) => plusDays(today, 400),
};

/**
 * A unit's taken periods as the site shows them: its stays (in `PUBLIC_WINDOW`), joined, or,
 * when it has none there, what its typed status says. The admin's occupancy report counts the
 * same, so the desk and visitors see one calendar.
 */
export function unitBusy(
  periods: readonly BusyPeriod[],
  unit: { status: PropertyStatus; availableFrom: string | null; rentedUntil: string | null },
  today: string,
): BusyPeriod[] {
  return periods.length > 0
    ? mergeBusy(periods)
    : busyFromTypedStatus(unit, today, PUBLIC_WINDOW.until(today));
}

export async function loadPublicCalendar(
  db: AppDatabase,
  unit: {
    id: number;
    status: PropertyStatus;
    availableFrom: string | null;
    rentedUntil: string | null;
  },
  now: Date = new Date(),
): Promise<PublicCalendar> {
  const propertyId = unit.id;
  const today = businessToday(now);
  const until = PUBLIC_WINDOW.until(today);
  const rows = await db
    .select({ start: stays.startDate, end: stays.endDate })
    .from(stays)
    .where(
      and(
        eq(stays.propertyId, propertyId),
        sql`${stays.endDate} > ${PUBLIC_WINDOW.from(today)}`,
        sql`${stays.startDate} < ${until}`,
      ),
    )
    .limit(2000);
  const busy = unitBusy(rows, unit, today);
  return { today, busy };
}

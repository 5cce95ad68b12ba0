import { and, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { stays } from "../../db/schema.ts";
import type { PropertyStatus } from "../../domain/listing.ts";
import { addDays, bangkokToday } from "./calendar-dates.ts";
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
  const today = bangkokToday(now);
  const until = addDays(today, 400);
  const rows = await db
    .select({ start: stays.startDate, end: stays.endDate })
    .from(stays)
    .where(
      and(
        eq(stays.propertyId, propertyId),
        sql`${stays.endDate} > ${addDays(today, -31)}`,
        sql`${stays.startDate} < ${until}`,
      ),
    )
    .limit(2000);
  const busy = rows.length > 0 ? mergeBusy(rows) : busyFromTypedStatus(unit, today, until);
  return { today, busy };
}

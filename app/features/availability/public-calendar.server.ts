import { and, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { stays } from "../../db/schema.ts";
import { addDays, bangkokToday } from "./calendar-dates.ts";
import type { BusyPeriod } from "./derive-status.ts";
import { mergeBusy } from "./month-grid.ts";

export interface PublicCalendar {
  /** Today in Phuket: the grid starts at its month. */
  today: string;
  /** Taken periods, joined; no kinds, names or sources. */
  busy: BusyPeriod[];
}

/** What the unit page shows of a unit's calendar: the next 12 months (and a little more). */
export async function loadPublicCalendar(
  db: AppDatabase,
  propertyId: number,
  now: Date = new Date(),
): Promise<PublicCalendar> {
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
  return { today, busy: mergeBusy(rows) };
}

import { and, asc, eq, sql } from "drizzle-orm";
import ical from "ical-generator";
import type { AppDatabase } from "../../db/client.server.ts";
import { properties, stays } from "../../db/schema.ts";
import { businessToday, plusDays } from "../../domain/date-time.ts";
import { icsFile, icsText } from "./ics-text.ts";

/** Stays that ended more than this many days ago are left out of the exported calendar. */
const EXPORT_PAST_DAYS = 30;
const EXPORT_MAX_EVENTS = 2000;

/**
 * A unit's taken periods as an iCalendar file (RFC 5545) that booking channels can subscribe
 * to: one all-day event per stay, "Not available", with a UID that stays the same as long as
 * the stay exists. No names, kinds or notes: the file is public. Null for an unknown unit.
 */
export async function unitCalendarIcs(
  db: AppDatabase,
  slug: string,
  options: { publicUrl: string; brandName: string; now?: Date },
): Promise<string | null> {
  const [unit] = await db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(eq(properties.slug, slug));
  if (!unit) return null;
  const since = plusDays(businessToday(options.now), -EXPORT_PAST_DAYS);
  const rows = await db
    .select({
      id: stays.id,
      start: stays.startDate,
      end: stays.endDate,
      updatedAt: stays.updatedAt,
    })
    .from(stays)
    .where(and(eq(stays.propertyId, unit.id), sql`${stays.endDate} > ${since}`))
    .orderBy(asc(stays.startDate), asc(stays.id))
    .limit(EXPORT_MAX_EVENTS);
  const host = new URL(options.publicUrl).hostname;
  // Text the library writes as given is escaped here (RFC 5545); SUMMARY it escapes itself.
  const calendar = ical({
    name: icsText(`${unit.name} — ${options.brandName}`),
    prodId: { company: icsText(options.brandName), product: "availability", language: "EN" },
    timezone: null,
  });
  for (const row of rows) {
    calendar.createEvent({
      id: icsText(`stay-${row.id}@${host}`),
      start: row.start,
      end: row.end,
      allDay: true,
      summary: "Not available",
      stamp: row.updatedAt,
    });
  }
  return icsFile(calendar.toString());
}

import { and, asc, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import nodeIcal, { type VEvent } from "node-ical";
import type { AppDatabase, Database } from "../../db/client.server.ts";
import { calendarFeeds, properties, stays } from "../../db/schema.ts";
import { addDays, bangkokToday, daysBetween } from "./calendar-dates.ts";
import { FeedFetchError, type FeedReadOptions, readFeed } from "./feed-fetch.server.ts";
import { type AvailabilityClock, refreshUnitAvailability } from "./stays.server.ts";

export const FEED_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxEvents: 5000,
  /** Each repeating event costs up to some tens of milliseconds to expand, on the server's thread. */
  maxRepeating: 25,
  intervalMinutes: 30,
};

/** An arbitrary, fixed advisory-lock id: one feed poller at a time across servers. */
const POLLER_LOCK_ID = 727_060;

export interface FeedFetchOptions
  extends Partial<Pick<FeedReadOptions, "allowHosts" | "logger" | "resolve" | "connect">> {
  timeoutMs?: number;
  maxBytes?: number;
  maxEvents?: number;
}

export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedError";
  }
}

/** A feed's address as fetched: webcal:// (as calendar apps hand them out) is https://. */
export function feedFetchUrl(url: string): string {
  return url.replace(/^webcal:\/\//i, "https://");
}

/**
 * The feed's text, read with a time limit (for the whole answer, body included) and a size
 * bound, from public addresses only (feed-fetch.server.ts); any failure is a FeedError whose
 * message, the same for every cause, the admin sees; the cause goes to the server's log.
 */
export async function fetchFeedText(url: string, options: FeedFetchOptions = {}): Promise<string> {
  try {
    return await readFeed(feedFetchUrl(url), {
      ...options,
      timeoutMs: options.timeoutMs ?? FEED_DEFAULTS.timeoutMs,
      maxBytes: options.maxBytes ?? FEED_DEFAULTS.maxBytes,
    });
  } catch (error) {
    if (error instanceof FeedFetchError) throw new FeedError(error.message);
    throw error;
  }
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
}

/** An event's day in Phuket: all-day values are dates as written; times are read in Bangkok. */
function dayOf(value: Date & { dateOnly?: boolean }): string {
  if (value.dateOnly) {
    // node-ical makes a date-only value local midnight of this process's time zone.
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, "0");
    const d = String(value.getDate()).padStart(2, "0");
    return `${y}-${m}-${d}`;
  }
  return bangkokToday(value);
}

/** One taken period as whole days: the end is the first free day, and at least a day after the start. */
function period(start: Date, end: Date | undefined): { start: string; end: string } {
  const first = dayOf(start);
  const last = end ? dayOf(end) : addDays(first, 1);
  return { start: first, end: last <= first ? addDays(first, 1) : last };
}

/**
 * The occurrences of a repeating event (RRULE) between two days, with its exceptions (EXDATE)
 * left out and its moved or cancelled occurrences (RECURRENCE-ID) applied, by node-ical. The
 * expansion library stops a rule after a bounded number of steps; such a rule (one repeating
 * every minute, say) is the feed's error, not a hang.
 */
function occurrences(
  event: VEvent,
  from: string,
  to: string,
): { start: Date; end: Date; event: VEvent }[] {
  try {
    return nodeIcal.expandRecurringEvent(event, {
      from: new Date(`${from}T00:00:00+07:00`),
      to: new Date(`${to}T00:00:00+07:00`),
      expandOngoing: true,
    });
  } catch (error) {
    throw new FeedError(
      `The repeating event "${String(event.uid).slice(0, 80)}" could not be read: ${causeOf(error)}`,
    );
  }
}

/**
 * The taken periods of an iCalendar text: events with a UID and a start, not cancelled, as whole
 * days (the end is the first free day; a timed event takes at least its first day). Events that
 * ended over a year ago or start more than three years ahead are left out. A repeating event
 * (an owner's weekly block, say) gives one period per occurrence, each with its own UID (the
 * event's, `#` and the day it starts); at most `maxRepeating` of them per feed.
 */
export function parseFeedEvents(
  text: string,
  options: { now?: Date; maxEvents?: number; maxRepeating?: number } = {},
): FeedEvent[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.slice(0, 1000))) {
    throw new FeedError("The answer is not an iCalendar file (no BEGIN:VCALENDAR)");
  }
  let parsed: ReturnType<typeof nodeIcal.sync.parseICS>;
  try {
    parsed = nodeIcal.sync.parseICS(text);
  } catch (error) {
    throw new FeedError(`The calendar could not be read: ${causeOf(error)}`);
  }
  const today = bangkokToday(options.now);
  const earliestEnd = addDays(today, -365);
  const latestStart = addDays(today, 3 * 366);
  const maxEvents = options.maxEvents ?? FEED_DEFAULTS.maxEvents;
  const maxRepeating = options.maxRepeating ?? FEED_DEFAULTS.maxRepeating;
  const events: FeedEvent[] = [];
  const add = (uid: string, { start, end }: { start: string; end: string }) => {
    if (end < earliestEnd || start > latestStart || daysBetween(start, end) > 3660) return;
    events.push({ uid, start, end });
    if (events.length > maxEvents) {
      throw new FeedError(`The feed has more than ${maxEvents} events`);
    }
  };
  let repeating = 0;
  for (const component of Object.values(parsed)) {
    if (component?.type !== "VEVENT") continue;
    const event = component as VEvent;
    const uid = typeof event.uid === "string" ? event.uid.trim() : "";
    if (!uid || uid.length > 500 || !event.start) continue;
    if (String(event.status ?? "").toUpperCase() === "CANCELLED") continue;
    if (!event.rrule) {
      add(uid, period(event.start, event.end));
      continue;
    }
    repeating += 1;
    if (repeating > maxRepeating) {
      throw new FeedError(`The feed has more than ${maxRepeating} repeating events`);
    }
    for (const occurrence of occurrences(event, earliestEnd, latestStart)) {
      if (String(occurrence.event.status ?? "").toUpperCase() === "CANCELLED") continue;
      const taken = period(occurrence.start, occurrence.end);
      add(`${uid}#${taken.start}`, taken);
    }
  }
  return events;
}

export interface SyncResult {
  ok: boolean;
  added: number;
  changed: number;
  removed: number;
  error?: string;
}

/**
 * Fetches one feed and makes its stays match its events: matched by UID (a re-fetch never
 * duplicates), changed dates updated, vanished events removed. A failing feed keeps its last
 * good stays and records the error and its time.
 */
export async function syncFeed(
  db: AppDatabase,
  feedId: number,
  options: FeedFetchOptions & AvailabilityClock = {},
): Promise<SyncResult> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
  if (!feed) return { ok: false, added: 0, changed: 0, removed: 0, error: "No such feed" };
  const fetchedAt = new Date();
  let events: FeedEvent[];
  try {
    const text = await fetchFeedText(feed.url, options);
    events = parseFeedEvents(text, { now: options.now, maxEvents: options.maxEvents });
  } catch (error) {
    const message = (error instanceof FeedError ? error.message : "Unexpected error").slice(0, 500);
    await db
      .update(calendarFeeds)
      .set({ lastFetchedAt: fetchedAt, lastError: message, lastErrorAt: fetchedAt })
      .where(eq(calendarFeeds.id, feedId));
    return { ok: false, added: 0, changed: 0, removed: 0, error: message };
  }

  return db.transaction(async (tx) => {
    // The unit's row is the lock that orders this with stays entered by hand.
    const locked = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, feed.propertyId))
      .for("update");
    if (locked.length === 0)
      return { ok: false, added: 0, changed: 0, removed: 0, error: "No unit" };
    const existing = await tx
      .select({ id: stays.id, uid: stays.feedUid, start: stays.startDate, end: stays.endDate })
      .from(stays)
      .where(eq(stays.feedId, feedId));
    const byUid = new Map(existing.map((s) => [s.uid ?? "", s]));
    const seen = new Set<string>();
    let added = 0;
    let changed = 0;
    for (const event of events) {
      seen.add(event.uid);
      const old = byUid.get(event.uid);
      if (!old) {
        await tx.insert(stays).values({
          propertyId: feed.propertyId,
          kind: "short-stay",
          startDate: event.start,
          endDate: event.end,
          feedId,
          feedUid: event.uid,
        });
        added++;
      } else if (old.start !== event.start || old.end !== event.end) {
        await tx
          .update(stays)
          .set({ startDate: event.start, endDate: event.end, updatedAt: new Date() })
          .where(eq(stays.id, old.id));
        changed++;
      }
    }
    const gone = existing.filter((s) => !seen.has(s.uid ?? "")).map((s) => s.id);
    if (gone.length > 0) await tx.delete(stays).where(inArray(stays.id, gone));
    await tx
      .update(calendarFeeds)
      .set({
        lastFetchedAt: fetchedAt,
        lastSuccessAt: fetchedAt,
        lastError: null,
        lastErrorAt: null,
      })
      .where(eq(calendarFeeds.id, feedId));
    await refreshUnitAvailability(tx, feed.propertyId, options, { calendarSpeaks: true });
    return { ok: true, added, changed, removed: gone.length };
  });
}

/**
 * Syncs every feed not fetched for `intervalMinutes`, one after another, on one server at a
 * time (the others skip this round). Returns how many feeds were synced, or null when another
 * server holds the poller's lock.
 */
export async function pollFeeds(
  database: Pick<Database, "db" | "tryExclusive">,
  options: FeedFetchOptions &
    AvailabilityClock & {
      intervalMinutes?: number;
      onError?: (feedId: number, error: unknown) => void;
    } = {},
): Promise<number | null> {
  const interval = options.intervalMinutes ?? FEED_DEFAULTS.intervalMinutes;
  const outcome = await database.tryExclusive(POLLER_LOCK_ID, async () => {
    // A minute of slack so that a feed fetched at the last round is due at this one.
    const dueBefore = new Date((options.now ?? new Date()).getTime() - (interval - 1) * 60_000);
    const due = await database.db
      .select({ id: calendarFeeds.id })
      .from(calendarFeeds)
      .where(or(isNull(calendarFeeds.lastFetchedAt), lt(calendarFeeds.lastFetchedAt, dueBefore)))
      .orderBy(asc(calendarFeeds.id));
    for (const { id } of due) {
      // One feed failing in the database (removed meanwhile, say) must not stop the others.
      await syncFeed(database.db, id, options).catch((error: unknown) =>
        options.onError?.(id, error),
      );
    }
    return due.length;
  });
  return outcome.ran ? outcome.value : null;
}

export async function listFeeds(db: AppDatabase, propertyId: number) {
  return db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.propertyId, propertyId))
    .orderBy(asc(calendarFeeds.id));
}

/** Whether any feed of the unit has ever failed and not recovered (for a badge). */
export async function failingFeedCount(db: AppDatabase, propertyId: number): Promise<number> {
  const rows = await db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.propertyId, propertyId), isNotNull(calendarFeeds.lastError)));
  return rows.length;
}

import { and, asc, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { AppDatabase, Database } from "../../db/client.server.ts";
import { calendarFeeds, properties } from "../../db/schema.ts";
import {
  FEED_EVENT_LIMITS,
  FeedError,
  parseFeedEvents,
  readFeedEvents,
  type SkippedEvents,
  skippedSummary,
} from "./feed-events.server.ts";
import { FeedFetchError, type FeedReadOptions, readFeed } from "./feed-fetch.server.ts";
import {
  type AvailabilityClock,
  refreshUnitAvailability,
  replaceFeedStays,
} from "./stays.server.ts";

export const FEED_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  ...FEED_EVENT_LIMITS,
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

export { FeedError, parseFeedEvents };

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

export interface SyncResult {
  ok: boolean;
  added: number;
  changed: number;
  removed: number;
  error?: string;
  /** Events left out while the rest were read (bad dates, say); absent when none was. */
  skipped?: SkippedEvents;
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
  let reading: Awaited<ReturnType<typeof readFeedEvents>>;
  try {
    const text = await fetchFeedText(feed.url, options);
    reading = await readFeedEvents(text, { now: options.now, maxEvents: options.maxEvents });
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
    const { added, changed, removed } = await replaceFeedStays(
      tx,
      feed.propertyId,
      feedId,
      reading.events,
    );
    await tx
      .update(calendarFeeds)
      .set({
        lastFetchedAt: fetchedAt,
        lastSuccessAt: fetchedAt,
        lastError: null,
        lastErrorAt: null,
        lastSkipped: reading.skipped,
      })
      .where(eq(calendarFeeds.id, feedId));
    await refreshUnitAvailability(tx, feed.propertyId, options, { calendarSpeaks: true });
    return skippedSummary(reading.skipped)
      ? { ok: true, added, changed, removed, skipped: reading.skipped }
      : { ok: true, added, changed, removed };
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

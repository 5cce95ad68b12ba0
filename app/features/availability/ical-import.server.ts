import { and, asc, count, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { AppDatabase, Database } from "../../db/client.server.ts";
import { calendarFeeds, properties, stays } from "../../db/schema.ts";
import { businessToday } from "../../domain/date-time.ts";
import { enqueueFeedAlert, type FeedAlertSettings } from "./feed-alerts.server.ts";
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
  /** The sync was held: it would have removed every future block (this many). */
  held?: number;
}

/** A feed with at least this many future blocks is held rather than emptied (decision 098). */
export const HOLD_MIN_BLOCKS = 3;

export interface SyncOptions extends FeedFetchOptions, AvailabilityClock {
  /** The desk's alerts; none are written without. */
  alerts?: FeedAlertSettings;
}

const failed = (error: string): SyncResult => ({
  ok: false,
  added: 0,
  changed: 0,
  removed: 0,
  error,
});

/**
 * Fetches one feed and makes its stays match its events: matched by key (a re-fetch never
 * duplicates), changed dates updated, vanished events removed. A failing feed keeps its last
 * good stays and records the error, its time and since when it fails; after
 * `alerts.afterHours` of failing the desk is alerted once, and once more when it recovers. A
 * reading that would remove every future block of a feed that had `HOLD_MIN_BLOCKS` or more is
 * held (the feed "needs a look", the desk alerted) until `applyHeldSync`. Never throws: a
 * failure of the database is recorded (when it can be) and answered as a failed sync.
 */
export async function syncFeed(
  db: AppDatabase,
  feedId: number,
  options: SyncOptions = {},
): Promise<SyncResult> {
  try {
    return await syncFeedOnce(db, feedId, options);
  } catch (error) {
    options.logger?.warn({ err: error, feedId }, "could not save a calendar feed's events");
    const message = "The feed was read, but its events could not be saved; try again later";
    await recordFailure(db, feedId, message, new Date(), options).catch(() => undefined);
    return failed(message);
  }
}

async function feedForAlert(db: Queryable, feedId: number) {
  const [row] = await db
    .select({
      feed: calendarFeeds,
      unitName: properties.name,
    })
    .from(calendarFeeds)
    .innerJoin(properties, eq(properties.id, calendarFeeds.propertyId))
    .where(eq(calendarFeeds.id, feedId));
  return row;
}

type Queryable = Pick<AppDatabase, "select" | "update" | "insert">;

/** A failed try: recorded with its time; the desk alerted once it has failed long enough. */
async function recordFailure(
  db: AppDatabase,
  feedId: number,
  message: string,
  at: Date,
  options: SyncOptions,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await feedForAlert(tx, feedId);
    if (!row) return;
    const since = row.feed.failingSince ?? at;
    const due =
      options.alerts !== undefined &&
      row.feed.alertedAt === null &&
      at.getTime() - since.getTime() >= options.alerts.afterHours * 3_600_000;
    await tx
      .update(calendarFeeds)
      .set({
        lastFetchedAt: at,
        lastError: message,
        lastErrorAt: at,
        failingSince: since,
        ...(due ? { alertedAt: at } : {}),
      })
      .where(eq(calendarFeeds.id, feedId));
    if (due && options.alerts)
      await enqueueFeedAlert(
        tx,
        { feedName: row.feed.name, unitName: row.unitName, propertyId: row.feed.propertyId },
        { kind: "failing", since, error: message },
        options.alerts,
      );
  });
}

async function syncFeedOnce(
  db: AppDatabase,
  feedId: number,
  options: SyncOptions,
): Promise<SyncResult> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
  if (!feed) return failed("No such feed");
  const fetchedAt = new Date();
  let reading: Awaited<ReturnType<typeof readFeedEvents>>;
  try {
    const text = await fetchFeedText(feed.url, options);
    reading = await readFeedEvents(text, { now: options.now, maxEvents: options.maxEvents });
  } catch (error) {
    if (!(error instanceof FeedError))
      options.logger?.warn({ err: error, feedId }, "could not read a calendar feed");
    const message = (error instanceof FeedError ? error.message : "Unexpected error").slice(0, 500);
    await recordFailure(db, feedId, message, fetchedAt, options);
    return failed(message);
  }

  return db.transaction(async (tx) => {
    // The unit's row is the lock that orders this with stays entered by hand.
    const locked = await tx
      .select({ id: properties.id, name: properties.name })
      .from(properties)
      .where(eq(properties.id, feed.propertyId))
      .for("update");
    const unit = locked[0];
    if (!unit) return failed("No unit");
    const [current] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
    if (!current) return failed("No such feed");
    const forAlert = { feedName: current.name, unitName: unit.name, propertyId: unit.id };
    const healthy = {
      lastFetchedAt: fetchedAt,
      lastSuccessAt: fetchedAt,
      lastError: null,
      lastErrorAt: null,
      failingSince: null,
      alertedAt: null,
      lastSkipped: reading.skipped,
    };
    if (current.alertedAt !== null && options.alerts)
      await enqueueFeedAlert(
        tx,
        forAlert,
        { kind: "recovered", since: current.failingSince },
        options.alerts,
      );

    const today = businessToday(options.now);
    const futureNow = await futureFeedBlocks(tx, feedId, today);
    const futureNext = reading.events.filter((e) => e.end > today).length;
    if (futureNow >= HOLD_MIN_BLOCKS && futureNext === 0) {
      // Held: the blocks stay; the desk is told once, when the feed is first held.
      if (current.held === null && options.alerts)
        await enqueueFeedAlert(tx, forAlert, { kind: "held", removes: futureNow }, options.alerts);
      await tx
        .update(calendarFeeds)
        .set({
          ...healthy,
          held: {
            at: (current.held?.at ?? fetchedAt.toISOString()) as string,
            removes: futureNow,
            events: reading.events,
            skipped: reading.skipped,
          },
        })
        .where(eq(calendarFeeds.id, feedId));
      return { ok: true, added: 0, changed: 0, removed: 0, held: futureNow };
    }

    const { added, changed, removed } = await replaceFeedStays(
      tx,
      feed.propertyId,
      feedId,
      reading.events,
    );
    await tx
      .update(calendarFeeds)
      .set({ ...healthy, held: null })
      .where(eq(calendarFeeds.id, feedId));
    await refreshUnitAvailability(tx, feed.propertyId, options, { calendarSpeaks: true });
    return skippedSummary(reading.skipped)
      ? { ok: true, added, changed, removed, skipped: reading.skipped }
      : { ok: true, added, changed, removed };
  });
}

/** How many stays of the feed end after today. */
async function futureFeedBlocks(tx: Queryable, feedId: number, today: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(stays)
    .where(and(eq(stays.feedId, feedId), gt(stays.endDate, today)));
  return row?.n ?? 0;
}

/**
 * Applies a held sync, as the desk asked after a look: the feed's stays made to match what it
 * read. Null when the feed (of this unit) holds nothing.
 */
export async function applyHeldSync(
  db: AppDatabase,
  propertyId: number,
  feedId: number,
  clock: AvailabilityClock = {},
): Promise<SyncResult | null> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, propertyId))
      .for("update");
    const [feed] = await tx
      .select()
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.propertyId, propertyId)));
    if (!feed?.held) return null;
    const { added, changed, removed } = await replaceFeedStays(
      tx,
      propertyId,
      feedId,
      feed.held.events,
    );
    await tx
      .update(calendarFeeds)
      .set({ held: null, lastSkipped: feed.held.skipped })
      .where(eq(calendarFeeds.id, feedId));
    await refreshUnitAvailability(tx, propertyId, clock, { calendarSpeaks: true });
    return { ok: true, added, changed, removed };
  });
}

/**
 * Syncs every feed not fetched for `intervalMinutes`, one after another, on one server at a
 * time (the others skip this round). Returns how many feeds were synced, or null when another
 * server holds the poller's lock.
 */
export async function pollFeeds(
  database: Pick<Database, "db" | "tryExclusive">,
  options: SyncOptions & {
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

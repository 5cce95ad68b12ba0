import { sql } from "drizzle-orm";
import type { AppDatabase, Database } from "../../db/client.server.ts";
import { nextBusinessMidnight } from "../../domain/date-time.ts";
import type { AppConfig } from "../../lib/config.server.ts";
import type { Logger } from "../../lib/logger.server.ts";
import type { FeedAlertSettings } from "./feed-alerts.server.ts";
import { pollFeeds } from "./ical-import.server.ts";
import { refreshAllAvailability } from "./stays.server.ts";

/** One server at a time refreshes at midnight (the others would write the same). */
const MIDNIGHT_LOCK_ID = 727_061;

/**
 * Public pages show days as past or to come: a new day is a change of content, so every
 * server's page cache drops yesterday's pages.
 */
export async function bumpContentVersion(db: AppDatabase): Promise<void> {
  await db.execute(sql`
    update settings set value = to_jsonb((value #>> '{}')::bigint + 1), updated_at = now()
    where key = 'content_version'`);
}

export interface AvailabilityJobs {
  /** Statuses refreshed and feeds fetched once now (call when the database is ready). */
  runNow(): void;
  stop(): void;
}

/**
 * The server's background work for availability: statuses refreshed at each Bangkok midnight,
 * calendar feeds fetched every `feedIntervalMinutes` (the desk alerted of failing and held feeds
 * when `desk` names its channels). Each round is skipped while the database
 * is not ready or the previous round still runs.
 */
export function startAvailabilityJobs(
  database: Database,
  config: AppConfig["availability"],
  logger: Logger,
  isReady: () => boolean,
  desk?: Omit<FeedAlertSettings, "afterHours">,
): AvailabilityJobs {
  let stopped = false;
  let midnightTimer: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let refreshing = false;
  let polling = false;

  const refresh = async (newDay: boolean) => {
    if (refreshing || !isReady()) return;
    refreshing = true;
    try {
      const outcome = await database.tryExclusive(MIDNIGHT_LOCK_ID, async () => {
        const changed = await refreshAllAvailability(database.db, {
          horizonDays: config.horizonDays,
        });
        if (newDay) await bumpContentVersion(database.db);
        return changed;
      });
      if (outcome.ran && outcome.value > 0)
        logger.info({ units: outcome.value }, "availability refreshed from the calendar");
    } catch (err) {
      logger.warn({ err }, "could not refresh availability");
    } finally {
      refreshing = false;
    }
  };

  const poll = async () => {
    if (polling || !isReady()) return;
    polling = true;
    try {
      const synced = await pollFeeds(database, {
        horizonDays: config.horizonDays,
        timeoutMs: config.feedTimeoutMs,
        allowHosts: config.feedAllowHosts,
        intervalMinutes: config.feedIntervalMinutes,
        logger,
        ...(desk ? { alerts: { ...desk, afterHours: config.feedAlertHours } } : {}),
        onError: (feedId, err) => logger.warn({ err, feedId }, "could not sync a calendar feed"),
      });
      if (synced) logger.info({ feeds: synced }, "calendar feeds fetched");
    } catch (err) {
      logger.warn({ err }, "could not fetch calendar feeds");
    } finally {
      polling = false;
    }
  };

  const scheduleMidnight = () => {
    if (stopped) return;
    // A second past midnight, so that "today" is surely the new day.
    const wait = nextBusinessMidnight().getTime() - Date.now() + 1000;
    midnightTimer = setTimeout(() => {
      void refresh(true).finally(scheduleMidnight);
    }, wait);
    midnightTimer.unref();
  };
  scheduleMidnight();

  if (config.feedIntervalMinutes > 0) {
    pollTimer = setInterval(() => void poll(), config.feedIntervalMinutes * 60_000);
    pollTimer.unref();
  }

  return {
    runNow() {
      void refresh(false).then(() => (config.feedIntervalMinutes > 0 ? poll() : undefined));
    },
    stop() {
      stopped = true;
      clearTimeout(midnightTimer);
      clearInterval(pollTimer);
    },
  };
}

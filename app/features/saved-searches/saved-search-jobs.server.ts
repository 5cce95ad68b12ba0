/**
 * The daily round of saved-search alerts, at a configured hour in Phuket (UTC+7, no daylight
 * saving), after deleting the searches nobody confirmed or kept. Every server schedules it; an advisory lock lets one of them run it, and a
 * second run finds nothing new anyway (units already listed are marked as seen).
 */
import type { AppDatabase, Database } from "../../db/client.server.ts";
import { businessDayStart, businessToday } from "../../domain/date-time.ts";
import type { Logger } from "../../lib/logger.server.ts";
import {
  forgetStaleSearches,
  type SearchMailSettings,
  sendSearchAlerts,
} from "./saved-searches.server.ts";

const ALERTS_LOCK_ID = 727_081;
const HOUR_MS = 60 * 60 * 1000;

/** The next instant after `now` when the clock in Phuket shows `hour`:00. */
export function nextRunAt(hour: number, now: Date = new Date()): Date {
  const today = businessDayStart(businessToday(now)).getTime() + hour * HOUR_MS;
  return new Date(today > now.getTime() ? today : today + 24 * HOUR_MS);
}

export interface SavedSearchJob {
  /** One round now, under the lock (tests, and an admin's "send now"). */
  runNow(): Promise<{ ran: boolean; mailed: number }>;
  stop(): void;
}

export function startSavedSearchJob(options: {
  database: Database;
  settings: SearchMailSettings;
  hour: number;
  logger: Logger;
  isReady: () => boolean;
  /** Called when messages were written: the outbox sends them now. */
  afterMail: () => void;
  /** Other daily mail run in the same round, under the same lock (availability notices). */
  alsoDaily?: (db: AppDatabase) => Promise<{ mailed: number }>;
}): SavedSearchJob {
  const { database, logger } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running = false;

  const run = async (): Promise<{ ran: boolean; mailed: number }> => {
    if (running || !options.isReady()) return { ran: false, mailed: 0 };
    running = true;
    try {
      const outcome = await database.tryExclusive(ALERTS_LOCK_ID, async () => {
        const forgotten = await forgetStaleSearches(database.db);
        if (forgotten > 0) logger.info({ forgotten }, "stale saved searches deleted");
        const alerts = await sendSearchAlerts(database.db, options.settings);
        const also = options.alsoDaily ? await options.alsoDaily(database.db) : { mailed: 0 };
        return { ...alerts, mailed: alerts.mailed + also.mailed };
      });
      if (!outcome.ran) return { ran: false, mailed: 0 };
      if (outcome.value.mailed > 0) {
        logger.info(outcome.value, "saved-search alerts written");
        options.afterMail();
      }
      return { ran: true, mailed: outcome.value.mailed };
    } catch (err) {
      logger.warn({ err }, "could not send saved-search alerts");
      return { ran: false, mailed: 0 };
    } finally {
      running = false;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => void run().finally(schedule),
      nextRunAt(options.hour).getTime() - Date.now(),
    );
    timer.unref();
  };
  schedule();
  return {
    runNow: run,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

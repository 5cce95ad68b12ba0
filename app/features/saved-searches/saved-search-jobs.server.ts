/**
 * The daily round of saved-search alerts, at a configured hour in Phuket (UTC+7, no daylight
 * saving), after deleting the searches nobody confirmed or kept. Every server schedules it; an advisory lock lets one of them run it, and a
 * second run finds nothing new anyway (units already listed are marked as seen).
 */
import type { AppDatabase, Database } from "../../db/client.server.ts";
import { startDailyRound } from "../../lib/daily-round.server.ts";
import type { Logger } from "../../lib/logger.server.ts";
import {
  forgetStaleSearches,
  type SearchMailSettings,
  sendSearchAlerts,
} from "./saved-searches.server.ts";

const ALERTS_LOCK_ID = 727_081;

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
  const round = startDailyRound({
    database,
    lockId: ALERTS_LOCK_ID,
    hour: options.hour,
    logger,
    isReady: options.isReady,
    failure: "could not send saved-search alerts",
    work: async () => {
      const forgotten = await forgetStaleSearches(database.db);
      if (forgotten > 0) logger.info({ forgotten }, "stale saved searches deleted");
      const alerts = await sendSearchAlerts(database.db, options.settings);
      const also = options.alsoDaily ? await options.alsoDaily(database.db) : { mailed: 0 };
      return { ...alerts, mailed: alerts.mailed + also.mailed };
    },
    after: (outcome) => {
      if (outcome.mailed === 0) return;
      logger.info(outcome, "saved-search alerts written");
      options.afterMail();
    },
  });
  return {
    async runNow() {
      const outcome = await round.runNow();
      return { ran: outcome !== null, mailed: outcome?.mailed ?? 0 };
    },
    stop: round.stop,
  };
}

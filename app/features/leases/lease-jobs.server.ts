/**
 * The leases' daily round (rent reminders, desk alerts, erasure past retention) at a fixed hour
 * in Phuket. Every server schedules it; an advisory lock lets one of them run it, and a second
 * run writes nothing twice (what was sent is marked).
 */
import type { Database } from "../../db/client.server.ts";
import { type DailyRound, startDailyRound } from "../../lib/daily-round.server.ts";
import type { Logger } from "../../lib/logger.server.ts";
import {
  type ReminderOutcome,
  type ReminderSettings,
  runLeaseReminders,
} from "./lease-reminders.server.ts";

const LEASES_LOCK_ID = 727_082;
/** Reminders go out at 09:00 in Phuket. */
export const REMINDER_HOUR = 9;

export type LeaseJob = DailyRound<[], ReminderOutcome>;

export function startLeaseJob(options: {
  database: Database;
  settings: ReminderSettings;
  logger: Logger;
  isReady: () => boolean;
  /** Called when messages were written: the outbox sends them now. */
  afterMail: () => void;
}): LeaseJob {
  const { database, logger } = options;
  return startDailyRound({
    database,
    lockId: LEASES_LOCK_ID,
    hour: REMINDER_HOUR,
    logger,
    isReady: options.isReady,
    failure: "could not write lease reminders",
    work: () => runLeaseReminders(database.db, options.settings),
    after: (outcome) => {
      const { tenantReminders, deskAlerts, erased } = outcome;
      if (tenantReminders + deskAlerts + erased > 0)
        logger.info(outcome, "lease reminders written");
      if (tenantReminders + deskAlerts > 0) options.afterMail();
    },
  });
}

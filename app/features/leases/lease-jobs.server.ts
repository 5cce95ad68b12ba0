/**
 * The leases' daily round (rent reminders, desk alerts, erasure past retention) at a fixed hour
 * in Phuket. Every server schedules it; an advisory lock lets one of them run it, and a second
 * run writes nothing twice (what was sent is marked).
 */
import type { Database } from "../../db/client.server.ts";
import { businessDayStart, businessToday, plusDays } from "../../domain/date-time.ts";
import type { Logger } from "../../lib/logger.server.ts";
import {
  type ReminderOutcome,
  type ReminderSettings,
  runLeaseReminders,
} from "./lease-reminders.server.ts";

const LEASES_LOCK_ID = 727_082;
/** Reminders go out at 09:00 in Phuket. */
export const REMINDER_HOUR = 9;

/** The next instant after `now` when the clock in Phuket shows `hour`:00. */
export function nextReminderAt(hour: number, now: Date = new Date()): Date {
  const today = businessToday(now);
  const at = businessDayStart(today).getTime() + hour * 3600e3;
  return new Date(
    at > now.getTime() ? at : businessDayStart(plusDays(today, 1)).getTime() + hour * 3600e3,
  );
}

export interface LeaseJob {
  runNow(): Promise<ReminderOutcome | null>;
  stop(): void;
}

export function startLeaseJob(options: {
  database: Database;
  settings: ReminderSettings;
  logger: Logger;
  isReady: () => boolean;
  /** Called when messages were written: the outbox sends them now. */
  afterMail: () => void;
}): LeaseJob {
  const { database, logger } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running = false;
  const run = async (): Promise<ReminderOutcome | null> => {
    if (running || !options.isReady()) return null;
    running = true;
    try {
      const outcome = await database.tryExclusive(LEASES_LOCK_ID, () =>
        runLeaseReminders(database.db, options.settings),
      );
      if (!outcome.ran) return null;
      const { tenantReminders, deskAlerts, erased } = outcome.value;
      if (tenantReminders + deskAlerts + erased > 0)
        logger.info(outcome.value, "lease reminders written");
      if (tenantReminders + deskAlerts > 0) options.afterMail();
      return outcome.value;
    } catch (err) {
      logger.warn({ err }, "could not write lease reminders");
      return null;
    } finally {
      running = false;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => void run().finally(schedule),
      nextReminderAt(REMINDER_HOUR).getTime() - Date.now(),
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

/**
 * A round of work once a day at an hour in Phuket. Every server schedules it; an advisory lock
 * lets one of them run it at a time, a round still running on this server is not started again,
 * and a round that fails is logged and left to the next day (or the next `runNow`).
 */
import { nextBusinessHour } from "../domain/date-time.ts";
import type { Logger } from "./logger.server.ts";

/** What runs a piece of work while holding an advisory lock, or says another holder has it. */
export interface ExclusiveRunner {
  tryExclusive<T>(
    lockId: number,
    fn: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }>;
}

export interface DailyRound<A extends unknown[], T> {
  /**
   * One round now, under the lock: what it did, or null when the database is not ready, a round
   * is running here, another server holds the lock, or the round failed.
   */
  runNow(...args: A): Promise<T | null>;
  stop(): void;
}

export function startDailyRound<A extends unknown[], T>(options: {
  database: ExclusiveRunner;
  lockId: number;
  /** The hour in Phuket, 0 to 23. */
  hour: number;
  logger: Logger;
  isReady: () => boolean;
  /** The log's words when a round fails, e.g. "could not write lease reminders". */
  failure: string;
  /** The round itself, run while holding the lock. */
  work: (...args: A) => Promise<T>;
  /** After a round that ran, outside the lock: logging, waking the outbox. */
  after?: (value: T) => void;
}): DailyRound<A, T> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running = false;
  const run = async (...args: A): Promise<T | null> => {
    if (running || !options.isReady()) return null;
    running = true;
    try {
      const outcome = await options.database.tryExclusive(options.lockId, () =>
        options.work(...args),
      );
      if (!outcome.ran) return null;
      options.after?.(outcome.value);
      return outcome.value;
    } catch (err) {
      options.logger.warn({ err }, options.failure);
      return null;
    } finally {
      running = false;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => void (run as () => Promise<T | null>)().finally(schedule),
      nextBusinessHour(options.hour).getTime() - Date.now(),
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

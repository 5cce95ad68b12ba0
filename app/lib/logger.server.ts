import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

// The logger of the request being handled, carried along its async work.
const requestScope = new AsyncLocalStorage<Logger>();

/** Runs `fn` (the rest of a request's handling) with `logger` as the request's logger. */
export function runWithRequestLogger<T>(logger: Logger, fn: () => T): T {
  return requestScope.run(logger, fn);
}

/** The logger of the request being handled (with its request id), if any. */
export function requestLoggerInScope(): Logger | undefined {
  return requestScope.getStore();
}

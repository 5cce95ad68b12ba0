import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

// The logger of the request being handled, carried along its async work; made when first used.
const requestScope = new AsyncLocalStorage<() => Logger>();

/**
 * Runs `fn` (the rest of a request's handling) with `logger` as the request's logger, or the
 * logger `logger()` makes when one is first asked for: most requests (a kept page) log nothing.
 */
export function runWithRequestLogger<T>(logger: Logger | (() => Logger), fn: () => T): T {
  return requestScope.run(typeof logger === "function" ? logger : () => logger, fn);
}

/** The logger of the request being handled (with its request id), if any. */
export function requestLoggerInScope(): Logger | undefined {
  return requestScope.getStore()?.();
}

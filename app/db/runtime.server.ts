import type { AppConfig } from "../lib/config.server.ts";
import { type Logger, requestLoggerInScope } from "../lib/logger.server.ts";
import type { MediaStorage } from "../lib/media-storage.ts";
import type { Database } from "./client.server.ts";

/** What the running server holds for its whole life: made once at start, closed at stop. */
export interface Runtime {
  config: AppConfig;
  database: Database;
  /** False until migrations have run; queries before that fall back to demo data. */
  databaseReady: boolean;
  storage: MediaStorage;
  logger: Logger;
  /** Sends the outbox's messages; nudged when a lead is stored. */
  outbox?: { nudge(): void };
}

// Kept on globalThis so that the development server's module reloads reuse one runtime.
const holder = globalThis as typeof globalThis & { __phuketRuntime?: Runtime };

export function getRuntime(): Runtime {
  const runtime = holder.__phuketRuntime;
  if (!runtime) throw new Error("The server runtime has not been started");
  return runtime;
}

export function setRuntime(runtime: Runtime | undefined): void {
  holder.__phuketRuntime = runtime;
}

/**
 * The logger to use now: during a request, that request's child logger, so every line carries
 * its `reqId`; otherwise the server's.
 */
export function currentLogger(): Logger {
  return requestLoggerInScope() ?? getRuntime().logger;
}

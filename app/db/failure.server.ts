import { randomBytes } from "node:crypto";
import { withTimeout } from "../lib/timeout.ts";
import { currentLogger, getRuntime } from "./runtime.server.ts";

const PING_TIMEOUT_MS = 2_000;

export const DATABASE_DOWN_MESSAGE = "The database is not answering. Please try again in a moment.";
export const UNEXPECTED_MESSAGE = "Something unexpected went wrong. Please try again.";

export interface Failure {
  /** A short random id, in the log line and in the message, to find one from the other. */
  ref: string;
  /** True when the database does not answer (or has not been prepared yet). */
  databaseDown: boolean;
  /** A plain sentence for the admin, with the reference: never SQL or the driver's words. */
  message: string;
}

export function newErrorRef(): string {
  return randomBytes(3).toString("hex");
}

/**
 * Why the running server's database cannot be used now (not prepared yet, or no answer to a
 * trivial query within 2 s), or null when it answers.
 */
export async function databaseProblem(): Promise<unknown> {
  const { database, databaseReady } = getRuntime();
  if (!databaseReady) return new Error("database not ready");
  try {
    await withTimeout(database.ping(), PING_TIMEOUT_MS);
    return null;
  } catch (error) {
    return error;
  }
}

/** Whether the running server's database answers a trivial query now. */
export async function databaseAnswers(): Promise<boolean> {
  return (await databaseProblem()) === null;
}

/**
 * Logs an unexpected error with its details under a new reference, and says in a sentence what
 * happened: the database not answering, or something else.
 */
export async function reportFailure(what: string, error: unknown): Promise<Failure> {
  const ref = newErrorRef();
  const databaseDown = !(await databaseAnswers());
  currentLogger().error({ err: error, ref, databaseDown }, what);
  const sentence = databaseDown ? DATABASE_DOWN_MESSAGE : UNEXPECTED_MESSAGE;
  return { ref, databaseDown, message: `${sentence} (ref ${ref})` };
}

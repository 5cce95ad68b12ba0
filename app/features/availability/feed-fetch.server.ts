import { currentLogger } from "../../db/runtime.server.ts";
import type { Logger } from "../../lib/logger.server.ts";
import {
  type Connect,
  parseAllowHosts,
  type Resolve,
  SafeFetchError,
  safeFetch,
} from "../../lib/safe-fetch.server.ts";

/**
 * What the admin is told of a failed fetch (decision 093): which addresses are refused, and why a
 * connection could not be made, would make the admin page a probe of the network, so those
 * causes go to the log only. What a host that passed the address checks did (its HTTP status,
 * no answer in time, an answer too large or broken off) is said after this, in plain words.
 */
export const FEED_FETCH_FAILED = "The feed could not be fetched";

export interface FeedReadOptions {
  timeoutMs: number;
  maxBytes: number;
  /**
   * `host:port` pairs fetched although private or on another port than 80/443; unset: those of
   * CALENDAR_FEED_ALLOW_HOSTS in the environment.
   */
  allowHosts?: readonly string[];
  /** Where the cause of a failure is written; unset: the server's logger (the request's). */
  logger?: Logger;
  /** Tests: the resolver and the connector under the address checks. */
  resolve?: Resolve;
  connect?: Connect;
}

/**
 * A fetch that failed; its message is FEED_FETCH_FAILED, followed by what the address did when
 * that may be told (`: the address answered HTTP 404`). The cause always goes to the log.
 */
export class FeedFetchError extends Error {
  constructor(told?: string) {
    super(told ? `${FEED_FETCH_FAILED}: ${told}` : FEED_FETCH_FAILED);
    this.name = "FeedFetchError";
  }
}

/**
 * The text at a feed's http(s) address, read with a time limit (for the whole answer, body
 * included) and a size bound, through the address checks of safeFetch.
 */
export async function readFeed(url: string, options: FeedReadOptions): Promise<string> {
  const { timeoutMs, maxBytes } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  /** Logs the cause; `told` is what the admin may read of it (nothing for a refusal). */
  const fail = (cause: string, error?: unknown, told?: string): never => {
    logger(options)?.warn(
      { feed: withoutQuery(url), cause, err: error instanceof SafeFetchError ? undefined : error },
      "calendar feed could not be fetched",
    );
    throw new FeedFetchError(told);
  };
  const timedOut = `no answer within ${timeoutMs / 1000} s`;
  let response: Response;
  try {
    response = await safeFetch(url, {
      signal,
      allowHosts: options.allowHosts ?? allowHostsFromEnvironment(),
      headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "KamalaLiving-Calendar/1" },
      resolve: options.resolve,
      connect: options.connect,
    });
  } catch (error) {
    // A refusal, or a connection that could not be made: said in the log only. A time-out is
    // told: a refused address never waits for the time limit.
    if (signal.aborted && !(error instanceof SafeFetchError))
      return fail(timedOut, error, timedOut);
    return fail(messageOf(error), error);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return fail(
      `HTTP ${response.status}`,
      undefined,
      `the address answered HTTP ${response.status}`,
    );
  }
  const tooLarge = `larger than ${Math.round(maxBytes / 1024)} KB`;
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return fail(tooLarge, undefined, `the answer is ${tooLarge}`);
  }
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        return fail(tooLarge, undefined, `the answer is ${tooLarge}`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    return signal.aborted
      ? fail(timedOut, error, timedOut)
      : fail(`the answer broke off: ${messageOf(error)}`, error, "the answer broke off");
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function messageOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  const message = error instanceof Error ? error.message : String(error);
  return cause?.code && !message.includes(cause.code) ? `${message} (${cause.code})` : message;
}

/** The address as logged: without the query, which often holds the channel's secret token. */
function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return url.slice(0, 200);
  }
}

/** For scripts that sync without the server's configuration (the bench); the server passes its own. */
function allowHostsFromEnvironment(): string[] {
  try {
    return parseAllowHosts(process.env.CALENDAR_FEED_ALLOW_HOSTS);
  } catch {
    return [];
  }
}

function logger(options: FeedReadOptions): Logger | undefined {
  if (options.logger) return options.logger;
  try {
    return currentLogger();
  } catch {
    // Outside the server (a script, a test without a runtime): no log to write to.
    return undefined;
  }
}

import { and, eq, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "./client.server.ts";
import { rateLimits } from "./schema.ts";

export interface RateLimitRule {
  /** Hits allowed in one window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (for a Retry-After header). */
  retryAfterSeconds: number;
}

const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one hit against `key` (for example `newsletter:ip:203.0.113.9`) in a fixed window and
 * says whether it is within the rule. One atomic upsert, so parallel requests and several servers
 * count correctly.
 */
export async function hitRateLimit(
  db: AppDatabase,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const windowStart = windowStartOf(rule, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  const hits = row?.hits ?? 1;
  // Old windows are useless; sweep them now and then rather than on every hit.
  if (Math.random() < 0.02) await pruneRateLimits(db, now);
  return {
    allowed: hits <= rule.limit,
    hits,
    retryAfterSeconds: secondsLeftInWindow(rule, now),
  };
}

/** Where the fixed window of `rule` that holds `now` begins. */
function windowStartOf(rule: RateLimitRule, now: Date): Date {
  return new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
}

/** Seconds until the current window of `rule` ends: a Retry-After for a request refused by it. */
export function secondsLeftInWindow(rule: RateLimitRule, now: Date = new Date()): number {
  const windowEnd = windowStartOf(rule, now).getTime() + rule.windowMs;
  return Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000));
}

/** Takes back one hit of the current window (a request counted, then turned away unchecked). */
export async function refundRateLimit(
  db: AppDatabase,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStartOf(rule, now))));
}

/** Forgets every window of `key` (for example after a successful sign-in). */
export async function resetRateLimit(db: AppDatabase, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function pruneRateLimits(db: AppDatabase, now: Date = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - KEEP_MS)));
}

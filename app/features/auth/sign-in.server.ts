import type { AppDatabase } from "../../db/client.server.ts";
import {
  hitRateLimit,
  peekRateLimit,
  type RateLimitRule,
  resetRateLimit,
} from "../../lib/rate-limit.server.ts";
import { findAccountByEmail, normalizeEmail } from "./accounts.server.ts";
import { verifyAgainstDummy, verifyPassword } from "./password.server.ts";

const WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed sign-ins are counted three ways, in 15-minute windows:
 * - one account from one address: 5 (a guesser is slowed at once, and locks only themselves);
 * - one address, any account: 20;
 * - one account from anywhere: 50 (a spread-out attack), which can hold the real admin back for
 *   at most the rest of one window.
 */
export const SIGN_IN_RULES = {
  accountAddress: { limit: 5, windowMs: WINDOW_MS },
  address: { limit: 20, windowMs: WINDOW_MS },
  account: { limit: 50, windowMs: WINDOW_MS },
} satisfies Record<string, RateLimitRule>;

export const INVALID_CREDENTIALS = "Invalid e-mail or password.";

export type SignInResult =
  | { ok: true; userId: number; email: string; secondFactor: boolean }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

function keys(email: string, address: string) {
  return {
    accountAddress: `signin:account-address:${email}|${address}`,
    address: `signin:address:${address}`,
    account: `signin:account:${email}`,
  } as const;
}

export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

function secondsLeft(now: Date): number {
  const windowStart = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
  return Math.max(1, Math.ceil((windowStart + WINDOW_MS - now.getTime()) / 1000));
}

/** Checks e-mail and password, with throttling; the same answer for a wrong e-mail or password. */
export async function checkCredentials(
  db: AppDatabase,
  input: { email: string; password: string; address: string },
  now: Date = new Date(),
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const k = keys(email, input.address);
  for (const name of ["accountAddress", "address", "account"] as const) {
    const hits = await peekRateLimit(db, k[name], SIGN_IN_RULES[name], now);
    if (hits >= SIGN_IN_RULES[name].limit) {
      return { ok: false, reason: "throttled", retryAfterSeconds: secondsLeft(now) };
    }
  }
  const user = await findAccountByEmail(db, email);
  let valid = false;
  if (user && !user.disabledAt) {
    valid = await verifyPassword(input.password, user.passwordHash);
  } else {
    await verifyAgainstDummy(input.password);
  }
  if (!valid || !user) {
    for (const name of ["accountAddress", "address", "account"] as const) {
      await hitRateLimit(db, k[name], SIGN_IN_RULES[name], now);
    }
    return { ok: false, reason: "invalid" };
  }
  await resetRateLimit(db, k.accountAddress);
  return {
    ok: true,
    userId: user.id,
    email: user.email,
    secondFactor: user.totpEnabledAt !== null,
  };
}

import { and, eq, gt, lt } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  hitRateLimit,
  type RateLimitRule,
  refundRateLimit,
  resetRateLimit,
} from "../../db/rate-limit.server.ts";
import { adminSignInAddresses } from "../../db/schema.ts";
import { findAccountByEmail, normalizeEmail } from "./accounts.server.ts";
import { PasswordWorkBusyError, verifyAgainstDummy, verifyPassword } from "./password.server.ts";

const WINDOW_MS = 15 * 60 * 1000;

/**
 * Every sign-in attempt is counted before its password is checked, one atomic upsert per tier,
 * so parallel requests cannot all slip under a limit while the slow hashes run:
 * - one account from one address: 5 per 15 minutes (a right password forgives the count);
 *   a guesser is stopped at once, and locks only themselves;
 * - one address, any account: 20 per 15 minutes;
 * - one account from addresses it has not signed in from in the last 30 days: the first 10 per
 *   15 minutes freely, then 2 a minute among all of them. A spread-out attack is slowed to a
 *   crawl but cannot lock the real admin out, as one hard limit per account could: from an
 *   address they signed in from before this tier does not apply, and from a new one they wait
 *   at most the rest of a minute.
 */
export const SIGN_IN_RULES = {
  accountAddress: { limit: 5, windowMs: WINDOW_MS },
  address: { limit: 20, windowMs: WINDOW_MS },
  account: { limit: 10, windowMs: WINDOW_MS },
  accountSlow: { limit: 2, windowMs: 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

/** How long an address an admin signed in from stays theirs for the account tier. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

export const INVALID_CREDENTIALS = "Invalid e-mail or password.";

export type SignInResult =
  | { ok: true; userId: number; email: string; secondFactor: boolean }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number }
  /** Too many password checks under way on this server; nothing was checked. */
  | { ok: false; reason: "busy"; retryAfterSeconds: number };

/** Seconds a sign-in refused as busy is asked to wait: the line of waiting hashes clears by then. */
export const BUSY_RETRY_SECONDS = 5;
export const BUSY_MESSAGE = "Too many sign-ins at once. Please try again in a few seconds.";

/**
 * The accounts one sign-in form checks: admins, or owners of the owner portal. Each kind has its
 * own rate-limit keys, so attempts on one never count against the other.
 */
export interface CredentialAccounts {
  keyPrefix: string;
  find(
    db: AppDatabase,
    email: string,
  ): Promise<
    | {
        id: number;
        email: string;
        /** Null while an account has no password yet: it cannot sign in. */
        passwordHash: string | null;
        disabledAt: Date | null;
        secondFactor: boolean;
      }
    | undefined
  >;
  /** Whether the account signed in from `address` lately (the account tier spares it). */
  isKnownAddress(db: AppDatabase, id: number, address: string, now: Date): Promise<boolean>;
}

export const ADMIN_ACCOUNTS: CredentialAccounts = {
  keyPrefix: "signin",
  async find(db, email) {
    const user = await findAccountByEmail(db, email);
    return user && { ...user, secondFactor: user.totpEnabledAt !== null };
  },
  isKnownAddress,
};

function keys(prefix: string, email: string, address: string) {
  return {
    accountAddress: `${prefix}:account-address:${email}|${address}`,
    address: `${prefix}:address:${address}`,
    account: `${prefix}:account:${email}`,
    accountSlow: `${prefix}:account-slow:${email}`,
  } as const;
}

export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/** Notes a completed sign-in (password and, when enrolled, the code) from `address`. */
export async function rememberSignIn(
  db: AppDatabase,
  userId: number,
  address: string,
  now: Date = new Date(),
) {
  await db
    .insert(adminSignInAddresses)
    .values({ userId, address, lastSignInAt: now })
    .onConflictDoUpdate({
      target: [adminSignInAddresses.userId, adminSignInAddresses.address],
      set: { lastSignInAt: now },
    });
  await db
    .delete(adminSignInAddresses)
    .where(
      and(
        eq(adminSignInAddresses.userId, userId),
        lt(adminSignInAddresses.lastSignInAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    );
}

async function isKnownAddress(db: AppDatabase, userId: number, address: string, now: Date) {
  const [row] = await db
    .select({ userId: adminSignInAddresses.userId })
    .from(adminSignInAddresses)
    .where(
      and(
        eq(adminSignInAddresses.userId, userId),
        eq(adminSignInAddresses.address, address),
        gt(adminSignInAddresses.lastSignInAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    );
  return row !== undefined;
}

/** Counts one attempt in each tier that applies; the first tier over its limit refuses it. */
async function countAttempt(
  db: AppDatabase,
  k: ReturnType<typeof keys>,
  knownAddress: boolean,
  now: Date,
): Promise<number | null> {
  for (const tier of ["accountAddress", "address"] as const) {
    const hit = await hitRateLimit(db, k[tier], SIGN_IN_RULES[tier], now);
    if (!hit.allowed) return hit.retryAfterSeconds;
  }
  if (knownAddress) return null;
  const account = await hitRateLimit(db, k.account, SIGN_IN_RULES.account, now);
  if (account.allowed) return null;
  const slow = await hitRateLimit(db, k.accountSlow, SIGN_IN_RULES.accountSlow, now);
  return slow.allowed ? null : slow.retryAfterSeconds;
}

/** Checks e-mail and password, with throttling; the same answer for a wrong e-mail or password. */
export async function checkCredentials(
  db: AppDatabase,
  input: { email: string; password: string; address: string },
  now: Date = new Date(),
  accounts: CredentialAccounts = ADMIN_ACCOUNTS,
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const k = keys(accounts.keyPrefix, email, input.address);
  const user = await accounts.find(db, email);
  const known = user ? await accounts.isKnownAddress(db, user.id, input.address, now) : false;
  const wait = await countAttempt(db, k, known, now);
  if (wait !== null) return { ok: false, reason: "throttled", retryAfterSeconds: wait };
  let valid = false;
  try {
    if (user?.passwordHash && !user.disabledAt) {
      valid = await verifyPassword(input.password, user.passwordHash);
    } else {
      await verifyAgainstDummy(input.password);
    }
  } catch (error) {
    if (!(error instanceof PasswordWorkBusyError)) throw error;
    // Nothing was checked: the attempt does not count against this requester.
    for (const tier of ["accountAddress", "address"] as const) {
      await refundRateLimit(db, k[tier], SIGN_IN_RULES[tier], now);
    }
    return { ok: false, reason: "busy", retryAfterSeconds: BUSY_RETRY_SECONDS };
  }
  if (!valid || !user) return { ok: false, reason: "invalid" };
  await resetRateLimit(db, k.accountAddress);
  return {
    ok: true,
    userId: user.id,
    email: user.email,
    secondFactor: user.secondFactor,
  };
}

import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AppDatabase, AppTransaction } from "../../db/client.server.ts";
import { hitRateLimit, resetRateLimit } from "../../db/rate-limit.server.ts";
import { adminRecoveryCodes, adminUsers, settings } from "../../db/schema.ts";
import { base32Encode, matchTotp, newTotpSecret } from "./totp.server.ts";

export const REQUIRE_TOTP_SETTING = "admin_require_totp";
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes per account: 5 per 15 minutes (a right one clears the count). */
export const SECOND_FACTOR_RULE = { limit: 5, windowMs: 15 * 60 * 1000 };

const hash = (code: string) =>
  createHash("sha256")
    .update(code.toLowerCase().replace(/[^a-z2-7]/g, ""))
    .digest("hex");

export function wrongCodesMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

export async function isTotpRequired(db: AppDatabase): Promise<boolean> {
  const [row] = await db.select().from(settings).where(eq(settings.key, REQUIRE_TOTP_SETTING));
  return row?.value === true;
}

export async function setTotpRequired(db: AppDatabase, required: boolean) {
  await db
    .insert(settings)
    .values({ key: REQUIRE_TOTP_SETTING, value: required })
    .onConflictDoUpdate({ target: settings.key, set: { value: required, updatedAt: new Date() } });
}

/** An account's authenticator as stored. */
export interface StoredFactor {
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
}

/**
 * Where one kind of account keeps its second factor: admins here, owners in the owner portal.
 * Every rule below (proof before a change, a code used once, recovery codes, the wrong-code
 * limit) is written once and applies to each kind.
 */
export interface FactorAccounts {
  /** Rate-limit key of an account's wrong codes: `${keyPrefix}:${id}`. */
  keyPrefix: string;
  read(db: AppDatabase, id: number): Promise<StoredFactor | null>;
  setPending(db: AppDatabase, id: number, secret: string | null): Promise<void>;
  /** Records `step` as used, only when it is later than the last one used; whether it was. */
  claimStep(db: AppDatabase, id: number, step: number): Promise<boolean>;
  /** Puts `secret` in force if it is still the pending one; whether it was. */
  swapIn(tx: AppTransaction, id: number, secret: string, step: number, now: Date): Promise<boolean>;
  clear(tx: AppTransaction, id: number): Promise<void>;
  replaceCodes(tx: AppTransaction, id: number, hashes: string[]): Promise<void>;
  /** Marks an unused recovery code used; whether there was one. */
  spendCode(db: AppDatabase, id: number, hash: string, now: Date): Promise<boolean>;
  codesLeft(db: AppDatabase, id: number): Promise<number>;
  /** Whether this kind of account may not turn its second factor off. */
  required(db: AppDatabase): Promise<boolean>;
}

/** The admins' second factor: admin_users and admin_recovery_codes. */
export const ADMIN_FACTORS: FactorAccounts = {
  keyPrefix: "totp:account",
  async read(db, id) {
    const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
    return user ?? null;
  },
  async setPending(db, id, secret) {
    await db.update(adminUsers).set({ totpPendingSecret: secret }).where(eq(adminUsers.id, id));
  },
  async claimStep(db, id, step) {
    const claimed = await db
      .update(adminUsers)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(adminUsers.id, id),
          or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step)),
        ),
      )
      .returning({ id: adminUsers.id });
    return claimed.length > 0;
  },
  async swapIn(tx, id, secret, step, now) {
    const swapped = await tx
      .update(adminUsers)
      .set({ totpSecret: secret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step })
      .where(and(eq(adminUsers.id, id), eq(adminUsers.totpPendingSecret, secret)))
      .returning({ id: adminUsers.id });
    return swapped.length > 0;
  },
  async clear(tx, id) {
    await tx
      .update(adminUsers)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(adminUsers.id, id));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, id));
  },
  async replaceCodes(tx, id, hashes) {
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, id));
    await tx
      .insert(adminRecoveryCodes)
      .values(hashes.map((codeHash) => ({ userId: id, codeHash })));
  },
  async spendCode(db, id, codeHash, now) {
    const used = await db
      .update(adminRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(adminRecoveryCodes.userId, id),
          eq(adminRecoveryCodes.codeHash, codeHash),
          isNull(adminRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: adminRecoveryCodes.id });
    return used.length > 0;
  },
  async codesLeft(db, id) {
    const unused = await db
      .select({ id: adminRecoveryCodes.id })
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.userId, id), isNull(adminRecoveryCodes.usedAt)));
    return unused.length;
  },
  required: isTotpRequired,
};

/** Why a change to the second factor was refused. */
export type ChangeRefusal =
  /** The account has a factor in force: a current code or a recovery code must be given. */
  | "code-needed"
  | "invalid"
  | "throttled"
  /** Two-factor sign-in is required for every admin: it cannot be turned off. */
  | "required";

/**
 * With a factor in force, changing it asks for proof of holding it now (a current code or a
 * recovery code), so a stolen session alone cannot strip or swap it. Without one, nothing to prove.
 */
async function proveCurrentFactor(
  db: AppDatabase,
  userId: number,
  code: string,
  now: Date,
  accounts: FactorAccounts,
): Promise<ChangeRefusal | null> {
  const user = await accounts.read(db, userId);
  if (!user?.totpEnabledAt) return null;
  if (!code.trim()) return "code-needed";
  const outcome = await verifySecondFactor(db, userId, code, now, accounts);
  return outcome === "ok" ? null : outcome;
}

/**
 * Step 1 of enrolment: a new secret, kept beside the one in force (if any), which stays in force
 * until a code from the new app confirms the new one.
 */
export async function beginEnrolment(
  db: AppDatabase,
  userId: number,
  currentCode = "",
  now: Date = new Date(),
  accounts: FactorAccounts = ADMIN_FACTORS,
): Promise<{ ok: true; secret: string } | { ok: false; reason: ChangeRefusal }> {
  const refusal = await proveCurrentFactor(db, userId, currentCode, now, accounts);
  if (refusal) return { ok: false, reason: refusal };
  const secret = newTotpSecret();
  await accounts.setPending(db, userId, secret);
  return { ok: true, secret };
}

/** Drops an enrolment begun but not confirmed; the factor in force, if any, stays. */
export async function cancelEnrolment(
  db: AppDatabase,
  userId: number,
  accounts: FactorAccounts = ADMIN_FACTORS,
) {
  await accounts.setPending(db, userId, null);
}

/**
 * Step 2: a code from the app proves it has the new secret, which takes the place of the one in
 * force (if any) in one step; returns the new recovery codes, which replace the old ones.
 */
export async function confirmEnrolment(
  db: AppDatabase,
  userId: number,
  code: string,
  now: Date = new Date(),
  accounts: FactorAccounts = ADMIN_FACTORS,
): Promise<string[] | null> {
  const user = await accounts.read(db, userId);
  const secret = user?.totpPendingSecret;
  if (!secret) return null;
  const step = matchTotp(secret, code, now);
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(7)).toLowerCase().slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
  const confirmed = await db.transaction(async (tx) => {
    // Only the secret this code was checked against: not one replaced or cancelled meanwhile.
    if (!(await accounts.swapIn(tx, userId, secret, step, now))) return false;
    await accounts.replaceCodes(tx, userId, codes.map(hash));
    return true;
  });
  return confirmed ? codes : null;
}

/** Turns two-factor sign-in off for the admin: with proof, and only where it is not required. */
export async function turnOffSecondFactor(
  db: AppDatabase,
  userId: number,
  currentCode: string,
  now: Date = new Date(),
  accounts: FactorAccounts = ADMIN_FACTORS,
): Promise<{ ok: true } | { ok: false; reason: ChangeRefusal }> {
  if (await accounts.required(db)) return { ok: false, reason: "required" };
  const refusal = await proveCurrentFactor(db, userId, currentCode, now, accounts);
  if (refusal) return { ok: false, reason: refusal };
  await disableTotp(db, userId, accounts);
  return { ok: true };
}

/**
 * Removes the authenticator, any enrolment begun and the recovery codes, asking nothing: for the
 * operator's `npm run admin -- reset-2fa` when an admin lost both phone and codes. Where two-factor
 * sign-in is required, that admin must set up a new one before anything else.
 */
export async function disableTotp(
  db: AppDatabase,
  userId: number,
  accounts: FactorAccounts = ADMIN_FACTORS,
) {
  await db.transaction(async (tx) => accounts.clear(tx, userId));
}

export type SecondFactorResult = "ok" | "invalid" | "throttled";

/** At sign-in: a current authenticator code, or an unused recovery code (used up). */
export async function verifySecondFactor(
  db: AppDatabase,
  userId: number,
  code: string,
  now: Date = new Date(),
  accounts: FactorAccounts = ADMIN_FACTORS,
): Promise<SecondFactorResult> {
  const key = `${accounts.keyPrefix}:${userId}`;
  // Counted before the check, atomically, so parallel guesses cannot all slip under the limit.
  if (!(await hitRateLimit(db, key, SECOND_FACTOR_RULE, now)).allowed) return "throttled";
  const user = await accounts.read(db, userId);
  if (!user?.totpSecret || !user.totpEnabledAt) return "invalid";
  const step = matchTotp(user.totpSecret, code, now, user.totpLastStep);
  // Conditional, so two requests racing with the same code cannot both pass.
  if (step !== null && (await accounts.claimStep(db, userId, step))) {
    await resetRateLimit(db, key);
    return "ok";
  }
  if (await accounts.spendCode(db, userId, hash(code), now)) {
    await resetRateLimit(db, key);
    return "ok";
  }
  return "invalid";
}

export async function secondFactorStatus(
  db: AppDatabase,
  userId: number,
  accounts: FactorAccounts = ADMIN_FACTORS,
) {
  const user = await accounts.read(db, userId);
  return {
    enrolled: Boolean(user?.totpEnabledAt),
    pendingSecret: user?.totpPendingSecret ?? null,
    recoveryCodesLeft: await accounts.codesLeft(db, userId),
  };
}

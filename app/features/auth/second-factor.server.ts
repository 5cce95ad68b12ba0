import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
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
): Promise<ChangeRefusal | null> {
  const [user] = await db
    .select({ enabledAt: adminUsers.totpEnabledAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  if (!user?.enabledAt) return null;
  if (!code.trim()) return "code-needed";
  const outcome = await verifySecondFactor(db, userId, code, now);
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
): Promise<{ ok: true; secret: string } | { ok: false; reason: ChangeRefusal }> {
  const refusal = await proveCurrentFactor(db, userId, currentCode, now);
  if (refusal) return { ok: false, reason: refusal };
  const secret = newTotpSecret();
  await db.update(adminUsers).set({ totpPendingSecret: secret }).where(eq(adminUsers.id, userId));
  return { ok: true, secret };
}

/** Drops an enrolment begun but not confirmed; the factor in force, if any, stays. */
export async function cancelEnrolment(db: AppDatabase, userId: number) {
  await db.update(adminUsers).set({ totpPendingSecret: null }).where(eq(adminUsers.id, userId));
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
): Promise<string[] | null> {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, userId));
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
    const swapped = await tx
      .update(adminUsers)
      .set({ totpSecret: secret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step })
      .where(and(eq(adminUsers.id, userId), eq(adminUsers.totpPendingSecret, secret)))
      .returning({ id: adminUsers.id });
    if (swapped.length === 0) return false;
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
    await tx.insert(adminRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hash(c) })));
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
): Promise<{ ok: true } | { ok: false; reason: ChangeRefusal }> {
  if (await isTotpRequired(db)) return { ok: false, reason: "required" };
  const refusal = await proveCurrentFactor(db, userId, currentCode, now);
  if (refusal) return { ok: false, reason: refusal };
  await disableTotp(db, userId);
  return { ok: true };
}

/**
 * Removes the authenticator, any enrolment begun and the recovery codes, asking nothing: for the
 * operator's `npm run admin -- reset-2fa` when an admin lost both phone and codes. Where two-factor
 * sign-in is required, that admin must set up a new one before anything else.
 */
export async function disableTotp(db: AppDatabase, userId: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(adminUsers.id, userId));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  });
}

export type SecondFactorResult = "ok" | "invalid" | "throttled";

/** At sign-in: a current authenticator code, or an unused recovery code (used up). */
export async function verifySecondFactor(
  db: AppDatabase,
  userId: number,
  code: string,
  now: Date = new Date(),
): Promise<SecondFactorResult> {
  const key = `totp:account:${userId}`;
  // Counted before the check, atomically, so parallel guesses cannot all slip under the limit.
  if (!(await hitRateLimit(db, key, SECOND_FACTOR_RULE, now)).allowed) return "throttled";
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, userId));
  if (!user?.totpSecret || !user.totpEnabledAt) return "invalid";
  const step = matchTotp(user.totpSecret, code, now, user.totpLastStep);
  if (step !== null) {
    // Conditional, so two requests racing with the same code cannot both pass.
    const claimed = await db
      .update(adminUsers)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(adminUsers.id, userId),
          or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step)),
        ),
      )
      .returning({ id: adminUsers.id });
    if (claimed.length > 0) {
      await resetRateLimit(db, key);
      return "ok";
    }
  }
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, hash(code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  if (used.length > 0) {
    await resetRateLimit(db, key);
    return "ok";
  }
  return "invalid";
}

export async function secondFactorStatus(db: AppDatabase, userId: number) {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, userId));
  const unused = await db
    .select({ id: adminRecoveryCodes.id })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return {
    enrolled: Boolean(user?.totpEnabledAt),
    pendingSecret: user?.totpPendingSecret ?? null,
    recoveryCodesLeft: unused.length,
  };
}

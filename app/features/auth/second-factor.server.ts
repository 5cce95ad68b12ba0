import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { adminRecoveryCodes, adminUsers, settings } from "../../db/schema.ts";
import { hitRateLimit, peekRateLimit, resetRateLimit } from "../../lib/rate-limit.server.ts";
import { base32Encode, matchTotp, newTotpSecret } from "./totp.server.ts";

export const REQUIRE_TOTP_SETTING = "admin_require_totp";
export const RECOVERY_CODE_COUNT = 10;
const CODE_RULE = { limit: 5, windowMs: 15 * 60 * 1000 };

const hash = (code: string) =>
  createHash("sha256")
    .update(code.toLowerCase().replace(/[^a-z2-7]/g, ""))
    .digest("hex");

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

/** Step 1 of enrolment: a new secret kept on the account, not yet in force. */
export async function beginEnrolment(db: AppDatabase, userId: number): Promise<string> {
  const secret = newTotpSecret();
  await db
    .update(adminUsers)
    .set({ totpSecret: secret, totpEnabledAt: null, totpLastStep: null })
    .where(eq(adminUsers.id, userId));
  return secret;
}

/** Step 2: a code from the app proves it has the secret; returns the new recovery codes. */
export async function confirmEnrolment(
  db: AppDatabase,
  userId: number,
  code: string,
  now: Date = new Date(),
): Promise<string[] | null> {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, userId));
  if (!user?.totpSecret) return null;
  const step = matchTotp(user.totpSecret, code, now);
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(7)).toLowerCase().slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ totpEnabledAt: now, totpLastStep: step })
      .where(eq(adminUsers.id, userId));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
    await tx.insert(adminRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hash(c) })));
  });
  return codes;
}

export async function disableTotp(db: AppDatabase, userId: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
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
  if ((await peekRateLimit(db, key, CODE_RULE, now)) >= CODE_RULE.limit) return "throttled";
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
  await hitRateLimit(db, key, CODE_RULE, now);
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
    pendingSecret: user?.totpSecret && !user.totpEnabledAt ? user.totpSecret : null,
    recoveryCodesLeft: unused.length,
  };
}

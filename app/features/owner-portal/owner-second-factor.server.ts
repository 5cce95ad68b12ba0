/**
 * An owner's optional second factor: the admin's TOTP rules (app/features/auth/second-factor)
 * over the owners' own columns and recovery codes. A code is good once, a change needs a current
 * code or a recovery code, wrong codes are limited to 5 in 15 minutes per owner, and the step
 * after the password lives in a signed cookie of its own for 5 minutes.
 */

import { and, eq, isNull, lt, or } from "drizzle-orm";
import QRCode from "qrcode";
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { reportFailure } from "../../db/failure.server.ts";
import { secondsLeftInWindow } from "../../db/rate-limit.server.ts";
import { getRuntime } from "../../db/runtime.server.ts";
import { ownerRecoveryCodes, owners } from "../../db/schema.ts";
import type { Language } from "../../i18n/languages.ts";
import { assertSameOrigin } from "../../lib/same-origin.server.ts";
import { secureCookies } from "../auth/guard.server.ts";
import {
  beginEnrolment,
  cancelEnrolment,
  confirmEnrolment,
  type FactorAccounts,
  SECOND_FACTOR_RULE,
  secondFactorStatus,
  turnOffSecondFactor,
  verifySecondFactor,
} from "../auth/second-factor.server.ts";
import { totpUri } from "../auth/totp.server.ts";
import { ownerRefusal } from "./owner-refusal.server.ts";
import type { SessionOwner } from "./owner-sessions.server.ts";

/** The owners' second factor: columns of `owners`, codes in `owner_recovery_codes`. */
export const OWNER_FACTORS: FactorAccounts = {
  keyPrefix: "totp:owner",
  async read(db, id) {
    const [owner] = await db.select().from(owners).where(eq(owners.id, id));
    return owner ?? null;
  },
  async setPending(db, id, secret) {
    await db.update(owners).set({ totpPendingSecret: secret }).where(eq(owners.id, id));
  },
  async claimStep(db, id, step) {
    const claimed = await db
      .update(owners)
      .set({ totpLastStep: step })
      .where(and(eq(owners.id, id), or(isNull(owners.totpLastStep), lt(owners.totpLastStep, step))))
      .returning({ id: owners.id });
    return claimed.length > 0;
  },
  async swapIn(tx, id, secret, step, now) {
    const swapped = await tx
      .update(owners)
      .set({ totpSecret: secret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step })
      .where(and(eq(owners.id, id), eq(owners.totpPendingSecret, secret)))
      .returning({ id: owners.id });
    return swapped.length > 0;
  },
  async clear(tx, id) {
    await tx
      .update(owners)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(owners.id, id));
    await tx.delete(ownerRecoveryCodes).where(eq(ownerRecoveryCodes.ownerId, id));
  },
  async replaceCodes(tx, id, hashes) {
    await tx.delete(ownerRecoveryCodes).where(eq(ownerRecoveryCodes.ownerId, id));
    await tx
      .insert(ownerRecoveryCodes)
      .values(hashes.map((codeHash) => ({ ownerId: id, codeHash })));
  },
  async spendCode(db, id, codeHash, now) {
    const used = await db
      .update(ownerRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(ownerRecoveryCodes.ownerId, id),
          eq(ownerRecoveryCodes.codeHash, codeHash),
          isNull(ownerRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: ownerRecoveryCodes.id });
    return used.length > 0;
  },
  async codesLeft(db, id) {
    const unused = await db
      .select({ id: ownerRecoveryCodes.id })
      .from(ownerRecoveryCodes)
      .where(and(eq(ownerRecoveryCodes.ownerId, id), isNull(ownerRecoveryCodes.usedAt)));
    return unused.length;
  },
  // An owner's second factor is their choice; the desk does not require it.
  required: async () => false,
};

/** Between a right password and the code: the owner's id, for 5 minutes, signed. */
export function ownerPendingCookie() {
  return createCookie("owner_pending", {
    secrets: [getRuntime().config.sessionSecret],
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: 300,
  });
}

export async function pendingOwnerSignIn(request: Request): Promise<number | null> {
  const value = (await ownerPendingCookie().parse(request.headers.get("cookie"))) as {
    ownerId?: unknown;
    expires?: unknown;
  } | null;
  if (!value || typeof value.ownerId !== "number" || typeof value.expires !== "number") return null;
  return value.expires < Date.now() ? null : value.ownerId;
}

export async function pendingOwnerHeader(ownerId: number): Promise<string> {
  return ownerPendingCookie().serialize({ ownerId, expires: Date.now() + 5 * 60 * 1000 });
}

export async function clearPendingOwnerHeader(): Promise<string> {
  return ownerPendingCookie().serialize("", { maxAge: 0 });
}

/** The catalogue keys an owner's security forms answer with. */
export type OwnerSecurityError =
  | "ownerSecurity.codeNeeded"
  | "ownerSecurity.codeWrong"
  | "ownerSecurity.enrolWrong"
  | "ownerSecurity.throttled"
  | "ownerSecurity.failed";

const refused = (error: OwnerSecurityError, status: number, retryAfterSeconds?: number) =>
  ownerRefusal(error, status, retryAfterSeconds);

const throttled = () => {
  const seconds = secondsLeftInWindow(SECOND_FACTOR_RULE);
  return refused("ownerSecurity.throttled", 429, seconds);
};

/**
 * The step after the password: a current code or a recovery code. Answers the verified owner's
 * id (the caller starts the session), or the refusal to show.
 */
export async function checkOwnerCode(request: Request, form: FormData) {
  assertSameOrigin(request, getRuntime().config.publicUrl);
  const ownerId = await pendingOwnerSignIn(request);
  if (ownerId === null) return { expired: true as const };
  const code = z
    .string()
    .trim()
    .max(64)
    .safeParse(form.get("code") ?? "");
  if (!code.success || code.data === "") return refused("ownerSecurity.codeNeeded", 400);
  try {
    const outcome = await verifySecondFactor(
      getRuntime().database.db,
      ownerId,
      code.data,
      new Date(),
      OWNER_FACTORS,
    );
    if (outcome === "throttled") return throttled();
    if (outcome === "invalid") return refused("ownerSecurity.codeWrong", 401);
    return { ownerId };
  } catch (error) {
    await reportFailure("owner second-factor check failed", error);
    return refused("ownerSecurity.failed", 503);
  }
}

/** The security page: whether an authenticator is in force, or the one being set up. */
export async function loadOwnerSecurity(owner: SessionOwner) {
  const { config, database } = getRuntime();
  const status = await secondFactorStatus(database.db, owner.id, OWNER_FACTORS);
  let enrolment: { secret: string; qr: string } | null = null;
  if (status.pendingSecret) {
    const uri = totpUri(status.pendingSecret, owner.email, config.contacts.brandName);
    const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    enrolment = {
      secret: status.pendingSecret,
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    };
  }
  return { enrolled: status.enrolled, recoveryCodesLeft: status.recoveryCodesLeft, enrolment };
}

const securityFormSchema = z.object({
  intent: z.enum(["begin", "cancel", "confirm", "disable"]),
  currentCode: z.string().max(64).default(""),
  code: z.string().max(64).default(""),
});

/** Set up, replace or turn off the owner's authenticator (a change needs proof of the old one). */
export async function changeOwnerSecurity(owner: SessionOwner, form: FormData) {
  const db = getRuntime().database.db;
  const parsed = securityFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refused("ownerSecurity.codeNeeded", 400);
  const { intent, currentCode, code } = parsed.data;
  const now = new Date();
  const changeRefused = (reason: "code-needed" | "invalid" | "throttled" | "required") =>
    reason === "throttled"
      ? throttled()
      : refused(
          reason === "code-needed" ? "ownerSecurity.codeNeeded" : "ownerSecurity.codeWrong",
          reason === "code-needed" ? 400 : 401,
        );
  if (intent === "begin") {
    const begun = await beginEnrolment(db, owner.id, currentCode, now, OWNER_FACTORS);
    return begun.ok ? { ok: true as const } : changeRefused(begun.reason);
  }
  if (intent === "cancel") {
    await cancelEnrolment(db, owner.id, OWNER_FACTORS);
    return { ok: true as const };
  }
  if (intent === "confirm") {
    const codes = await confirmEnrolment(db, owner.id, code, now, OWNER_FACTORS);
    if (!codes) return refused("ownerSecurity.enrolWrong", 400);
    return { ok: true as const, recoveryCodes: codes };
  }
  const off = await turnOffSecondFactor(db, owner.id, currentCode, now, OWNER_FACTORS);
  return off.ok ? { ok: true as const, turnedOff: true } : changeRefused(off.reason);
}

/** Where the code step of the sign-in lives: the portal's home in the owner's language. */
export function codeStepRedirect(lang: Language, cookie: string) {
  return redirect(lang === "ru" ? "/ru/owner" : "/owner", { headers: { "Set-Cookie": cookie } });
}

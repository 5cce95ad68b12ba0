/**
 * The owner portal's sign-in, password links and sign-out: the admin's checks (throttling tiers,
 * scrypt, the same answer for a wrong e-mail or password, and an optional second factor) from
 * app/features/auth, run over the owners' table with rate-limit keys of their own.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { AppDatabase } from "../../db/client.server.ts";
import { reportFailure } from "../../db/failure.server.ts";
import { hitRateLimit } from "../../db/rate-limit.server.ts";
import { getRuntime } from "../../db/runtime.server.ts";
import type { Language } from "../../i18n/languages.ts";
import { assertSameOrigin } from "../../lib/same-origin.server.ts";
import { PASSWORD_MAX } from "../auth/password-policy.ts";
import { readCookie } from "../auth/sessions.server.ts";
import { type CredentialAccounts, checkCredentials } from "../auth/sign-in.server.ts";
import {
  findOwnerByEmail,
  issueOwnerToken,
  setPasswordWithToken,
} from "./owner-accounts.server.ts";
import { clearOwnerSessionHeader, ownerHome, ownerSessionHeader } from "./owner-guard.server.ts";
import { queueAccessMail } from "./owner-messages.server.ts";
import { ownerRefusal } from "./owner-refusal.server.ts";
import {
  checkOwnerCode,
  clearPendingOwnerHeader,
  codeStepRedirect,
  pendingOwnerHeader,
} from "./owner-second-factor.server.ts";
import {
  createOwnerSession,
  endOwnerSession,
  OWNER_SESSION_COOKIE,
  pruneOwnerSessions,
} from "./owner-sessions.server.ts";

/**
 * Owners in the admin's credential check. Owners have no list of known addresses: the account
 * tier always applies (ten attempts in 15 minutes freely, then two a minute).
 */
export const OWNER_ACCOUNTS: CredentialAccounts = {
  keyPrefix: "owner-signin",
  async find(db, email) {
    const owner = await findOwnerByEmail(db, email);
    return owner && { ...owner, secondFactor: Boolean(owner.totpEnabledAt) };
  },
  isKnownAddress: async () => false,
};

export const ownerLoginSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

/** What the sign-in form shows: a catalogue key, and minutes to wait when throttled. */
export type OwnerFormError =
  | "ownerAuth.required"
  | "ownerAuth.invalid"
  | "ownerAuth.throttled"
  | "ownerAuth.busy"
  | "ownerAuth.failed"
  | "ownerAuth.linkInvalid"
  | "ownerAuth.passwordWeak"
  | "ownerAuth.passwordMismatch";

const fail = (error: OwnerFormError, status: number, retryAfterSeconds?: number) =>
  ownerRefusal(error, status, retryAfterSeconds);

export async function signInOwner(
  request: Request,
  form: FormData,
  address: string,
  lang: Language,
) {
  assertSameOrigin(request, getRuntime().config.publicUrl);
  const parsed = ownerLoginSchema.safeParse({
    email: form.get("email"),
    password: form.get("password"),
  });
  if (!parsed.success) return fail("ownerAuth.required", 400);
  try {
    const { db } = getRuntime().database;
    const result = await checkCredentials(
      db,
      { ...parsed.data, address },
      new Date(),
      OWNER_ACCOUNTS,
    );
    if (!result.ok) {
      if (result.reason === "invalid") return fail("ownerAuth.invalid", 401);
      return fail(
        result.reason === "busy" ? "ownerAuth.busy" : "ownerAuth.throttled",
        result.reason === "busy" ? 503 : 429,
        result.retryAfterSeconds,
      );
    }
    // With an authenticator, the session waits for its code (the portal's home asks for it).
    if (result.secondFactor) return codeStepRedirect(lang, await pendingOwnerHeader(result.userId));
    return startOwnerSession(db, request, result.userId, address, lang);
  } catch (error) {
    await reportFailure("owner sign-in failed", error);
    return fail("ownerAuth.failed", 503);
  }
}

/** The code step: a right code starts the session; a lapsed step goes back to the password. */
export async function signInOwnerWithCode(
  request: Request,
  form: FormData,
  address: string,
  lang: Language,
) {
  const checked = await checkOwnerCode(request, form);
  if ("expired" in checked) return codeStepRedirect(lang, await clearPendingOwnerHeader());
  if (!("ownerId" in checked)) return checked;
  return startOwnerSession(getRuntime().database.db, request, checked.ownerId, address, lang, [
    await clearPendingOwnerHeader(),
  ]);
}

/** Leaves the code step for the password form. */
export async function cancelOwnerCode(request: Request, lang: Language) {
  assertSameOrigin(request, getRuntime().config.publicUrl);
  return codeStepRedirect(lang, await clearPendingOwnerHeader());
}

async function startOwnerSession(
  db: AppDatabase,
  request: Request,
  ownerId: number,
  address: string,
  lang: Language,
  extraCookies: string[] = [],
) {
  await endOwnerSession(db, readCookie(request, OWNER_SESSION_COOKIE));
  await pruneOwnerSessions(db);
  const token = await createOwnerSession(db, ownerId, {
    ipAddress: address,
    userAgent: request.headers.get("user-agent") ?? undefined,
  });
  const headers = new Headers();
  headers.append("Set-Cookie", ownerSessionHeader(token));
  for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
  return redirect(ownerHome(lang), { headers });
}

export async function signOutOwner(request: Request, lang: Language) {
  assertSameOrigin(request, getRuntime().config.publicUrl);
  await endOwnerSession(getRuntime().database.db, readCookie(request, OWNER_SESSION_COOKIE));
  return redirect(ownerHome(lang), { headers: { "Set-Cookie": clearOwnerSessionHeader() } });
}

export const setPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX * 4),
  confirm: z.string().max(PASSWORD_MAX * 4),
});

/** The set-password form (from an invitation or a reset link): sets it and signs the owner in. */
export async function setOwnerPassword(
  request: Request,
  form: FormData,
  address: string,
  lang: Language,
) {
  assertSameOrigin(request, getRuntime().config.publicUrl);
  const parsed = setPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return fail("ownerAuth.required", 400);
  if (parsed.data.password !== parsed.data.confirm) return fail("ownerAuth.passwordMismatch", 400);
  const { db } = getRuntime().database;
  // Guessing tokens is hopeless (256 bits), but each try costs a hash: bound them per address.
  const hit = await hitRateLimit(db, `owner-set-password:${address}`, {
    limit: 10,
    windowMs: 15 * 60 * 1000,
  });
  if (!hit.allowed) return fail("ownerAuth.throttled", 429, hit.retryAfterSeconds);
  const result = await setPasswordWithToken(db, parsed.data.token, parsed.data.password);
  if (!result.ok) {
    if (result.reason === "link") return fail("ownerAuth.linkInvalid", 400);
    return fail("ownerAuth.passwordWeak", 400);
  }
  return startOwnerSession(db, request, result.ownerId, address, lang);
}

export const RESET_RULES = {
  address: { limit: 5, windowMs: 60 * 60 * 1000 },
  email: { limit: 3, windowMs: 60 * 60 * 1000 },
} as const;

/**
 * "Forgot your password": mails a reset link to a known, enabled owner. The answer is the same
 * whether the address is known or not.
 */
export async function requestOwnerReset(request: Request, form: FormData, address: string) {
  const { config, database } = getRuntime();
  assertSameOrigin(request, config.publicUrl);
  const parsed = z.string().trim().toLowerCase().min(3).max(320).safeParse(form.get("email"));
  if (!parsed.success) return fail("ownerAuth.required", 400);
  const db = database.db;
  const byAddress = await hitRateLimit(db, `owner-reset:address:${address}`, RESET_RULES.address);
  const byEmail = await hitRateLimit(db, `owner-reset:email:${parsed.data}`, RESET_RULES.email);
  if (byAddress.allowed && byEmail.allowed) {
    const owner = await findOwnerByEmail(db, parsed.data);
    if (owner && !owner.disabledAt && owner.passwordHash) {
      await db.transaction(async (tx) => {
        const token = await issueOwnerToken(tx, owner.id, "reset");
        await queueAccessMail(tx, owner, "reset", token, config);
      });
      getRuntime().outbox?.nudge();
    }
  }
  return data({ ok: true as const, sent: true });
}

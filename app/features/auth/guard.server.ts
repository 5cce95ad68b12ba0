import { createCookie, data, href, redirect } from "react-router";
import type { DatabaseKind } from "../../db/client.server.ts";
import { reportFailure } from "../../db/failure.server.ts";
import { getRuntime } from "../../db/runtime.server.ts";
import { assertSameOrigin } from "../../lib/same-origin.server.ts";
import { isTotpRequired } from "./second-factor.server.ts";
import {
  clearSessionCookie,
  readCookie,
  readSession,
  SESSION_COOKIE,
  type SessionUser,
  sessionCookie,
} from "./sessions.server.ts";

export function secureCookies(): boolean {
  return getRuntime().config.publicUrl.startsWith("https:");
}

/**
 * What the guard throws when it cannot tell whether an admin is signed in, because the session
 * lookup failed: 503 with a plain sentence when the database does not answer, 500 otherwise.
 */
export interface SessionCheckFailure {
  error: string;
  databaseDown: boolean;
  database: DatabaseKind;
}

const sessionCheckFailures = new WeakMap<object, SessionCheckFailure>();

async function sessionCheckFailed(error: unknown): Promise<never> {
  const failure = await reportFailure("could not check the admin session", error);
  const body: SessionCheckFailure = {
    error: failure.message,
    databaseDown: failure.databaseDown,
    database: getRuntime().database.kind,
  };
  const thrown = data(body, { status: failure.databaseDown ? 503 : 500 });
  sessionCheckFailures.set(thrown, body);
  throw thrown;
}

/**
 * The failure when `thrown` came from the guard failing to check the session, else null: for an
 * action that answers with a message beside its form instead of leaving the page.
 */
export function sessionCheckFailure(thrown: unknown): SessionCheckFailure | null {
  return (typeof thrown === "object" && thrown && sessionCheckFailures.get(thrown)) || null;
}

/** The signed-in admin, or null. Throws a `SessionCheckFailure` when the lookup fails. */
export async function getAdmin(request: Request): Promise<SessionUser | null> {
  const { database } = getRuntime();
  const token = readCookie(request, SESSION_COOKIE);
  try {
    return await readSession(database.db, token);
  } catch (error) {
    return sessionCheckFailed(error);
  }
}

/**
 * The first line of every admin loader and action. Signed out: a page load goes to the sign-in
 * form, anything else is answered 401. When the installation requires a second factor, an admin
 * without one is sent to enrol before anything else.
 */
export async function requireAdmin(
  request: Request,
  options: { allowWithoutSecondFactor?: boolean } = {},
): Promise<SessionUser> {
  const admin = await getAdmin(request);
  const isRead = request.method === "GET" || request.method === "HEAD";
  if (!admin) {
    if (isRead)
      throw redirect(href("/admin"), {
        headers: { "Set-Cookie": clearSessionCookie(secureCookies()) },
      });
    throw data({ error: "Your session has ended. Please sign in again." }, { status: 401 });
  }
  if (!options.allowWithoutSecondFactor && !admin.secondFactor) {
    const required = await isTotpRequired(getRuntime().database.db).catch(sessionCheckFailed);
    if (required) {
      if (isRead) throw redirect(href("/admin/security"));
      throw data({ error: "Set up two-factor sign-in first." }, { status: 403 });
    }
  }
  return admin;
}

/** Every admin action: from this site only, then signed in. */
export async function requireAdminAction(
  request: Request,
  options: { allowWithoutSecondFactor?: boolean } = {},
): Promise<SessionUser> {
  assertSameOrigin(request, getRuntime().config.publicUrl);
  return requireAdmin(request, options);
}

export function setSessionHeader(token: string): string {
  return sessionCookie(token, secureCookies());
}

/**
 * Between a correct password and a correct second-factor code: who is signing in, for five
 * minutes, in a cookie signed with SESSION_SECRET. No session exists until the code is right.
 */
export function pendingSignInCookie() {
  return createCookie("admin_pending", {
    secrets: [getRuntime().config.sessionSecret],
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: 300,
  });
}

export interface PendingSignIn {
  userId: number;
  expires: number;
}

export async function readPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const value = (await pendingSignInCookie().parse(
    request.headers.get("cookie"),
  )) as PendingSignIn | null;
  if (!value || typeof value.userId !== "number" || value.expires < Date.now()) return null;
  return value;
}

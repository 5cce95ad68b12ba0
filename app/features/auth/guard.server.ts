import { createCookie, data, redirect } from "react-router";
import { getRuntime } from "../../lib/runtime.server.ts";
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

/** The signed-in admin, or null. */
export async function getAdmin(request: Request): Promise<SessionUser | null> {
  const { database } = getRuntime();
  return readSession(database.db, readCookie(request, SESSION_COOKIE));
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
      throw redirect("/admin", { headers: { "Set-Cookie": clearSessionCookie(secureCookies()) } });
    throw data({ error: "Your session has ended. Please sign in again." }, { status: 401 });
  }
  if (!options.allowWithoutSecondFactor && !admin.secondFactor) {
    if (await isTotpRequired(getRuntime().database.db)) {
      if (isRead) throw redirect("/admin/security");
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

import { data, redirect } from "react-router";
import { reportFailure } from "../../db/failure.server.ts";
import { getRuntime } from "../../db/runtime.server.ts";
import type { Language } from "../../i18n/languages.ts";
import { assertSameOrigin } from "../../lib/same-origin.server.ts";
import { secureCookies } from "../auth/guard.server.ts";
import { clearSessionCookie, readCookie, sessionCookie } from "../auth/sessions.server.ts";
import {
  OWNER_SESSION_COOKIE,
  readOwnerSession,
  type SessionOwner,
} from "./owner-sessions.server.ts";

export function ownerHome(lang: Language): string {
  return lang === "ru" ? "/ru/owner" : "/owner";
}

export function ownerSessionHeader(token: string): string {
  return sessionCookie(token, secureCookies(), OWNER_SESSION_COOKIE);
}

export function clearOwnerSessionHeader(): string {
  return clearSessionCookie(secureCookies(), OWNER_SESSION_COOKIE);
}

/** The signed-in owner (from the owner cookie only; an admin's cookie is no owner's), or null. */
export async function getOwner(request: Request): Promise<SessionOwner | null> {
  const token = readCookie(request, OWNER_SESSION_COOKIE);
  try {
    return await readOwnerSession(getRuntime().database.db, token);
  } catch (error) {
    const failure = await reportFailure("could not check the owner session", error);
    throw data({ error: failure.message }, { status: failure.databaseDown ? 503 : 500 });
  }
}

/**
 * The first line of every owner loader and action but sign-in's. Signed out: a page load goes to
 * the sign-in form in the page's language, anything else is answered 401.
 */
export async function requireOwner(request: Request, lang: Language): Promise<SessionOwner> {
  const owner = await getOwner(request);
  if (owner) return owner;
  if (request.method === "GET" || request.method === "HEAD")
    throw redirect(ownerHome(lang), { headers: { "Set-Cookie": clearOwnerSessionHeader() } });
  throw data({ error: "signed-out" }, { status: 401 });
}

/** Every owner action: from this site only, then signed in. */
export async function requireOwnerAction(request: Request, lang: Language) {
  assertSameOrigin(request, getRuntime().config.publicUrl);
  return requireOwner(request, lang);
}

import { href, redirect } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { requireAdminAction, secureCookies } from "../features/auth/guard.server.ts";
import {
  clearSessionCookie,
  endSession,
  readCookie,
  SESSION_COOKIE,
} from "../features/auth/sessions.server.ts";
import { readBody } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.logout";

export async function loader() {
  return redirect(href("/admin"));
}

/** Ends the session on the server and returns to the sign-in form. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request, { allowWithoutSecondFactor: true });
  // No field is needed, but a body is still read with the bound: a large one is refused (413).
  await readBody(request);
  await endSession(getRuntime().database.db, readCookie(request, SESSION_COOKIE));
  return redirect(href("/admin"), {
    headers: { "Set-Cookie": clearSessionCookie(secureCookies()) },
  });
}

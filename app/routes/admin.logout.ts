import { redirect } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { requireAdminAction, secureCookies } from "../features/auth/guard.server.ts";
import {
  clearSessionCookie,
  endSession,
  readCookie,
  SESSION_COOKIE,
} from "../features/auth/sessions.server.ts";
import type { Route } from "./+types/admin.logout";

export async function loader() {
  return redirect("/admin");
}

/** Ends the session on the server and returns to the sign-in form. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request, { allowWithoutSecondFactor: true });
  await endSession(getRuntime().database.db, readCookie(request, SESSION_COOKIE));
  return redirect("/admin", { headers: { "Set-Cookie": clearSessionCookie(secureCookies()) } });
}

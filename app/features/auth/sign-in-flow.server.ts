import { data, redirect } from "react-router";
import { z } from "zod";
import { getRuntime } from "../../lib/runtime.server.ts";
import { assertSameOrigin } from "../../lib/same-origin.server.ts";
import { pendingSignInCookie, readPendingSignIn, setSessionHeader } from "./guard.server.ts";
import { verifySecondFactor } from "./second-factor.server.ts";
import {
  createSession,
  endSession,
  pruneSessions,
  readCookie,
  SESSION_COOKIE,
} from "./sessions.server.ts";
import { checkCredentials, INVALID_CREDENTIALS, throttledMessage } from "./sign-in.server.ts";

export const loginSchema = z.object({
  email: z.string().trim().min(1, "E-mail is required").max(320),
  password: z.string().min(1, "Password is required").max(1024),
});

async function startSession(
  request: Request,
  userId: number,
  address: string,
  extra: string[] = [],
) {
  const { database } = getRuntime();
  // A new token at every sign-in; one the browser still held is ended, and dead ones swept.
  await endSession(database.db, readCookie(request, SESSION_COOKIE));
  await pruneSessions(database.db);
  const token = await createSession(database.db, userId, {
    ipAddress: address,
    userAgent: request.headers.get("user-agent") ?? undefined,
  });
  const headers = new Headers();
  headers.append("Set-Cookie", setSessionHeader(token));
  for (const cookie of extra) headers.append("Set-Cookie", cookie);
  return redirect("/admin", { headers });
}

/** The sign-in form's action: password, then (when enrolled) the second-factor page. */
export async function signInWithPassword(request: Request, form: FormData, address: string) {
  const { config, database } = getRuntime();
  assertSameOrigin(request, config.publicUrl);
  const parsed = loginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data(
      { error: `Login failed: ${parsed.error.issues[0]?.message ?? "Unknown error"}` },
      { status: 400 },
    );
  }
  const result = await checkCredentials(database.db, { ...parsed.data, address });
  if (!result.ok) {
    if (result.reason === "throttled") {
      return data(
        { error: throttledMessage(result.retryAfterSeconds) },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    return data({ error: `Authentication failed: ${INVALID_CREDENTIALS}` }, { status: 401 });
  }
  if (result.secondFactor) {
    const cookie = await pendingSignInCookie().serialize({
      userId: result.userId,
      expires: Date.now() + 5 * 60 * 1000,
    });
    return redirect("/admin/sign-in/code", { headers: { "Set-Cookie": cookie } });
  }
  return startSession(request, result.userId, address);
}

export async function signInWithCode(request: Request, form: FormData, address: string) {
  const { config, database } = getRuntime();
  assertSameOrigin(request, config.publicUrl);
  const pending = await readPendingSignIn(request);
  if (!pending) return redirect("/admin");
  const code = String(form.get("code") ?? "").trim();
  const outcome = await verifySecondFactor(database.db, pending.userId, code);
  if (outcome === "throttled") {
    return data(
      { error: "Too many wrong codes. Please wait 15 minutes and try again." },
      { status: 429 },
    );
  }
  if (outcome === "invalid") {
    return data(
      {
        error: "That code is not right. Enter the current code from your app, or a recovery code.",
      },
      { status: 401 },
    );
  }
  const clear = await pendingSignInCookie().serialize("", { maxAge: 0 });
  return startSession(request, pending.userId, address, [clear]);
}

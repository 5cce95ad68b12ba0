import { data, href, redirect } from "react-router";
import { z } from "zod";
import { reportFailure } from "../../db/failure.server.ts";
import { secondsLeftInWindow } from "../../db/rate-limit.server.ts";
import { getRuntime } from "../../db/runtime.server.ts";
import { assertSameOrigin } from "../../lib/same-origin.server.ts";
import { pendingSignInCookie, readPendingSignIn, setSessionHeader } from "./guard.server.ts";
import {
  SECOND_FACTOR_RULE,
  verifySecondFactor,
  wrongCodesMessage,
} from "./second-factor.server.ts";
import {
  createSession,
  endSession,
  pruneSessions,
  readCookie,
  SESSION_COOKIE,
} from "./sessions.server.ts";
import {
  BUSY_MESSAGE,
  checkCredentials,
  INVALID_CREDENTIALS,
  rememberSignIn,
  throttledMessage,
} from "./sign-in.server.ts";

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
  await rememberSignIn(database.db, userId, address);
  const token = await createSession(database.db, userId, {
    ipAddress: address,
    userAgent: request.headers.get("user-agent") ?? undefined,
  });
  const headers = new Headers();
  headers.append("Set-Cookie", setSessionHeader(token));
  for (const cookie of extra) headers.append("Set-Cookie", cookie);
  return redirect(href("/admin"), { headers });
}

/** A sign-in that failed on the server's side (usually the database): a sentence, never SQL. */
async function loginFailed(error: unknown) {
  const failure = await reportFailure("sign-in failed", error);
  return data(
    { error: `Login failed: ${failure.message}` },
    { status: failure.databaseDown ? 503 : 500 },
  );
}

/** 429 for a second-factor code refused by its rate limit, with Retry-After. */
export function tooManyWrongCodes<Extra extends object>(extra?: Extra) {
  const retryAfterSeconds = secondsLeftInWindow(SECOND_FACTOR_RULE);
  return data(
    { ...(extra as Extra), error: wrongCodesMessage(retryAfterSeconds) },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/** The sign-in form's action: password, then (when enrolled) the second-factor page. */
export async function signInWithPassword(request: Request, form: FormData, address: string) {
  const { config } = getRuntime();
  assertSameOrigin(request, config.publicUrl);
  const parsed = loginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data(
      { error: `Login failed: ${parsed.error.issues[0]?.message ?? "Unknown error"}` },
      { status: 400 },
    );
  }
  try {
    return await checkPassword(request, parsed.data, address);
  } catch (error) {
    return loginFailed(error);
  }
}

async function checkPassword(
  request: Request,
  input: z.infer<typeof loginSchema>,
  address: string,
) {
  const { database } = getRuntime();
  const result = await checkCredentials(database.db, { ...input, address });
  if (!result.ok) {
    if (result.reason === "busy") {
      return data(
        { error: BUSY_MESSAGE },
        { status: 503, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
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
    return redirect(href("/admin/sign-in/code"), { headers: { "Set-Cookie": cookie } });
  }
  return startSession(request, result.userId, address);
}

export async function signInWithCode(request: Request, form: FormData, address: string) {
  const { config } = getRuntime();
  assertSameOrigin(request, config.publicUrl);
  const pending = await readPendingSignIn(request);
  if (!pending) return redirect(href("/admin"));
  const code = String(form.get("code") ?? "").trim();
  try {
    return await checkCode(request, pending.userId, code, address);
  } catch (error) {
    return loginFailed(error);
  }
}

async function checkCode(request: Request, userId: number, code: string, address: string) {
  const { database } = getRuntime();
  const outcome = await verifySecondFactor(database.db, userId, code);
  if (outcome === "throttled") return tooManyWrongCodes();
  if (outcome === "invalid") {
    return data(
      {
        error: "That code is not right. Enter the current code from your app, or a recovery code.",
      },
      { status: 401 },
    );
  }
  const clear = await pendingSignInCookie().serialize("", { maxAge: 0 });
  return startSession(request, userId, address, [clear]);
}

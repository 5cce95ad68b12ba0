/** The unsubscribe page's loader and action, bound to the running server. */
import { data } from "react-router";
import { currentLogger, getRuntime } from "../../db/runtime.server.ts";
import { readUnsubscribeToken, suppressEmail } from "./unsubscribe.server.ts";

export type UnsubscribeState =
  | { status: "confirm"; email: string; token: string }
  | { status: "done"; email: string }
  | { status: "invalid" }
  | { status: "unavailable" };

/** GET only shows what would happen: mail scanners open links, and must not unsubscribe anyone. */
export function unsubscribeLoader(url: URL) {
  const token = url.searchParams.get("token");
  const email = readUnsubscribeToken(token, getRuntime().config.sessionSecret);
  if (!email || !token) return data<UnsubscribeState>({ status: "invalid" }, { status: 400 });
  return data<UnsubscribeState>({ status: "confirm", email, token });
}

export async function unsubscribeAction(form: FormData) {
  const runtime = getRuntime();
  const token = form.get("token");
  const email = readUnsubscribeToken(
    typeof token === "string" ? token : null,
    runtime.config.sessionSecret,
  );
  if (!email) return data<UnsubscribeState>({ status: "invalid" }, { status: 400 });
  if (!runtime.databaseReady)
    return data<UnsubscribeState>({ status: "unavailable" }, { status: 503 });
  try {
    await suppressEmail(runtime.database.db, email);
  } catch (error) {
    currentLogger().error({ err: error }, "could not unsubscribe");
    return data<UnsubscribeState>({ status: "unavailable" }, { status: 503 });
  }
  return data<UnsubscribeState>({ status: "done", email });
}

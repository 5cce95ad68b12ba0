/** The unsubscribe page's loader and action, bound to the running server. */
import { data } from "react-router";
import { readEmailToken } from "../../db/email-tokens.server.ts";
import { currentLogger, getRuntime } from "../../db/runtime.server.ts";
import { findUnsubscribeTarget, suppressEmail } from "./unsubscribe.server.ts";

type Scope = "newsletter" | "marketing";

export type UnsubscribeState =
  | { status: "confirm"; email: string; token: string; scope: Scope }
  | { status: "done"; email: string; scope: Scope }
  | { status: "invalid" }
  | { status: "unavailable" };

const MAX_TOKEN = 600;
const tokenOf = (value: unknown) =>
  typeof value === "string" && value.length <= MAX_TOKEN ? value : null;

async function addressOf(token: string | null) {
  const runtime = getRuntime();
  // An old signed token needs no database; a random one is looked up.
  if (!runtime.databaseReady && readEmailToken(token)) return "unavailable" as const;
  const target = await findUnsubscribeTarget(
    runtime.database.db,
    token,
    runtime.config.sessionSecret,
  );
  return target ?? ("invalid" as const);
}

/** GET only shows what would happen: mail scanners open links, and must not unsubscribe anyone. */
export async function unsubscribeLoader(url: URL) {
  const token = tokenOf(url.searchParams.get("token"));
  try {
    const target = await addressOf(token);
    if (target === "unavailable")
      return data<UnsubscribeState>({ status: "unavailable" }, { status: 503 });
    if (target === "invalid" || !token)
      return data<UnsubscribeState>({ status: "invalid" }, { status: 400 });
    return data<UnsubscribeState>({ status: "confirm", ...target, token });
  } catch (error) {
    currentLogger().error({ err: error }, "could not read an unsubscribe link");
    return data<UnsubscribeState>({ status: "unavailable" }, { status: 503 });
  }
}

/**
 * The page's button, with or without JavaScript (the token in the form), and the one-click POST
 * of mail programs (RFC 8058: the token in the link's query, `List-Unsubscribe=One-Click` in the
 * body). Either answers 200 with the page saying it is done.
 */
export async function unsubscribeAction(url: URL, form: FormData) {
  const runtime = getRuntime();
  const token = tokenOf(form.get("token")) ?? tokenOf(url.searchParams.get("token"));
  try {
    const target = await addressOf(token);
    if (target === "unavailable")
      return data<UnsubscribeState>({ status: "unavailable" }, { status: 503 });
    if (target === "invalid") return data<UnsubscribeState>({ status: "invalid" }, { status: 400 });
    if (!runtime.databaseReady)
      return data<UnsubscribeState>({ status: "unavailable" }, { status: 503 });
    // A newsletter link (and its one-click POST) leaves the newsletter; the page's second button,
    // or an availability notice's link, stops all marketing. Never a reply to a request.
    const scope: Scope = form.get("scope") === "marketing" ? "marketing" : target.scope;
    await suppressEmail(runtime.database.db, target.email, scope);
    return data<UnsubscribeState>({ status: "done", email: target.email, scope });
  } catch (error) {
    currentLogger().error({ err: error }, "could not unsubscribe");
    return data<UnsubscribeState>({ status: "unavailable" }, { status: 503 });
  }
}

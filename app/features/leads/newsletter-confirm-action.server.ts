/** The newsletter confirmation page's loader and action, bound to the running server. */
import { data } from "react-router";
import { currentLogger, getRuntime } from "../../db/runtime.server.ts";
import { confirmNewsletter, readNewsletterConfirmation } from "./newsletter.server.ts";
import type { MessageSettings } from "./outbox.server.ts";

export type NewsletterConfirmState =
  | { status: "ask"; email: string; token: string }
  | { status: "confirmed"; email: string }
  | { status: "expired" | "invalid" | "unavailable" };

const STATUS = { expired: 410, invalid: 404 } as const;

function messageSettings(): MessageSettings {
  const { config } = getRuntime();
  return {
    publicUrl: config.publicUrl,
    contacts: config.contacts,
    notifications: config.notifications,
    secret: config.sessionSecret,
  };
}

const answer = (state: NewsletterConfirmState, status = 200) =>
  data<NewsletterConfirmState>(state, { status });

/** GET only shows what the button would do: mail scanners open links, and must confirm nothing. */
export async function newsletterConfirmLoader(url: URL) {
  const runtime = getRuntime();
  if (!runtime.databaseReady) return answer({ status: "unavailable" }, 503);
  const token = url.searchParams.get("token") ?? "";
  try {
    const outcome = await readNewsletterConfirmation(runtime.database.db, token);
    if (outcome.status === "ask") return answer({ ...outcome, token });
    if (outcome.status === "confirmed") return answer(outcome);
    return answer(outcome, STATUS[outcome.status]);
  } catch (error) {
    currentLogger().error({ err: error }, "could not read a newsletter confirmation");
    return answer({ status: "unavailable" }, 503);
  }
}

export async function newsletterConfirmAction(url: URL, form: FormData) {
  const runtime = getRuntime();
  if (!runtime.databaseReady) return answer({ status: "unavailable" }, 503);
  const posted = form.get("token");
  const token = typeof posted === "string" ? posted : (url.searchParams.get("token") ?? "");
  try {
    const outcome = await confirmNewsletter(runtime.database.db, token, messageSettings());
    if (outcome.status === "confirmed" || outcome.status === "ask") {
      runtime.outbox?.nudge();
      return answer({ status: "confirmed", email: outcome.email });
    }
    return answer(outcome, STATUS[outcome.status]);
  } catch (error) {
    currentLogger().error({ err: error }, "could not confirm a newsletter subscription");
    return answer({ status: "unavailable" }, 503);
  }
}

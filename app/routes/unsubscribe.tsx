import { Form, Link } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import {
  unsubscribeAction,
  unsubscribeLoader,
} from "../features/leads/unsubscribe-action.server.ts";
import { localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { readForm } from "../lib/request-body.server.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import { assertSameOrigin } from "../lib/same-origin.server.ts";
import type { Route } from "./+types/unsubscribe";

export function loader({ url, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  return unsubscribeLoader(url);
}

export async function action({ request, url }: Route.ActionArgs) {
  // A mail program's one-click POST (RFC 8058) comes from a server, without Origin: allowed.
  assertSameOrigin(request, getRuntime().config.publicUrl);
  return unsubscribeAction(url, await readForm(request));
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return [{ title: t("unsubscribe.title") }, { name: "robots", content: "noindex" }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const state = actionData ?? loaderData;
  return (
    <section className="mx-auto max-w-2xl px-6 py-20">
      <h1 className="font-display text-4xl text-sea-900">{t("unsubscribe.title")}</h1>
      {state.status === "confirm" ? (
        // The token in the action's query too: after a post without JavaScript, the page loads
        // with it again.
        <Form
          method="post"
          action={`${localizePath("/unsubscribe", lang)}?token=${state.token}`}
          className="mt-6 space-y-4"
        >
          <input type="hidden" name="token" value={state.token} />
          <p className="text-ink-700">
            {state.scope === "marketing"
              ? t("unsubscribe.confirmAll", { email: state.email })
              : t("unsubscribe.confirm", { email: state.email })}
          </p>
          <div className="flex flex-wrap gap-3">
            {state.scope === "newsletter" ? (
              <button
                type="submit"
                className="rounded-full bg-sea-800 px-6 py-3 font-semibold text-white hover:bg-sea-700"
              >
                {t("unsubscribe.submit")}
              </button>
            ) : null}
            <button
              type="submit"
              name="scope"
              value="marketing"
              className={
                state.scope === "marketing"
                  ? "rounded-full bg-sea-800 px-6 py-3 font-semibold text-white hover:bg-sea-700"
                  : "rounded-full px-6 py-3 font-semibold text-sea-800 ring-1 ring-sea-800 hover:bg-sea-50"
              }
            >
              {t("unsubscribe.submitAll")}
            </button>
          </div>
          <p className="text-sm text-ink-700">{t("unsubscribe.replies")}</p>
        </Form>
      ) : (
        <p role="status" className="mt-6 text-ink-700">
          {state.status === "done"
            ? t(state.scope === "marketing" ? "unsubscribe.doneAll" : "unsubscribe.done", {
                email: state.email,
              })
            : state.status === "invalid"
              ? t("unsubscribe.invalid")
              : t("unsubscribe.unavailable")}
        </p>
      )}
      <p className="mt-10">
        <Link to={localizePath("/", lang)} className="font-semibold text-sea-700 underline">
          {t("unsubscribe.home")}
        </Link>
      </p>
    </section>
  );
}

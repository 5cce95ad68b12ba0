import { Form, Link } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import {
  newsletterConfirmAction,
  newsletterConfirmLoader,
} from "../features/leads/newsletter-confirm-action.server.ts";
import { localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { readForm } from "../lib/request-body.server.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import { assertSameOrigin } from "../lib/same-origin.server.ts";
import type { Route } from "./+types/newsletter-confirm";

export function loader({ url, context }: Route.LoaderArgs) {
  markNotCacheable(context);
  return newsletterConfirmLoader(url);
}

export async function action({ request, url }: Route.ActionArgs) {
  assertSameOrigin(request, getRuntime().config.publicUrl);
  return newsletterConfirmAction(url, await readForm(request));
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return [{ title: t("newsletterConfirm.title") }, { name: "robots", content: "noindex" }];
}

/** The link of the double opt-in mail: a button that confirms, then what it did. */
export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const state = actionData ?? loaderData;
  return (
    <section className="mx-auto max-w-2xl px-6 py-20">
      <h1 className="font-display text-4xl text-sea-900">{t("newsletterConfirm.title")}</h1>
      {state.status === "ask" ? (
        <Form
          method="post"
          action={`${localizePath("/newsletter/confirm", lang)}?token=${state.token}`}
          className="mt-6 space-y-4"
        >
          <input type="hidden" name="token" value={state.token} />
          <p className="text-ink-700">{t("newsletterConfirm.ask", { email: state.email })}</p>
          <button
            type="submit"
            className="rounded-full bg-sea-800 px-6 py-3 font-semibold text-white hover:bg-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700"
          >
            {t("newsletterConfirm.submit")}
          </button>
        </Form>
      ) : (
        <p role="status" className="mt-6 text-ink-700">
          {state.status === "confirmed"
            ? t("newsletterConfirm.confirmed", { email: state.email })
            : t(`newsletterConfirm.${state.status}`)}
        </p>
      )}
      <p className="mt-10">
        <Link to={localizePath("/", lang)} className="font-semibold text-sea-700 underline">
          {t("newsletterConfirm.home")}
        </Link>
      </p>
    </section>
  );
}

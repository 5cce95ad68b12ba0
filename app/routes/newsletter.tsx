import { Link } from "react-router";
import { newsletterAction, runtimeDeps } from "../features/leads/lead-actions.server.ts";
import { NewsletterForm } from "../features/leads/newsletter-form.tsx";
import { localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { clientAddressContext } from "../lib/request-context.ts";
import type { Route } from "./+types/newsletter";

export function action({ request, context }: Route.ActionArgs) {
  return newsletterAction(request, runtimeDeps(context.get(clientAddressContext)));
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return [{ title: t("newsletter.pageTitle") }, { name: "robots", content: "noindex" }];
}

/** The newsletter's own page: where the form lands without JavaScript, and a plain sign-up. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  const { t, lang } = useT();
  return (
    <section className="mx-auto max-w-2xl px-6 py-20">
      <h1 className="font-display text-4xl text-sea-900">{t("newsletter.title")}</h1>
      <p className="mt-3 mb-8 text-ink-600">{t("newsletter.text")}</p>
      <NewsletterForm serverResult={actionData} tone="light" />
      <p className="mt-10">
        <Link
          to={`${localizePath("/", lang)}#owners`}
          className="font-semibold text-sea-700 underline"
        >
          {t("newsletter.back")}
        </Link>
      </p>
    </section>
  );
}

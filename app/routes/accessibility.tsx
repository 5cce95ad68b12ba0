import { AccessibilityReportForm } from "../features/leads/accessibility-report-form.tsx";
import { accessibilityReportAction, runtimeDeps } from "../features/leads/lead-actions.server.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { phoneLink, whatsappLink } from "../lib/contacts.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { clientAddressContext, markNotCacheable } from "../lib/request-context.ts";
import { useContacts } from "../lib/use-contacts.ts";
import type { Route } from "./+types/accessibility";

export function action({ request, context }: Route.ActionArgs) {
  markNotCacheable(context);
  return accessibilityReportAction(request, runtimeDeps(context.get(clientAddressContext)));
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return pageMeta(args, { title: t("accessibility.title"), description: t("accessibility.intro") });
}

/** The accessibility statement: the target, how it is checked, known exceptions, and a report form. */
export default function Accessibility({ actionData }: Route.ComponentProps) {
  const { t } = useT();
  const contacts = useContacts();
  const list = (key: "accessibility.testing" | "accessibility.exceptions") =>
    t(key, { returnObjects: true }) as unknown as string[];
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="font-display text-4xl text-sea-900">{t("accessibility.title")}</h1>
      <p className="mt-4 text-lg text-ink-600">{t("accessibility.intro")}</p>

      <section aria-labelledby="a11y-target" className="mt-10">
        <h2 id="a11y-target" className="font-display text-2xl text-sea-900">
          {t("accessibility.targetTitle")}
        </h2>
        <p className="mt-3 text-ink-900">{t("accessibility.target")}</p>
      </section>

      <section aria-labelledby="a11y-testing" className="mt-10">
        <h2 id="a11y-testing" className="font-display text-2xl text-sea-900">
          {t("accessibility.testingTitle")}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-ink-900">
          {list("accessibility.testing").map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="a11y-exceptions" className="mt-10">
        <h2 id="a11y-exceptions" className="font-display text-2xl text-sea-900">
          {t("accessibility.exceptionsTitle")}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-ink-900">
          {list("accessibility.exceptions").map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section
        id="report"
        aria-labelledby="a11y-report"
        className="mt-10 scroll-mt-24 rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="a11y-report" className="font-display text-2xl text-sea-900">
          {t("accessibility.reportTitle")}
        </h2>
        <p className="mt-2 text-ink-600">{t("accessibility.reportIntro")}</p>
        {contacts && (
          <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2 font-semibold">
            <a className="text-sea-700 underline" href={phoneLink(contacts.phone)}>
              {contacts.phone}
            </a>
            <a
              className="text-sea-700 underline"
              href={whatsappLink(contacts.whatsapp, t("accessibility.reportTitle"))}
              target="_blank"
              rel="noopener noreferrer"
            >
              WhatsApp
            </a>
          </p>
        )}
        <AccessibilityReportForm serverResult={actionData} />
      </section>
    </article>
  );
}

import { useId } from "react";
import { useLocation } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { LiveConfirmation } from "../../ui/live-message.tsx";
import { ConsentField, FormProblem, LeadForm } from "./form-fields.tsx";
import type { LeadFormResult } from "./lead-fields.ts";
import { LIMITS, NEWSLETTER_FIELDS } from "./lead-fields.ts";
import { useLeadForm } from "./use-lead-form.ts";

/** Subscribe to Our Newsletter: an e-mail and the consent; posts to /newsletter. */
export function NewsletterForm({
  serverResult,
  tone = "dark",
}: {
  serverResult?: LeadFormResult<string> | undefined;
  tone?: "dark" | "light";
}) {
  const { t, lang } = useT();
  const { pathname } = useLocation();
  const id = useId();
  const lead = useLeadForm({
    fields: NEWSLETTER_FIELDS,
    schema: "newsletterSchema",
    serverResult,
  });
  const dark = tone === "dark";
  const muted = dark ? "text-sea-100" : "text-ink-600";
  const errorClass = dark ? "text-coral-500" : "text-rose-700";

  const done = lead.result?.status === "ok" ? t("newsletter.done") : null;
  return (
    <>
      <LiveConfirmation
        message={done}
        className={`rounded-2xl p-5 font-medium ${dark ? "bg-white/10 text-white" : "bg-sea-50 text-sea-900"}`}
      />
      {done === null && (
        <LeadForm
          lead={lead}
          action={localizePath("/newsletter", lang)}
          page={pathname}
          label={t("newsletter.title")}
          className="space-y-3"
        >
          {/* E-mail, then the consent, then Subscribe: the box is ticked before the button is reached. */}
          <div>
            <label htmlFor={`${id}-email`} className="sr-only">
              {t("newsletter.email")}
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={LIMITS.email}
              placeholder={t("newsletter.email")}
              defaultValue={lead.values.email}
              aria-invalid={lead.errors.email ? true : undefined}
              aria-describedby={lead.errors.email ? `${id}-email-error` : undefined}
              className="block w-full rounded-full border border-sand-200 bg-white px-5 py-3.5 text-ink-900"
            />
            {lead.errors.email && (
              <p id={`${id}-email-error`} className={`mt-1 px-2 text-sm font-medium ${errorClass}`}>
                {t(lead.errors.email)}
              </p>
            )}
          </div>
          <ConsentField
            label={t("newsletter.consent")}
            checked={lead.values.consent === "yes"}
            error={lead.errors.consent}
            textClass={muted}
            errorClass={errorClass}
            accentClass="accent-coral-600"
          />
          <button
            type="submit"
            disabled={lead.busy}
            className="w-full rounded-full bg-coral-600 sm:w-auto px-7 py-3.5 font-semibold text-white shadow-sm transition hover:bg-coral-500 disabled:opacity-60"
          >
            {lead.busy ? t("newsletter.sending") : t("newsletter.submit")}
          </button>
          <FormProblem result={lead.result} />
        </LeadForm>
      )}
    </>
  );
}

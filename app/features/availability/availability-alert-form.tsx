import { useLocation } from "react-router";
import { ALERT_FORM_MARKER } from "../../domain/leads.ts";
import { useT } from "../../i18n/use-t.tsx";
import { FormProblem, HoneypotField, SubmitButton, TextField } from "../leads/form-fields.tsx";
import type { LeadFormResult } from "../leads/lead-fields.ts";
import { AVAILABILITY_ALERT_FIELDS, LIMITS } from "../leads/lead-fields.ts";
import { useLeadForm } from "../leads/use-lead-form.ts";

/** "Notify me when it is free", shown on occupied and soon units. */
export function AvailabilityAlertForm({
  unitName,
  suggestedDate,
  serverResult,
}: {
  unitName: string;
  suggestedDate: string | null;
  serverResult?: LeadFormResult<string> | undefined;
}) {
  const { t } = useT();
  const { pathname } = useLocation();
  const lead = useLeadForm({
    fields: AVAILABILITY_ALERT_FIELDS,
    schema: "availabilityAlertSchema",
    serverResult,
  });
  return (
    <section
      id="availability-alert"
      aria-labelledby="availability-alert-title"
      className="mt-6 rounded-3xl border border-sand-200 bg-white p-6 shadow-sm"
    >
      <h2 id="availability-alert-title" className="font-display text-xl text-sea-900">
        {t("availability.alertTitle")}
      </h2>
      {lead.result?.status === "ok" ? (
        <p role="status" className="mt-4 rounded-2xl bg-sea-50 p-5 font-medium text-sea-900">
          {t("availability.alertDone", { unit: unitName })}
        </p>
      ) : (
        <>
          <p className="mt-1 text-ink-600">{t("availability.alertIntro", { unit: unitName })}</p>
          <lead.fetcher.Form
            method="post"
            action={pathname}
            preventScrollReset
            onSubmit={lead.onSubmit}
            onFocus={lead.preload}
            noValidate
            className="relative mt-4 grid gap-4"
          >
            <HoneypotField />
            <input type="hidden" name="form" value={ALERT_FORM_MARKER} />
            <input type="hidden" name="page" value={pathname} />
            <TextField
              name="email"
              type="email"
              label={t("availability.alertEmail")}
              autoComplete="email"
              required
              maxLength={LIMITS.email}
              defaultValue={lead.values.email}
              error={lead.errors.email}
            />
            <TextField
              name="wantedFrom"
              type="date"
              label={t("availability.alertFrom")}
              optional
              defaultValue={lead.values.wantedFrom ?? suggestedDate ?? ""}
              error={lead.errors.wantedFrom}
            />
            <FormProblem result={lead.result} />
            <SubmitButton
              busy={lead.busy}
              label={t("availability.alertSubmit")}
              busyLabel={t("availability.alertSending")}
            />
          </lead.fetcher.Form>
        </>
      )}
    </section>
  );
}

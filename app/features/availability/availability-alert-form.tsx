import { useLocation } from "react-router";
import { ALERT_FORM_MARKER } from "../../domain/leads.ts";
import { useT } from "../../i18n/use-t.tsx";
import { FormProblem, LeadCard, LeadForm, SubmitButton, TextField } from "../leads/form-fields.tsx";
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
    <LeadCard
      id="availability-alert"
      title={t("availability.alertTitle")}
      intro={t("availability.alertIntro", { unit: unitName })}
      done={lead.result?.status === "ok" ? t("availability.alertDone", { unit: unitName }) : null}
      className="mt-6"
      titleClassName="text-xl"
    >
      <LeadForm lead={lead} action={pathname} page={pathname} className="mt-4 grid gap-4">
        <input type="hidden" name="form" value={ALERT_FORM_MARKER} />
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
      </LeadForm>
    </LeadCard>
  );
}

import { useLocation } from "react-router";
import { useT } from "../../i18n/use-t.tsx";
import { LiveConfirmation } from "../../ui/live-message.tsx";
import { FormEnd, LeadForm, TextAreaField, TextField } from "./form-fields.tsx";
import type { LeadFormResult } from "./lead-fields.ts";
import { ACCESSIBILITY_REPORT_FIELDS, LIMITS } from "./lead-fields.ts";
import { useLeadForm } from "./use-lead-form.ts";

/**
 * "Report a problem" on the accessibility statement: an e-mail to answer, the page, and what went
 * wrong; stored as a lead of the kind `accessibility` for the desk.
 */
export function AccessibilityReportForm({
  serverResult,
}: {
  serverResult?: LeadFormResult<string> | undefined;
}) {
  const { t } = useT();
  const { pathname } = useLocation();
  const lead = useLeadForm({
    fields: ACCESSIBILITY_REPORT_FIELDS,
    schema: "accessibilityReportSchema",
    serverResult,
  });
  const done = lead.result?.status === "ok" ? t("accessibility.done") : null;
  return (
    <>
      <LiveConfirmation
        message={done}
        className="mt-6 scroll-mt-24 rounded-2xl bg-sea-50 p-5 font-medium text-sea-900"
      />
      {done === null && (
        <LeadForm
          lead={lead}
          action={pathname}
          page={pathname}
          label={t("accessibility.reportTitle")}
          className="mt-6 grid gap-4 sm:grid-cols-2"
        >
          <TextField
            name="name"
            label={t("accessibility.name")}
            autoComplete="name"
            optional
            maxLength={LIMITS.name}
            defaultValue={lead.values.name}
            error={lead.errors.name}
          />
          <TextField
            name="email"
            type="email"
            label={t("accessibility.email")}
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            defaultValue={lead.values.email}
            error={lead.errors.email}
          />
          <TextField
            name="problemPage"
            label={t("accessibility.problemPage")}
            optional
            maxLength={LIMITS.problemPage}
            hint={t("accessibility.problemPageHint")}
            defaultValue={lead.values.problemPage}
            error={lead.errors.problemPage}
            className="sm:col-span-2"
          />
          <TextAreaField
            name="message"
            label={t("accessibility.message")}
            maxLength={LIMITS.message}
            defaultValue={lead.values.message}
            error={lead.errors.message}
            className="sm:col-span-2"
          />
          <FormEnd
            result={lead.result}
            busy={lead.busy}
            label={t("accessibility.submit")}
            busyLabel={t("accessibility.sending")}
          />
        </LeadForm>
      )}
    </>
  );
}

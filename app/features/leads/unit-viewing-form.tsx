import { useT } from "../../i18n/use-t.tsx";
import {
  ContactFields,
  FormEnd,
  LeadCard,
  LeadForm,
  SelectField,
  TextAreaField,
  TextField,
} from "./form-fields.tsx";
import type { LeadFormResult } from "./lead-fields.ts";
import { LIMITS, VIEWING_FIELDS, VIEWING_TIMES } from "./lead-fields.ts";
import { useLeadForm } from "./use-lead-form.ts";

/**
 * A unit page's viewing request: preferred days and a time of day. It posts to the unit's own
 * `/viewing` address (`action`), which also shows the answer when JavaScript is off.
 */
export function UnitViewingForm({
  unitName,
  action,
  page,
  serverResult,
}: {
  unitName: string;
  /** Where the form posts: the unit's path followed by /viewing. */
  action: string;
  /** The unit page, kept with the lead. */
  page: string;
  serverResult?: LeadFormResult<string> | undefined;
}) {
  const { t } = useT();
  const lead = useLeadForm({ fields: VIEWING_FIELDS, schema: "viewingSchema", serverResult });
  return (
    <LeadCard
      id="viewing"
      title={t("viewing.title")}
      intro={t("viewing.intro")}
      done={lead.result?.status === "ok" ? t("viewing.done", { unit: unitName }) : null}
      className="mt-10 max-w-3xl scroll-mt-24 sm:p-8"
    >
      <LeadForm
        lead={lead}
        action={action}
        page={page}
        label={t("viewing.title")}
        className="mt-6 grid gap-4 sm:grid-cols-2"
      >
        <ContactFields values={lead.values} errors={lead.errors} tenant />
        <TextField
          name="date"
          type="date"
          label={t("viewing.date")}
          required
          defaultValue={lead.values.date}
          error={lead.errors.date}
        />
        <TextField
          name="altDate"
          type="date"
          label={t("viewing.altDate")}
          optional
          defaultValue={lead.values.altDate}
          error={lead.errors.altDate}
        />
        <SelectField
          name="time"
          label={t("viewing.time")}
          options={VIEWING_TIMES.map((value) => ({
            value,
            label: t(`viewing.times.${value}`),
          }))}
          defaultValue={lead.values.time || "any"}
          error={lead.errors.time}
        />
        <TextAreaField
          name="message"
          label={t("viewing.message")}
          optional
          maxLength={LIMITS.message}
          defaultValue={lead.values.message}
          error={lead.errors.message}
          className="sm:col-span-2"
        />
        <FormEnd
          result={lead.result}
          busy={lead.busy}
          label={t("viewing.submit")}
          busyLabel={t("viewing.sending")}
        />
      </LeadForm>
    </LeadCard>
  );
}

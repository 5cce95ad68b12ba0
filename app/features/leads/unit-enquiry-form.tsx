import { useLocation } from "react-router";
import { useT } from "../../i18n/use-t.tsx";
import { phoneLink, whatsappLink } from "../../lib/contacts.ts";
import { useContacts } from "../../lib/use-contacts.ts";
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
import { LEASE_LENGTHS, LIMITS, UNIT_ENQUIRY_FIELDS } from "./lead-fields.ts";
import { useLeadForm } from "./use-lead-form.ts";

/**
 * The enquiry form of a unit page. When the page shows a demo unit because the database is down,
 * it says so and offers the phone and WhatsApp instead of taking an enquiry it could not keep.
 */
export function UnitEnquiryForm({
  unitName,
  offline,
  serverResult,
}: {
  unitName: string;
  offline: boolean;
  serverResult?: LeadFormResult<string> | undefined;
}) {
  const { t } = useT();
  const { pathname } = useLocation();
  const contacts = useContacts();
  const lead = useLeadForm({
    fields: UNIT_ENQUIRY_FIELDS,
    schema: "unitEnquirySchema",
    serverResult,
  });

  const done = lead.result?.status === "ok" ? t("enquiry.done", { unit: unitName }) : null;
  return (
    <LeadCard
      id="enquiry"
      title={t("enquiry.title")}
      intro={offline ? null : t("enquiry.intro")}
      done={offline ? null : done}
      className="mt-10 max-w-3xl scroll-mt-24 sm:p-8"
    >
      {offline ? (
        <div role="status" className="mt-4 space-y-4">
          <p className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
            {t("enquiry.offline")}
          </p>
          {contacts && (
            <div className="flex flex-wrap gap-3">
              <a
                href={phoneLink(contacts.phone)}
                className="rounded-full bg-sea-800 px-5 py-3 text-sm font-semibold text-white"
              >
                {t("roi.call")} · {contacts.phone}
              </a>
              <a
                href={whatsappLink(contacts.whatsapp, unitName)}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-full border border-sea-700 px-5 py-3 text-sm font-semibold text-sea-800"
              >
                WhatsApp
              </a>
            </div>
          )}
        </div>
      ) : (
        <LeadForm
          lead={lead}
          action={pathname}
          page={pathname}
          className="mt-6 grid gap-4 sm:grid-cols-2"
        >
          <ContactFields values={lead.values} errors={lead.errors} tenant />
          <SelectField
            name="lease"
            label={t("enquiry.lease")}
            options={LEASE_LENGTHS.map((value) => ({
              value,
              label: t(`enquiry.leases.${value}`),
            }))}
            defaultValue={lead.values.lease || "1-year"}
            error={lead.errors.lease}
          />
          <TextField
            name="moveIn"
            type="date"
            label={t("enquiry.moveIn")}
            optional
            defaultValue={lead.values.moveIn}
            error={lead.errors.moveIn}
          />
          <TextAreaField
            name="message"
            label={t("enquiry.message")}
            optional
            maxLength={LIMITS.message}
            defaultValue={lead.values.message}
            error={lead.errors.message}
            className="sm:col-span-2"
          />
          <FormEnd
            result={lead.result}
            busy={lead.busy}
            label={t("enquiry.submit")}
            busyLabel={t("enquiry.sending")}
          />
        </LeadForm>
      )}
    </LeadCard>
  );
}

import { useT } from "../../i18n/use-t.tsx";
import {
  FormProblem,
  HoneypotField,
  SelectField,
  SubmitButton,
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
    <section
      id="viewing"
      aria-labelledby="viewing-title"
      className="mt-10 max-w-3xl scroll-mt-24 rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="viewing-title" className="font-display text-2xl text-sea-900">
        {t("viewing.title")}
      </h2>
      {lead.result?.status === "ok" ? (
        <p role="status" className="mt-4 rounded-2xl bg-sea-50 p-5 font-medium text-sea-900">
          {t("viewing.done", { unit: unitName })}
        </p>
      ) : (
        <>
          <p className="mt-1 text-ink-600">{t("viewing.intro")}</p>
          <lead.fetcher.Form
            method="post"
            action={action}
            preventScrollReset
            onSubmit={lead.onSubmit}
            onFocus={lead.preload}
            noValidate
            aria-label={t("viewing.title")}
            className="relative mt-6 grid gap-4 sm:grid-cols-2"
          >
            <HoneypotField />
            <input type="hidden" name="page" value={page} />
            <TextField
              name="name"
              label={t("enquiry.name")}
              autoComplete="name"
              required
              maxLength={LIMITS.name}
              defaultValue={lead.values.name}
              error={lead.errors.name}
              className="sm:col-span-2"
            />
            <TextField
              name="email"
              type="email"
              label={t("enquiry.email")}
              autoComplete="email"
              maxLength={LIMITS.email}
              defaultValue={lead.values.email}
              error={lead.errors.email}
              hint={t("enquiry.contactHint")}
            />
            <TextField
              name="phone"
              type="tel"
              label={t("enquiry.phone")}
              autoComplete="tel"
              maxLength={LIMITS.phone}
              defaultValue={lead.values.phone}
              error={lead.errors.phone}
            />
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
            <div className="sm:col-span-2">
              <FormProblem result={lead.result} />
            </div>
            <div>
              <SubmitButton
                busy={lead.busy}
                label={t("viewing.submit")}
                busyLabel={t("viewing.sending")}
              />
            </div>
          </lead.fetcher.Form>
        </>
      )}
    </section>
  );
}

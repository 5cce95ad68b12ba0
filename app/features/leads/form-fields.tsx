import { type FormEvent, type ReactNode, useId } from "react";
import type { FetcherWithComponents } from "react-router";
import { useT } from "../../i18n/use-t.tsx";
import { LiveConfirmation, LiveProblem } from "../../ui/live-message.tsx";
import type { LeadFormResult } from "./lead-fields.ts";
import { type FieldErrors, type FormErrorKey, HONEYPOT_FIELD, LIMITS } from "./lead-fields.ts";

const inputClass =
  "mt-1.5 block w-full rounded-xl border border-sand-200 bg-white px-4 py-3 text-ink-900 shadow-sm transition placeholder:text-ink-500/70 aria-[invalid=true]:border-rose-600";

interface FieldProps {
  name: string;
  label: string;
  error?: FormErrorKey | undefined;
  hint?: string;
  optional?: boolean;
  className?: string;
}

function Field({
  label,
  error,
  hint,
  optional,
  className,
  children,
}: FieldProps & { children: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const { t } = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
        {optional && <span className="font-normal text-ink-500"> ({t("forms.optional")})</span>}
      </label>
      {children({ id, describedBy: describedBy || undefined })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-ink-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-rose-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}

export function TextField({
  type = "text",
  defaultValue,
  autoComplete,
  required,
  maxLength,
  placeholder,
  inputMode,
  onChange,
  ...props
}: FieldProps & {
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
  type?: "text" | "email" | "tel" | "date";
  defaultValue?: string | undefined;
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  inputMode?: "numeric" | "email" | "tel" | "text";
}) {
  return (
    <Field {...props}>
      {({ id, describedBy }) => (
        <input
          id={id}
          name={props.name}
          type={type}
          defaultValue={defaultValue}
          autoComplete={autoComplete}
          required={required}
          maxLength={maxLength}
          placeholder={placeholder}
          inputMode={inputMode}
          onChange={onChange}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/**
 * The consent box of a public form (`consent=yes` when ticked), with its error tied to it. The
 * colours suit the form's background: `textClass` for the label, `errorClass` for the error.
 */
export function ConsentField({
  label,
  checked,
  error,
  textClass = "text-ink-700",
  errorClass = "text-rose-700",
  accentClass = "accent-sea-800",
}: {
  label: string;
  checked: boolean;
  error?: FormErrorKey | undefined;
  textClass?: string;
  errorClass?: string;
  accentClass?: string;
}) {
  const { t } = useT();
  const errorId = `${useId()}-error`;
  return (
    <div>
      <label className={`flex items-start gap-3 text-sm ${textClass}`}>
        <input
          type="checkbox"
          name="consent"
          value="yes"
          required
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`mt-0.5 size-4 shrink-0 ${accentClass}`}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={errorId} className={`mt-1 text-sm font-medium ${errorClass}`}>
          {t(error)}
        </p>
      )}
    </div>
  );
}

export function TextAreaField({
  defaultValue,
  maxLength,
  ...props
}: FieldProps & { defaultValue?: string | undefined; maxLength?: number }) {
  return (
    <Field {...props}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          name={props.name}
          rows={3}
          defaultValue={defaultValue}
          maxLength={maxLength}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </Field>
  );
}

export function SelectField({
  options,
  defaultValue,
  required,
  ...props
}: FieldProps & {
  options: { value: string; label: string }[];
  defaultValue?: string | undefined;
  required?: boolean;
}) {
  return (
    <Field {...props}>
      {({ id, describedBy }) => (
        <select
          id={id}
          name={props.name}
          defaultValue={defaultValue}
          required={required}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A field people never see and bots fill in; a post with it filled is dropped. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The form-wide message of a refused post (rate limit, database down). */
export function FormProblem({ result }: { result: LeadFormResult<string> | undefined }) {
  const { t } = useT();
  const text =
    !result || result.status === "ok" || result.status === "invalid"
      ? null
      : result.status === "rate-limited"
        ? t("forms.rateLimited", { minutes: Math.max(1, Math.ceil(result.retryAfterSeconds / 60)) })
        : t("forms.unavailable");
  return (
    <LiveProblem
      message={text}
      className="rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm text-rose-900"
    />
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="inline-flex w-full items-center justify-center rounded-full bg-sea-800 px-6 py-3.5 font-semibold text-white shadow-sm transition hover:bg-sea-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 disabled:opacity-60 sm:w-auto"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** What LeadForm needs of `useLeadForm`'s state. */
interface LeadFormState {
  fetcher: { Form: FetcherWithComponents<unknown>["Form"] };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  preload: () => void;
}

/**
 * A public lead form: posts through the form's fetcher (a plain POST without JavaScript), checked
 * in the browser first, with the honeypot and the page the lead came from.
 */
export function LeadForm({
  lead,
  action,
  page,
  label,
  className,
  children,
}: {
  lead: LeadFormState;
  action: string;
  /** The page kept with the lead. */
  page: string;
  label?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <lead.fetcher.Form
      method="post"
      action={action}
      preventScrollReset
      onSubmit={lead.onSubmit}
      onFocus={lead.preload}
      noValidate
      aria-label={label}
      className={`relative ${className}`}
    >
      <HoneypotField />
      <input type="hidden" name="page" value={page} />
      {children}
    </lead.fetcher.Form>
  );
}

/** The end of a two-column lead form: what went wrong, if anything, then the send button. */
export function FormEnd({
  result,
  busy,
  label,
  busyLabel,
}: {
  result: LeadFormResult<string> | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      <div className="sm:col-span-2">
        <FormProblem result={result} />
      </div>
      <div>
        <SubmitButton busy={busy} label={label} busyLabel={busyLabel} />
      </div>
    </>
  );
}

/**
 * The card of a unit page's lead form: its title, then the intro and the form, or once the lead
 * is stored, the thanks (announced to screen readers, and focused).
 */
export function LeadCard({
  id,
  title,
  intro,
  done,
  className,
  titleClassName = "text-2xl",
  children,
}: {
  id: string;
  title: string;
  /** The line under the title; null for none. */
  intro: string | null;
  /** The thanks, once the lead is stored; null before. */
  done: string | null;
  className: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`rounded-3xl border border-sand-200 bg-white p-6 shadow-sm ${className}`}
    >
      <h2 id={`${id}-title`} className={`font-display text-sea-900 ${titleClassName}`}>
        {title}
      </h2>
      <LiveConfirmation
        message={done}
        className="mt-4 scroll-mt-24 rounded-2xl bg-sea-50 p-5 font-medium text-sea-900"
      />
      {done === null && (
        <>
          {intro !== null && <p className="mt-1 text-ink-600">{intro}</p>}
          {children}
        </>
      )}
    </section>
  );
}

/**
 * The contact block of a lead form: name, e-mail and phone. Owners give a name and an e-mail
 * (phone optional); a tenant gives a name and an e-mail or a phone, which the e-mail's hint says.
 */
export function ContactFields({
  values,
  errors,
  tenant = false,
}: {
  values: Partial<Record<"name" | "email" | "phone", string>>;
  errors: FieldErrors;
  /** The unit forms' variant: the name across both columns, either e-mail or phone. */
  tenant?: boolean;
}) {
  const { t } = useT();
  return (
    <>
      <TextField
        name="name"
        label={t("enquiry.name")}
        autoComplete="name"
        required
        maxLength={LIMITS.name}
        defaultValue={values.name}
        error={errors.name}
        className={tenant ? "sm:col-span-2" : undefined}
      />
      <TextField
        name="email"
        type="email"
        label={t("enquiry.email")}
        autoComplete="email"
        required={!tenant}
        maxLength={LIMITS.email}
        defaultValue={values.email}
        error={errors.email}
        hint={tenant ? t("enquiry.contactHint") : undefined}
      />
      <TextField
        name="phone"
        type="tel"
        label={t("enquiry.phone")}
        autoComplete="tel"
        optional={!tenant}
        maxLength={LIMITS.phone}
        defaultValue={values.phone}
        error={errors.phone}
      />
    </>
  );
}

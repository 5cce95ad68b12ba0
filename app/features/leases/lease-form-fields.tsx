/**
 * The lease form's fields, for a new lease and for a draft's edit: the HTML limits come from the
 * schema's (`LIMITS`, `MAX_BAHT`, `MAX_DUE_DAY`); the action's messages show under each field.
 */
import type React from "react";
import { TERM_LABELS } from "../../domain/lease-rules.ts";
import { LEASE_TERMS, MAX_DUE_DAY, TENANT_LANGUAGES } from "../../domain/leases.ts";
import { LabelOptions } from "../../ui/label-options.tsx";
import { baht, LANGUAGE_LABELS } from "./lease-labels.ts";
import { LIMITS, MAX_BAHT } from "./lease-schema.ts";

/** A tenant's values shown in the form (absent: empty). */
export interface TenantDefaults {
  name?: string;
  nationality?: string;
  passportNumber?: string;
  email?: string;
  phone?: string;
  language?: string;
  visaType?: string;
  permittedStayUntil?: string;
  arrivalDate?: string;
  portOfEntry?: string;
}

/** The lease's own values shown in the form (absent: empty, the unit's defaults apply). */
export interface LeaseDefaults {
  propertyId?: number | null;
  term?: string;
  startDate?: string;
  endDate?: string;
  monthlyRent?: number;
  deposit?: number;
  dueDay?: number;
  notes?: string;
}

export interface LeaseUnitOption {
  id: number;
  name: string;
  building: string;
  unitCode: string;
  pricingYearly: number;
  pricingSixMonth: number;
  pricingMonthly: number;
}

const field = "mt-1 block w-full rounded-lg border border-sand-200 px-3 py-2";

export function Field({
  name,
  label,
  errors,
  children,
  hint,
}: {
  name: string;
  label: string;
  errors: Record<string, string>;
  hint?: string;
  children: (props: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
    className: string;
  }) => React.ReactNode;
}) {
  const id = `f-${name.replace(/\./g, "-")}`;
  const error = errors[name];
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children({
        id,
        name,
        className: field,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(described ? { "aria-describedby": described } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TenantFields({
  index,
  errors,
  prefill,
}: {
  index: number;
  errors: Record<string, string>;
  prefill?: TenantDefaults | undefined;
}) {
  const n = (f: string) => `tenants.${index}.${f}`;
  return (
    <fieldset className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-sand-200 sm:grid-cols-3">
      <legend className="px-1 font-semibold text-sea-900">
        {index === 0 ? "Main tenant" : `Tenant ${index + 1} (optional)`}
      </legend>
      <Field name={n("name")} label="Full name (as in the passport)" errors={errors}>
        {(p) => (
          <input {...p} maxLength={LIMITS.name} defaultValue={prefill?.name} autoComplete="off" />
        )}
      </Field>
      <Field name={n("nationality")} label="Nationality" errors={errors}>
        {(p) => <input {...p} maxLength={LIMITS.nationality} defaultValue={prefill?.nationality} />}
      </Field>
      <Field name={n("passportNumber")} label="Passport number" errors={errors}>
        {(p) => (
          <input
            {...p}
            maxLength={LIMITS.passport}
            autoComplete="off"
            defaultValue={prefill?.passportNumber}
          />
        )}
      </Field>
      <Field name={n("email")} label="E-mail" errors={errors}>
        {(p) => (
          <input {...p} type="email" maxLength={LIMITS.email} defaultValue={prefill?.email} />
        )}
      </Field>
      <Field name={n("phone")} label="Phone" errors={errors}>
        {(p) => <input {...p} type="tel" maxLength={LIMITS.phone} defaultValue={prefill?.phone} />}
      </Field>
      <Field name={n("language")} label="Language of mail and contract" errors={errors}>
        {(p) => (
          <select {...p} defaultValue={prefill?.language ?? "en"}>
            <LabelOptions values={TENANT_LANGUAGES} labels={LANGUAGE_LABELS} />
          </select>
        )}
      </Field>
      <Field name={n("visaType")} label="Visa type" errors={errors}>
        {(p) => <input {...p} maxLength={LIMITS.visaType} defaultValue={prefill?.visaType} />}
      </Field>
      <Field name={n("permittedStayUntil")} label="Permitted to stay until" errors={errors}>
        {(p) => <input {...p} type="date" defaultValue={prefill?.permittedStayUntil} />}
      </Field>
      <Field name={n("arrivalDate")} label="Arrival in Thailand" errors={errors}>
        {(p) => <input {...p} type="date" defaultValue={prefill?.arrivalDate} />}
      </Field>
      <Field name={n("portOfEntry")} label="Port of entry" errors={errors}>
        {(p) => <input {...p} maxLength={LIMITS.port} defaultValue={prefill?.portOfEntry} />}
      </Field>
    </fieldset>
  );
}

/** The lease's terms: unit, term, dates, rent, deposit, due day and notes. */
export function LeaseTermsFields({
  units,
  errors,
  values,
}: {
  units: LeaseUnitOption[];
  errors: Record<string, string>;
  values: LeaseDefaults;
}) {
  return (
    <fieldset className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-sand-200 sm:grid-cols-4">
      <legend className="px-1 font-semibold text-sea-900">The lease</legend>
      <Field name="propertyId" label="Unit" errors={errors}>
        {(p) => (
          <select {...p} required defaultValue={values.propertyId ? String(values.propertyId) : ""}>
            <option value="">Choose a unit</option>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.building} {u.unitCode}) — {baht(u.pricingYearly)} /{" "}
                {baht(u.pricingSixMonth)} / {baht(u.pricingMonthly)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="term" label="Term" errors={errors}>
        {(p) => (
          <select {...p} defaultValue={values.term ?? "year"}>
            <LabelOptions values={LEASE_TERMS} labels={TERM_LABELS} />
          </select>
        )}
      </Field>
      <Field name="startDate" label="Start (move-in day)" errors={errors}>
        {(p) => <input {...p} type="date" required defaultValue={values.startDate} />}
      </Field>
      <Field
        name="endDate"
        label="End (first free day)"
        errors={errors}
        hint="Custom dates only; a fixed term ends by itself."
      >
        {(p) => <input {...p} type="date" defaultValue={values.endDate} />}
      </Field>
      <Field
        name="monthlyRent"
        label="Monthly rent (THB)"
        errors={errors}
        hint="Empty: the unit's price for the term."
      >
        {(p) => (
          <input
            {...p}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={12}
            defaultValue={values.monthlyRent}
          />
        )}
      </Field>
      <Field
        name="deposit"
        label="Deposit (THB)"
        errors={errors}
        hint="Empty: 2 months' rent for 12 months, 1 month otherwise. With a month's rent in advance, at most 3 months' rent."
      >
        {(p) => (
          <input
            {...p}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={String(MAX_BAHT).length + 3}
            defaultValue={values.deposit}
          />
        )}
      </Field>
      <Field
        name="dueDay"
        label="Rent due on day"
        errors={errors}
        hint={`1 to ${MAX_DUE_DAY}; empty: the start's day.`}
      >
        {(p) => (
          <input {...p} type="number" min={1} max={MAX_DUE_DAY} defaultValue={values.dueDay} />
        )}
      </Field>
      <Field name="notes" label="Notes (desk only)" errors={errors}>
        {(p) => <textarea {...p} maxLength={LIMITS.notes} rows={2} defaultValue={values.notes} />}
      </Field>
    </fieldset>
  );
}

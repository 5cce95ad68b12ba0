import { data, Form, Link, useNavigation } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { businessToday } from "../domain/date-time.ts";
import { TERM_LABELS } from "../domain/lease-rules.ts";
import { LEASE_TERMS, MAX_DUE_DAY, TENANT_LANGUAGES } from "../domain/leases.ts";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { newLeaseAction } from "../features/leases/lease-actions.server.ts";
import { baht, LANGUAGE_LABELS } from "../features/leases/lease-labels.ts";
import { LIMITS, MAX_BAHT } from "../features/leases/lease-schema.ts";
import { leaseDraftFromLead, leaseUnits } from "../features/leases/leases.server.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.lease-new";

export function meta() {
  return [{ title: "Admin — New lease" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const db = getRuntime().database.db;
  const leadParam = url.searchParams.get("lead");
  const leadId = leadParam === null ? null : parseId(leadParam);
  if (leadParam !== null && leadId === null)
    throw data({ error: "That lead does not exist." }, { status: 404 });
  const lead = leadId === null ? null : await leaseDraftFromLead(db, leadId);
  if (leadId !== null && !lead) throw data({ error: "That lead does not exist." }, { status: 404 });
  return { email: admin.email, units: await leaseUnits(db), lead, today: businessToday() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  return newLeaseAction(request, admin.id);
}

const field = "mt-1 block w-full rounded-lg border border-sand-200 px-3 py-2";

function Field({
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

function TenantFields({
  index,
  errors,
  prefill,
}: {
  index: number;
  errors: Record<string, string>;
  prefill?: { name: string; email: string; phone: string; language: string } | undefined;
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
        {(p) => <input {...p} maxLength={LIMITS.nationality} />}
      </Field>
      <Field name={n("passportNumber")} label="Passport number" errors={errors}>
        {(p) => <input {...p} maxLength={LIMITS.passport} autoComplete="off" />}
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
            {TENANT_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_LABELS[l]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name={n("visaType")} label="Visa type" errors={errors}>
        {(p) => <input {...p} maxLength={LIMITS.visaType} />}
      </Field>
      <Field name={n("permittedStayUntil")} label="Permitted to stay until" errors={errors}>
        {(p) => <input {...p} type="date" />}
      </Field>
      <Field name={n("arrivalDate")} label="Arrival in Thailand" errors={errors}>
        {(p) => <input {...p} type="date" />}
      </Field>
      <Field name={n("portOfEntry")} label="Port of entry" errors={errors}>
        {(p) => <input {...p} maxLength={LIMITS.port} />}
      </Field>
    </fieldset>
  );
}

export default function NewLease({ loaderData, actionData }: Route.ComponentProps) {
  const { units, lead, today } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <AdminLayout
      title={lead ? `New lease from lead #${lead.leadId}` : "New lease"}
      email={loaderData.email}
      actions={
        <Link to="/admin/leases" className={buttonStyles.secondary}>
          All leases
        </Link>
      }
    >
      <Form method="post" noValidate className="space-y-6" aria-label="New lease">
        {lead && <input type="hidden" name="leadId" value={lead.leadId} />}
        {actionData && !actionData.ok && (
          <p role="alert" className="rounded-lg bg-rose-50 p-3 text-rose-800">
            {actionData.message}
          </p>
        )}
        <fieldset className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-sand-200 sm:grid-cols-4">
          <legend className="px-1 font-semibold text-sea-900">The lease</legend>
          <Field name="propertyId" label="Unit" errors={errors}>
            {(p) => (
              <select
                {...p}
                required
                defaultValue={lead?.propertyId ? String(lead.propertyId) : ""}
              >
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
              <select {...p} defaultValue={lead?.term ?? "year"}>
                {LEASE_TERMS.map((t) => (
                  <option key={t} value={t}>
                    {TERM_LABELS[t]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="startDate" label="Start (move-in day)" errors={errors}>
            {(p) => <input {...p} type="date" required defaultValue={today} />}
          </Field>
          <Field
            name="endDate"
            label="End (first free day)"
            errors={errors}
            hint="Custom dates only; a fixed term ends by itself."
          >
            {(p) => <input {...p} type="date" />}
          </Field>
          <Field
            name="monthlyRent"
            label="Monthly rent (THB)"
            errors={errors}
            hint="Empty: the unit's price for the term."
          >
            {(p) => <input {...p} inputMode="numeric" pattern="[0-9]*" maxLength={12} />}
          </Field>
          <Field
            name="deposit"
            label="Deposit (THB)"
            errors={errors}
            hint="Empty: 2 months' rent for 12 months, 1 month otherwise."
          >
            {(p) => (
              <input
                {...p}
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={String(MAX_BAHT).length + 3}
              />
            )}
          </Field>
          <Field
            name="dueDay"
            label="Rent due on day"
            errors={errors}
            hint={`1 to ${MAX_DUE_DAY}; empty: the start's day.`}
          >
            {(p) => <input {...p} type="number" min={1} max={MAX_DUE_DAY} />}
          </Field>
          <Field name="notes" label="Notes (desk only)" errors={errors}>
            {(p) => <textarea {...p} maxLength={LIMITS.notes} rows={2} />}
          </Field>
        </fieldset>
        {errors.tenants && (
          <p role="alert" className="text-rose-700">
            {errors.tenants}
          </p>
        )}
        <TenantFields index={0} errors={errors} prefill={lead?.tenant} />
        <TenantFields index={1} errors={errors} />
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {busy ? "Saving…" : "Save draft"}
        </button>
      </Form>
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="New lease" failed="Failed to load the new lease form" />;
}

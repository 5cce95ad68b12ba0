import type { ReactNode } from "react";
import { Form, href, Link, useActionData, useNavigation } from "react-router";
import { businessToday, formatAdminDateTime } from "../../domain/date-time.ts";
import { TERM_LABELS } from "../../domain/lease-rules.ts";
import { MAX_TENANTS, PAYMENT_METHODS } from "../../domain/leases.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { LabelOptions } from "../../ui/label-options.tsx";
import type { LeaseActionResult } from "./lease-actions.server.ts";
import { LeaseTermsFields, type LeaseUnitOption, TenantFields } from "./lease-form-fields.tsx";
import {
  baht,
  DEPOSIT_LABELS,
  DUE_STATE_LABELS,
  EVENT_LABELS,
  LANGUAGE_LABELS,
  METHOD_LABELS,
  STATUS_LABELS,
  TM30_REASON_LABELS,
} from "./lease-labels.ts";
import { LeasePhotoField } from "./lease-photo-field.tsx";
import { LIMITS } from "./lease-schema.ts";
import type { LeaseDetails } from "./leases.server.ts";

const input = "mt-1 block w-full rounded-lg border border-sand-200 px-3 py-2";
const card = "rounded-xl bg-white p-4 ring-1 ring-sand-200";
const heading = "mb-2 text-lg font-semibold text-sea-900";

function Notice({ form }: { form: string }) {
  const result = useActionData<LeaseActionResult>();
  if (!result || result.form !== form) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-2 text-sm ${result.ok ? "text-emerald-800" : "text-rose-700"}`}
    >
      {result.message}
    </p>
  );
}

/** A labelled input with its error from the last post of `form`, tied by aria-describedby. */
function Input({
  form,
  name,
  label,
  ...rest
}: { form: string; name: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const result = useActionData<LeaseActionResult>();
  const error =
    result && !result.ok && result.form === form ? result.fieldErrors?.[name] : undefined;
  const id = `${form}-${name}`;
  return (
    <div className="text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={input}
        {...(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})}
        {...rest}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The photo field of `form`, with the last post's message for it. */
function PhotoInput({ form, label }: { form: string; label: string }) {
  const result = useActionData<LeaseActionResult>();
  const error =
    result && !result.ok && result.form === form ? result.fieldErrors?.photo : undefined;
  return <LeasePhotoField label={label} error={error} errorId={`${form}-photo-error`} />;
}

/** A stored photo, linked to itself at its stored size. */
function Photo({ path, alt }: { path: string; alt: string }) {
  return (
    <a href={`/media/${path}`} className="mt-1 inline-block">
      <img src={`/media/${path}`} alt={alt} className="h-20 rounded" loading="lazy" />
    </a>
  );
}

/** A draft's form: the new-lease form's fields, filled with the draft's values. */
function EditDraft({ lease, units }: { lease: LeaseDetails; units: LeaseUnitOption[] }) {
  const result = useActionData<LeaseActionResult>();
  const busy = useNavigation().state === "submitting";
  const mine = result?.form === "edit" ? result : undefined;
  const errors = mine && !mine.ok ? (mine.fieldErrors ?? {}) : {};
  const slots = Math.min(MAX_TENANTS, Math.max(2, lease.tenants.length));
  const text = (v: string | null) => v ?? undefined;
  return (
    <section aria-labelledby="edit-heading" className={card}>
      <details open={mine !== undefined && !mine.ok}>
        <summary id="edit-heading" className={`${heading} cursor-pointer`}>
          Edit the draft
        </summary>
        <Form
          key={lease.version}
          method="post"
          noValidate
          className="mt-3 space-y-4"
          aria-label="Edit the draft"
        >
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="version" value={lease.version} />
          <LeaseTermsFields
            units={units}
            errors={errors}
            values={{
              propertyId: lease.unit.id,
              term: lease.term,
              startDate: lease.startDate,
              endDate: lease.term === "custom" ? lease.endDate : undefined,
              monthlyRent: lease.monthlyRent,
              deposit: lease.deposit,
              dueDay: lease.dueDay,
              notes: lease.notes,
            }}
          />
          {errors.tenants && (
            <p role="alert" className="text-sm text-rose-700">
              {errors.tenants}
            </p>
          )}
          {Array.from({ length: slots }, (_, i) => {
            const t = lease.tenants[i];
            return (
              <TenantFields
                // biome-ignore lint/suspicious/noArrayIndexKey: the slots are fixed positions.
                key={i}
                index={i}
                errors={errors}
                prefill={
                  t && {
                    name: text(t.name),
                    nationality: text(t.nationality),
                    passportNumber: text(t.passportNumber),
                    email: text(t.email),
                    phone: text(t.phone),
                    language: t.language,
                    visaType: text(t.visaType),
                    permittedStayUntil: text(t.permittedStayUntil),
                    arrivalDate: text(t.arrivalDate),
                    portOfEntry: text(t.portOfEntry),
                  }
                }
              />
            );
          })}
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            Save the draft
          </button>
        </Form>
      </details>
      <Notice form="edit" />
    </section>
  );
}

function StatusActions({ lease, today }: { lease: LeaseDetails; today: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="status-heading" className={card}>
      <h2 id="status-heading" className={heading}>
        Status: {STATUS_LABELS[lease.status]}
      </h2>
      <div className="flex flex-wrap gap-2">
        {lease.status === "draft" && (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="sign"
              className={buttonStyles.primary}
              disabled={busy}
            >
              Sign (put on the calendar)
            </button>
          </Form>
        )}
        {lease.status === "signed" && (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="activate"
              className={buttonStyles.primary}
              disabled={busy}
            >
              Tenant moved in (activate)
            </button>
          </Form>
        )}
        {(lease.status === "draft" || lease.status === "signed") && (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="cancel"
              className={buttonStyles.danger}
              disabled={busy}
            >
              Cancel lease
            </button>
          </Form>
        )}
      </div>
      <Notice form="status" />
      {(lease.status === "signed" || lease.status === "active") && (
        <Form
          method="post"
          className="mt-4 flex flex-wrap items-end gap-2"
          aria-label="Move the end"
        >
          <input type="hidden" name="intent" value="change-end" />
          <Input
            form="change-end"
            name="endDate"
            label="New end (first free day)"
            type="date"
            required
            defaultValue={lease.endDate}
          />
          <button type="submit" className={buttonStyles.secondary} disabled={busy}>
            Move the end
          </button>
        </Form>
      )}
      <Notice form="change-end" />
      {lease.status === "active" && (
        <Form
          method="post"
          className="mt-4 flex flex-wrap items-end gap-2"
          aria-label="End the lease"
        >
          <input type="hidden" name="intent" value="end" />
          <Input
            form="end"
            name="endedOn"
            label="Moved out (first free day)"
            type="date"
            required
            defaultValue={today < lease.endDate ? today : lease.endDate}
          />
          <button type="submit" className={buttonStyles.secondary} disabled={busy}>
            End the lease
          </button>
        </Form>
      )}
      <Notice form="end" />
    </section>
  );
}

function Tenants({ lease }: { lease: LeaseDetails }) {
  return (
    <section aria-labelledby="tenants-heading" className={card}>
      <h2 id="tenants-heading" className={heading}>
        Tenants
      </h2>
      {lease.personalDataErasedAt && (
        <p className="mb-2 text-sm text-ink-600">
          Personal data erased {formatAdminDateTime(lease.personalDataErasedAt)}.
        </p>
      )}
      {lease.tenants.map((t) => (
        <dl
          key={t.id}
          className="mb-3 grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-sm break-words"
        >
          <dt className="font-medium">Name</dt>
          <dd>{t.name ?? <em>erased</em>}</dd>
          <dt className="font-medium">Nationality</dt>
          <dd>{t.nationality ?? "—"}</dd>
          <dt className="font-medium">Passport</dt>
          <dd>{t.passportNumber ?? "—"}</dd>
          <dt className="font-medium">E-mail</dt>
          <dd>{t.email ?? "—"}</dd>
          <dt className="font-medium">Phone</dt>
          <dd>{t.phone ?? "—"}</dd>
          <dt className="font-medium">Language</dt>
          <dd>{LANGUAGE_LABELS[t.language]}</dd>
          <dt className="font-medium">Visa, permitted stay</dt>
          <dd>
            {t.visaType ?? "—"}
            {t.permittedStayUntil ? `, until ${t.permittedStayUntil}` : ""}
          </dd>
          <dt className="font-medium">Arrival, port</dt>
          <dd>
            {t.arrivalDate ?? "—"}
            {t.portOfEntry ? `, ${t.portOfEntry}` : ""}
          </dd>
        </dl>
      ))}
    </section>
  );
}

function Dues({ lease }: { lease: LeaseDetails }) {
  const busy = useNavigation().state === "submitting";
  const open = lease.dues.filter((d) => d.paid < d.amount);
  const takesPayments = lease.status !== "draft" && lease.status !== "cancelled";
  return (
    <section id="dues" aria-labelledby="dues-heading" className={`${card} lg:col-span-2`}>
      <h2 id="dues-heading" className={heading}>
        Dues and payments
      </h2>
      <p className="mb-2 text-sm">
        Due in all {baht(lease.totals.due)}, paid {baht(lease.totals.paid)}
        {lease.totals.overdue > 0 && (
          <strong className="text-rose-800">, overdue {baht(lease.totals.overdue)}</strong>
        )}
        .
      </p>
      {lease.dues.length === 0 ? (
        <p className="text-sm text-ink-600">The dues are written when the lease is signed.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Dues</caption>
            <thead className="bg-sand-100">
              <tr>
                <th scope="col" className="px-2 py-1">
                  Due
                </th>
                <th scope="col" className="px-2 py-1">
                  For
                </th>
                <th scope="col" className="px-2 py-1">
                  Amount
                </th>
                <th scope="col" className="px-2 py-1">
                  Paid
                </th>
                <th scope="col" className="px-2 py-1">
                  State
                </th>
              </tr>
            </thead>
            <tbody>
              {lease.dues.map((d) => (
                <tr
                  key={d.id}
                  data-due={d.id}
                  className={`border-t border-sand-200 ${d.state === "overdue" ? "bg-rose-50 font-semibold text-rose-900" : ""}`}
                >
                  <td className="px-2 py-1 whitespace-nowrap">{d.dueDate}</td>
                  <td className="px-2 py-1">
                    {d.kind === "deposit" ? "Deposit" : `Rent ${d.periodStart} → ${d.periodEnd}`}
                  </td>
                  <td className="px-2 py-1 whitespace-nowrap">{baht(d.amount)}</td>
                  <td className="px-2 py-1 whitespace-nowrap">{baht(d.paid)}</td>
                  <td className="px-2 py-1">{DUE_STATE_LABELS[d.state]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {takesPayments && open.length > 0 && (
        <Form
          method="post"
          className="mt-4 grid gap-3 sm:grid-cols-6 sm:items-end"
          aria-label="Record a payment"
        >
          <input type="hidden" name="intent" value="payment" />
          <div className="text-sm sm:col-span-2">
            <label htmlFor="payment-dueId" className="font-medium">
              Due
            </label>
            <select
              id="payment-dueId"
              name="dueId"
              className={input}
              defaultValue={String(open[0]?.id)}
            >
              {open.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.dueDate} {d.kind === "deposit" ? "deposit" : "rent"}, {baht(d.amount - d.paid)}{" "}
                  owed
                </option>
              ))}
            </select>
          </div>
          <Input
            form="payment"
            name="paidOn"
            label="Paid on"
            type="date"
            required
            defaultValue={businessToday()}
          />
          <Input
            form="payment"
            name="amount"
            label="Amount (THB)"
            inputMode="numeric"
            required
            maxLength={12}
          />
          <div className="text-sm">
            <label htmlFor="payment-method" className="font-medium">
              Method
            </label>
            <select
              id="payment-method"
              name="method"
              className={input}
              defaultValue="bank-transfer"
            >
              <LabelOptions values={PAYMENT_METHODS} labels={METHOD_LABELS} />
            </select>
          </div>
          <Input form="payment" name="reference" label="Reference" maxLength={LIMITS.reference} />
          <div className="sm:col-span-6">
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              Record payment
            </button>
          </div>
        </Form>
      )}
      <Notice form="payment" />
      {lease.payments.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Payments</h3>
          <ul className="text-sm" aria-label="Payments">
            {lease.payments.map((p) => (
              <li key={p.id}>
                {p.paidOn}: {baht(p.amount)} by {METHOD_LABELS[p.method]}
                {p.reference ? ` (${p.reference})` : ""}
                {p.recordedBy ? `, recorded by ${p.recordedBy}` : ""}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Deposit({ lease, today }: { lease: LeaseDetails; today: string }) {
  const busy = useNavigation().state === "submitting";
  const d = lease.depositInfo;
  const late = d.deadline !== null && d.status !== "returned" && d.deadline < today;
  return (
    <section id="deposit" aria-labelledby="deposit-heading" className={card}>
      <h2 id="deposit-heading" className={heading}>
        Deposit: {baht(lease.deposit)}, {DEPOSIT_LABELS[d.status]}
      </h2>
      <dl className="grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">Received</dt>
        <dd>{d.receivedOn ?? "—"}</dd>
        <dt className="font-medium">Deducted</dt>
        <dd>{baht(d.deducted)}</dd>
        <dt className="font-medium">To return</dt>
        <dd>{baht(d.toReturn)}</dd>
        {d.deadline && (
          <>
            <dt className="font-medium">Return by</dt>
            <dd className={late ? "font-semibold text-rose-800" : ""}>
              {d.deadline}
              {late ? " — late" : ""}
            </dd>
          </>
        )}
        {d.returnedOn && (
          <>
            <dt className="font-medium">Returned</dt>
            <dd>
              {d.returnedOn}: {baht(d.returnedAmount ?? 0)}
            </dd>
          </>
        )}
      </dl>
      {d.deductions.length > 0 && (
        <ul className="mt-2 text-sm" aria-label="Deductions">
          {d.deductions.map((x) => (
            <li key={x.id} data-deduction={x.id}>
              {baht(x.amount)}: {x.reason}
              {x.isRepair ? " (repair)" : ""}
              {x.mediaKey && (
                <div>
                  <Photo path={x.mediaKey} alt={`Photo of the deduction: ${x.reason}`} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {d.status === "pending" && lease.status !== "draft" && (
        <Form
          method="post"
          className="mt-3 flex flex-wrap items-end gap-2"
          aria-label="Deposit received"
        >
          <input type="hidden" name="intent" value="deposit-received" />
          <Input
            form="deposit"
            name="receivedOn"
            label="Received on"
            type="date"
            required
            defaultValue={today}
          />
          <button type="submit" className={buttonStyles.secondary} disabled={busy}>
            Mark received
          </button>
        </Form>
      )}
      {d.status === "received" && (
        <Form method="post" className="mt-3" aria-label="Deposit held">
          <input type="hidden" name="intent" value="deposit-held" />
          <input type="hidden" name="receivedOn" value={today} />
          <button type="submit" className={buttonStyles.secondary} disabled={busy}>
            Mark held
          </button>
        </Form>
      )}
      {(d.status === "received" || d.status === "held") && (
        <Form
          key={d.deductions.length}
          method="post"
          className="mt-3 grid gap-2 sm:grid-cols-3 sm:items-end"
          aria-label="Add a deduction"
        >
          <input type="hidden" name="intent" value="deduction" />
          <Input
            form="deduction"
            name="amount"
            label="Deduction (THB)"
            inputMode="numeric"
            required
            maxLength={12}
          />
          <Input form="deduction" name="reason" label="Reason" required maxLength={LIMITS.reason} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="isRepair" /> A repair
          </label>
          <div className="sm:col-span-3">
            <PhotoInput form="deduction" label="Photo of the damage" />
          </div>
          <div className="sm:col-span-3">
            <button type="submit" className={buttonStyles.secondary} disabled={busy}>
              Add deduction
            </button>
          </div>
        </Form>
      )}
      <Notice form="deduction" />
      {(d.status === "received" || d.status === "held") &&
        (lease.status === "ended" || lease.status === "cancelled") && (
          <Form
            method="post"
            className="mt-3 flex flex-wrap items-end gap-2"
            aria-label="Return the deposit"
          >
            <input type="hidden" name="intent" value="deposit-return" />
            <Input
              form="deposit"
              name="returnedOn"
              label="Returned on"
              type="date"
              required
              defaultValue={today}
            />
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              Return {baht(d.toReturn)}
            </button>
          </Form>
        )}
      <Notice form="deposit" />
    </section>
  );
}

function Tasks({ lease }: { lease: LeaseDetails }) {
  const busy = useNavigation().state === "submitting";
  const tenant = (id: number | null) => lease.tenants.find((t) => t.id === id);
  return (
    <section id="tasks" aria-labelledby="tasks-heading" className={card}>
      <h2 id="tasks-heading" className={heading}>
        TM30 reports
      </h2>
      {lease.tasks.length === 0 && <p className="text-sm text-ink-600">No TM30 task.</p>}
      <ul className="space-y-3">
        {lease.tasks.map((task) => {
          const t = tenant(task.tenantId);
          return (
            <li key={task.id} className="text-sm" data-task={task.id}>
              <p className={task.overdue ? "font-semibold text-rose-800" : "font-medium"}>
                Report to Immigration (TM30) within 24 hours — {TM30_REASON_LABELS[task.reason]}
                {task.doneAt
                  ? `: done ${formatAdminDateTime(task.doneAt)}, receipt ${task.receiptNumber}`
                  : `: ${task.overdue ? "overdue since" : "due by"} ${formatAdminDateTime(task.dueAt)}`}
              </p>
              {task.receiptMediaKey && (
                <Photo
                  path={task.receiptMediaKey}
                  alt={`TM30 receipt ${task.receiptNumber ?? ""}`}
                />
              )}
              {t && (
                <p className="text-ink-600">
                  {t.name ?? "erased"}, {t.nationality ?? "nationality?"}, passport{" "}
                  {t.passportNumber ?? "?"}, arrived {t.arrivalDate ?? "?"}, visa{" "}
                  {t.visaType ?? "?"}, permitted until {t.permittedStayUntil ?? "?"}, port{" "}
                  {t.portOfEntry ?? "?"}
                </p>
              )}
              {!task.doneAt && (
                <Form
                  method="post"
                  className="mt-1 flex flex-wrap items-end gap-2"
                  aria-label={`Report ${task.id} done`}
                >
                  <input type="hidden" name="intent" value="tm30-done" />
                  <input type="hidden" name="taskId" value={task.id} />
                  <Input
                    form={`task-${task.id}`}
                    name="receiptNumber"
                    label="Receipt number"
                    required
                    maxLength={LIMITS.receipt}
                  />
                  <PhotoInput form={`task-${task.id}`} label="Photo of the receipt" />
                  <button type="submit" className={buttonStyles.secondary} disabled={busy}>
                    Reported
                  </button>
                </Form>
              )}
              <Notice form={`task-${task.id}`} />
            </li>
          );
        })}
      </ul>
      {(lease.status === "signed" || lease.status === "active") && lease.tenants.length > 0 && (
        <Form
          method="post"
          className="mt-4 grid gap-2 sm:grid-cols-3 sm:items-end"
          aria-label="Tenant back from abroad"
        >
          <input type="hidden" name="intent" value="returned" />
          <div className="text-sm">
            <label htmlFor="returned-tenantId" className="font-medium">
              Tenant back from abroad
            </label>
            <select id="returned-tenantId" name="tenantId" className={input}>
              {lease.tenants.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name ?? `Tenant ${t.position + 1}`}
                </option>
              ))}
            </select>
          </div>
          <Input
            form="returned"
            name="arrivalDate"
            label="Arrived on"
            type="date"
            required
            defaultValue={businessToday()}
          />
          <Input form="returned" name="portOfEntry" label="Port of entry" maxLength={LIMITS.port} />
          <Input form="returned" name="visaType" label="Visa type" maxLength={LIMITS.visaType} />
          <Input form="returned" name="permittedStayUntil" label="Permitted until" type="date" />
          <div>
            <button type="submit" className={buttonStyles.secondary} disabled={busy}>
              Open TM30 task
            </button>
          </div>
        </Form>
      )}
      <Notice form="returned" />
    </section>
  );
}

/**
 * The admin page of one lease: its terms, the draft's form, status changes, dues and payments,
 * tenants, TM30 tasks, deposit and history. `documents` is the documents panel, composed by the route.
 */
export function LeasePage({
  lease,
  units,
  today,
  documents,
}: {
  lease: LeaseDetails;
  units: LeaseUnitOption[];
  today: string;
  documents: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="terms-heading" className={card}>
        <h2 id="terms-heading" className={heading}>
          Terms
        </h2>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Unit</dt>
          <dd>
            {lease.unit.name} ({lease.unit.building} {lease.unit.unitCode}) —{" "}
            <Link
              to={href("/admin/properties/:id/calendar", { id: String(lease.unit.id) })}
              className="underline"
            >
              calendar
            </Link>
          </dd>
          <dt className="font-medium">Term</dt>
          <dd>{TERM_LABELS[lease.term]}</dd>
          <dt className="font-medium">Dates</dt>
          <dd>
            {lease.startDate} → {lease.endDate} (first free day)
            {lease.endedOn && lease.endedOn !== lease.endDate ? `, ended ${lease.endedOn}` : ""}
          </dd>
          <dt className="font-medium">Monthly rent</dt>
          <dd>{baht(lease.monthlyRent)}</dd>
          <dt className="font-medium">Rent due on day</dt>
          <dd>{lease.dueDay}</dd>
          {lease.leadId && (
            <>
              <dt className="font-medium">From lead</dt>
              <dd>
                <Link
                  to={href("/admin/leads/:id", { id: String(lease.leadId) })}
                  className="underline"
                >
                  #{lease.leadId}
                </Link>
              </dd>
            </>
          )}
          {lease.notes && (
            <>
              <dt className="font-medium">Notes</dt>
              <dd className="whitespace-pre-wrap">{lease.notes}</dd>
            </>
          )}
        </dl>
      </section>
      {lease.status === "draft" && <EditDraft lease={lease} units={units} />}
      <StatusActions lease={lease} today={today} />
      <Dues lease={lease} />
      <Tenants lease={lease} />
      {documents}
      <Tasks lease={lease} />
      <Deposit lease={lease} today={today} />
      <section aria-labelledby="history-heading" className={card}>
        <h2 id="history-heading" className={heading}>
          History
        </h2>
        <ol className="space-y-1 text-sm" aria-label="Changes to the lease">
          {lease.events.map((e) => (
            <li key={e.id}>
              {formatAdminDateTime(e.at)}: {EVENT_LABELS[e.what] ?? e.what} by{" "}
              {e.actor ?? "the system"}
            </li>
          ))}
        </ol>
        {(lease.status === "ended" || lease.status === "cancelled") &&
          !lease.personalDataErasedAt && (
            <Form method="post" className="mt-4" aria-label="Erase personal data">
              <button
                type="submit"
                name="intent"
                value="erase"
                className={buttonStyles.danger}
                disabled={busy}
              >
                Erase tenants' personal data now
              </button>
            </Form>
          )}
        <Notice form="erase" />
      </section>
    </div>
  );
}

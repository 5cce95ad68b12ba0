import { Form, href, Link } from "react-router";
import {
  REVENUE_SHARE_COMPANY_PERCENT,
  REVENUE_SHARE_OWNER_PERCENT,
  ROI_RATE_PERCENT,
} from "../../domain/owner-programs.ts";
import {
  OWNER_ALERT_CHANNELS,
  OWNER_LANGUAGES,
  OWNER_PROGRAM_KINDS,
  type OwnerProgramKind,
} from "../../domain/owners.ts";
import { formConstraints } from "../../lib/form-schema.ts";
import { LabelOptions } from "../../ui/label-options.tsx";
import { MAX_CO_OWNERS, ownerFormSchema } from "./owner-schema.ts";

const input =
  "mt-1 block w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus-visible:outline-2 focus-visible:outline-sea-600";
const label = "block text-sm font-medium text-ink-900";
// The owner form's limits as its schema sets them.
const OWNER_LIMITS = formConstraints(ownerFormSchema);
const button =
  "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-3";
const primary = `${button} bg-sea-900 text-white hover:bg-sea-700`;
const secondary = `${button} bg-white text-ink-900 ring-1 ring-sand-200 hover:bg-sand-100`;
const panel = "rounded-xl bg-white p-5 ring-1 ring-sand-200";

export const PROGRAM_LABELS: Record<OwnerProgramKind, string> = {
  guaranteed: `Guaranteed return (${ROI_RATE_PERCENT}%)`,
  "revenue-share": `Revenue share (${REVENUE_SHARE_OWNER_PERCENT} : ${REVENUE_SHARE_COMPANY_PERCENT})`,
};

const CHANNEL_LABELS: Record<(typeof OWNER_ALERT_CHANNELS)[number], string> = {
  email: "E-mail",
  telegram: "Telegram",
  line: "LINE",
};

export interface OwnerFieldValues {
  name: string;
  email: string;
  phone: string;
  language: string;
  alertChannels: string[];
  telegramChatId: string | null;
  lineUserId: string | null;
  residency: string;
  approvalThresholdBaht: number;
}

export function Message({ result }: { result?: { ok: boolean; message: string } | undefined }) {
  return (
    <div aria-live="polite">
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`mb-4 rounded-lg px-3 py-2 text-sm ${result.ok ? "bg-emerald-50 text-emerald-900" : "bg-rose-50 text-rose-900"}`}
        >
          {result.message}
        </p>
      )}
    </div>
  );
}

/** The owner's details, for creating and editing. */
export function OwnerFields({ values, idPrefix }: { values?: OwnerFieldValues; idPrefix: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <label className={label}>
        Name
        <input name="name" {...OWNER_LIMITS.name} defaultValue={values?.name} className={input} />
      </label>
      <label className={label}>
        E-mail
        <input
          name="email"
          type="email"
          {...OWNER_LIMITS.email}
          defaultValue={values?.email}
          className={input}
        />
      </label>
      <label className={label}>
        Phone
        <input
          name="phone"
          type="tel"
          {...OWNER_LIMITS.phone}
          defaultValue={values?.phone}
          className={input}
        />
      </label>
      <label className={label}>
        Language of the portal and alerts
        <select name="language" defaultValue={values?.language ?? "en"} className={input}>
          {OWNER_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {l === "en" ? "English" : "Russian"}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        Tax residency (country)
        <input
          name="residency"
          {...OWNER_LIMITS.residency}
          defaultValue={values?.residency}
          className={input}
        />
      </label>
      <label className={label}>
        Repair approval threshold (฿)
        <input
          name="approvalThresholdBaht"
          inputMode="numeric"
          pattern="[0-9]*"
          required
          defaultValue={values?.approvalThresholdBaht ?? 5000}
          className={input}
        />
      </label>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-ink-900">Alert channels</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {OWNER_ALERT_CHANNELS.map((c) => (
            <label key={c} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="alertChannels"
                value={c}
                id={`${idPrefix}-${c}`}
                defaultChecked={values ? values.alertChannels.includes(c) : c === "email"}
              />
              {CHANNEL_LABELS[c]}
            </label>
          ))}
        </div>
      </fieldset>
      <label className={label}>
        Telegram chat id
        <input
          name="telegramChatId"
          {...OWNER_LIMITS.telegramChatId}
          defaultValue={values?.telegramChatId ?? ""}
          aria-describedby={`${idPrefix}-telegram-hint`}
          className={input}
        />
        <span id={`${idPrefix}-telegram-hint`} className="mt-1 block text-xs text-ink-700">
          A number. The owner first writes to the site's Telegram bot, so it may answer them.
        </span>
      </label>
      <label className={label}>
        LINE user id
        <input
          name="lineUserId"
          {...OWNER_LIMITS.lineUserId}
          defaultValue={values?.lineUserId ?? ""}
          aria-describedby={`${idPrefix}-line-hint`}
          className={input}
        />
        <span id={`${idPrefix}-line-hint`} className="mt-1 block text-xs text-ink-700">
          U and 32 hex digits, from the site's LINE official account once the owner added it as a
          friend (not the LINE ID they share with people).
        </span>
      </label>
    </div>
  );
}

export interface OwnersPageData {
  owners: {
    id: number;
    name: string;
    email: string;
    language: string;
    invited: boolean;
    disabled: boolean;
    units: { propertyId: number; name: string; sharePercent: number }[];
  }[];
  units: {
    id: number;
    name: string;
    unitCode: string;
    owners: { ownerId: number; sharePercent: number }[];
    program: {
      kind: OwnerProgramKind;
      propertyValueBaht: number | null;
      startDate: string | null;
    } | null;
  }[];
  waiting: {
    id: number;
    startDate: string;
    endDate: string;
    ownerName: string;
    unitName: string;
  }[];
  autoApprove: boolean;
}

export function OwnersAdmin({
  data,
  result,
}: {
  data: OwnersPageData;
  result?: { ok: boolean; message: string } | undefined;
}) {
  return (
    <div className="space-y-8">
      <Message result={result} />
      <p>
        <Link to={href("/admin/owners/repairs")} className="font-semibold text-sea-800 underline">
          Repairs and maintenance tickets
        </Link>
        {" · "}
        <Link to={href("/admin/owners/documents")} className="font-semibold text-sea-800 underline">
          Owners' documents
        </Link>
      </p>
      <section className={panel} aria-labelledby="waiting-title">
        <h2 id="waiting-title" className="text-lg font-semibold text-sea-900">
          Owner stays waiting for the desk
        </h2>
        {data.waiting.length === 0 ? (
          <p className="mt-2 text-ink-600">None.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {data.waiting.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {w.ownerName}: {w.unitName}, {w.startDate} to {w.endDate} (check-out)
                </span>
                <Form method="post" className="inline-flex gap-2">
                  <input type="hidden" name="requestId" value={w.id} />
                  <button type="submit" name="intent" value="approve-stay" className={primary}>
                    Approve
                  </button>
                  <button type="submit" name="intent" value="refuse-stay" className={secondary}>
                    Refuse
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="auto-approve" />
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" name="on" value="1" defaultChecked={data.autoApprove} />
            Approve owners' requests at once when the dates are free and the program allows them
          </label>
          <button type="submit" className={secondary}>
            Save setting
          </button>
        </Form>
      </section>

      <section className={panel} aria-labelledby="owners-title">
        <h2 id="owners-title" className="text-lg font-semibold text-sea-900">
          Owners
        </h2>
        {data.owners.length === 0 ? (
          <p className="mt-2 text-ink-600">No owners yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-sand-200" data-testid="owner-list">
            {data.owners.map((o) => (
              <li key={o.id} className="py-2">
                <Link
                  to={href("/admin/owners/:id", { id: String(o.id) })}
                  className="font-semibold text-sea-800 underline"
                >
                  {o.name}
                </Link>{" "}
                <span className="text-ink-600">
                  {o.email} · {o.language === "ru" ? "Russian" : "English"} ·{" "}
                  {o.disabled ? "disabled" : o.invited ? "password set" : "not signed up yet"}
                </span>
                {o.units.length > 0 && (
                  <span className="block text-sm text-ink-600">
                    {o.units.map((u) => `${u.name} (${u.sharePercent}%)`).join(", ")}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={panel} aria-labelledby="new-owner-title">
        <h2 id="new-owner-title" className="text-lg font-semibold text-sea-900">
          New owner
        </h2>
        <Form method="post" className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="create-owner" />
          <OwnerFields idPrefix="new" />
          <button type="submit" className={primary}>
            Add owner
          </button>
        </Form>
      </section>

      <section className={panel} aria-labelledby="unit-title">
        <h2 id="unit-title" className="text-lg font-semibold text-sea-900">
          A unit's owners and program
        </h2>
        <p className="mt-1 text-sm text-ink-600">
          Co-owners' shares must add up to 100%. Leave every owner empty to remove the unit's
          owners.
        </p>
        <Form method="post" className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="save-unit" />
          <label className={label}>
            Unit
            <select name="propertyId" className={input}>
              {data.units.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name} ({u.unitCode})
                  {u.owners.length > 0
                    ? ` — ${u.owners.map((o) => `#${o.ownerId} ${o.sharePercent}%`).join(", ")}`
                    : ""}
                  {u.program ? ` — ${PROGRAM_LABELS[u.program.kind]}` : ""}
                </option>
              ))}
            </select>
          </label>
          {Array.from({ length: MAX_CO_OWNERS }, (_, i) => i + 1).map((n) => (
            <div key={n} className="grid gap-4 sm:grid-cols-2">
              <label className={label}>
                Owner {n}
                <select name={`owner_${n}`} className={input} defaultValue="">
                  <option value="">—</option>
                  {data.owners.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name} ({o.email})
                    </option>
                  ))}
                </select>
              </label>
              <label className={label}>
                Share of owner {n} (%)
                <input name={`share_${n}`} inputMode="numeric" pattern="[0-9]*" className={input} />
              </label>
            </div>
          ))}
          <div className="grid gap-4 sm:grid-cols-3">
            <label className={label}>
              Program
              <select name="program" className={input} defaultValue="revenue-share">
                <LabelOptions values={OWNER_PROGRAM_KINDS} labels={PROGRAM_LABELS} />
              </select>
            </label>
            <label className={label}>
              Property value (฿; optional for revenue share)
              <input
                name="propertyValueBaht"
                inputMode="numeric"
                pattern="[0-9]*"
                className={input}
              />
            </label>
            <label className={label}>
              Start date (optional for revenue share)
              <input name="startDate" type="date" className={input} />
            </label>
          </div>
          <button type="submit" className={primary}>
            Save the unit's owners
          </button>
        </Form>
      </section>
    </div>
  );
}

export function OwnerEditAdmin({
  owner,
  result,
}: {
  owner: OwnerFieldValues & { id: number; invited: boolean; secondFactor: boolean };
  result?: { ok: boolean; message: string; link?: string } | undefined;
}) {
  return (
    <div className="space-y-8">
      <p>
        <Link to={href("/admin/owners")} className="font-semibold text-sea-800 underline">
          All owners
        </Link>
      </p>
      <Message result={result} />
      {result?.link && (
        <p className="break-all rounded-lg bg-sand-100 p-3 text-sm">
          Pass this link to the owner (it works once, for 7 days): {result.link}
        </p>
      )}
      <section className={panel} aria-labelledby="invite-title">
        <h2 id="invite-title" className="text-lg font-semibold text-sea-900">
          Portal access
        </h2>
        <p className="mt-1 text-sm text-ink-600">
          {owner.invited
            ? "The owner has set a password. A new invitation replaces it once used."
            : "The owner has not set a password yet."}{" "}
          The invitation mail carries a link that works once, for 7 days.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="invite" />
          <button type="submit" className={primary}>
            Send an invitation
          </button>
        </Form>
        <p className="mt-4 text-sm text-ink-600">
          {owner.secondFactor
            ? "Sign-in asks for the password and a code from the owner's authenticator app."
            : "Sign-in asks for the password only (the owner may add an authenticator app under Security)."}
        </p>
        {owner.secondFactor && (
          <Form
            method="post"
            className="mt-2"
            onSubmit={(event) => {
              if (
                !window.confirm(
                  `Turn off ${owner.name}'s authenticator code? Do this only once you are sure it is them asking.`,
                )
              )
                event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="reset-second-factor" />
            <button type="submit" className={secondary}>
              Turn off the authenticator code
            </button>
          </Form>
        )}
      </section>
      <section className={panel} aria-labelledby="details-title">
        <h2 id="details-title" className="text-lg font-semibold text-sea-900">
          Details
        </h2>
        <Form method="post" className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="save" />
          <OwnerFields values={owner} idPrefix="edit" />
          <button type="submit" className={primary}>
            Save
          </button>
        </Form>
      </section>
    </div>
  );
}

import { Form, useNavigation } from "react-router";
import { formatAdminDateTime } from "../../domain/date-time.ts";
import { LEAD_STAGES } from "../../domain/leads.ts";
import { LEAD_KIND_LABELS, labelOf } from "../../i18n/admin-labels.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { LabelOptions } from "../../ui/label-options.tsx";
import type { getLead, listLeadOwners } from "./lead-desk.server.ts";
import type { LeadDeskResult } from "./lead-desk-actions.server.ts";
import { languageName } from "./lead-format.ts";
import { LeadInputsRows } from "./lead-inputs.tsx";
import { describeMessage, LOST_REASON_MAX, NOTE_MAX, STAGE_LABELS } from "./lead-pipeline.ts";

type LeadDetails = NonNullable<Awaited<ReturnType<typeof getLead>>>;
type LeadOwnerOption = Awaited<ReturnType<typeof listLeadOwners>>[number];

const field = "mt-1 block w-full rounded-lg border border-sand-200 px-3 py-2";

/** A stage's label; a stage no longer offered shows as stored. */
function stageLabel(stage: string): string {
  return labelOf(STAGE_LABELS, stage);
}

/** A lead on the desk: what came in, its pipeline, stage history and notes. */
export function LeadPage({
  lead,
  owners,
  actionData,
}: {
  lead: LeadDetails;
  owners: LeadOwnerOption[];
  actionData: LeadDeskResult | undefined;
}) {
  const errors = actionData && !actionData.ok ? actionData.errors : {};
  const busy = useNavigation().state === "submitting";
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className="rounded-xl bg-white p-4 ring-1 ring-sand-200" aria-label="The lead">
        <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm break-words sm:grid-cols-[10rem_1fr]">
          <div className="contents">
            <dt className="font-medium">Kind</dt>
            <dd>{labelOf(LEAD_KIND_LABELS, lead.kind)}</dd>
          </div>
          <div className="contents">
            <dt className="font-medium">Received</dt>
            <dd>{formatAdminDateTime(lead.createdAt)}</dd>
          </div>
          <div className="contents">
            <dt className="font-medium">E-mail</dt>
            <dd>{lead.email ?? "—"}</dd>
          </div>
          <div className="contents">
            <dt className="font-medium">Phone</dt>
            <dd>{lead.phone ?? "—"}</dd>
          </div>
          <div className="contents">
            <dt className="font-medium">Language</dt>
            <dd>{languageName(lead.language)}</dd>
          </div>
          {lead.unit && (
            <>
              <div className="contents">
                <dt className="font-medium">Unit</dt>
                <dd>{lead.unit}</dd>
              </div>
            </>
          )}
          <LeadInputsRows inputs={lead.inputs} unitShown={Boolean(lead.unit)} />
          {lead.message && (
            <>
              <div className="contents">
                <dt className="font-medium">Message</dt>
                <dd className="whitespace-pre-wrap">{lead.message}</dd>
              </div>
            </>
          )}
          <div className="contents">
            <dt className="font-medium">Page</dt>
            <dd>{lead.sourcePage ?? "—"}</dd>
          </div>
          <div className="contents">
            <dt className="font-medium">Campaign</dt>
            <dd>
              {[lead.utmSource, lead.utmMedium, lead.utmCampaign].filter(Boolean).join(" / ") ||
                "—"}
            </dd>
          </div>
          <div className="contents">
            <dt className="font-medium">Referred by</dt>
            <dd className="break-all">{lead.referrer ?? "—"}</dd>
          </div>
          <div className="contents">
            <dt className="font-medium">Alerts and reply</dt>
            <dd data-testid="lead-alerts">
              {lead.messages.length === 0
                ? "None sent"
                : lead.messages.map((m) => (
                    <p key={`${m.purpose}-${m.channel}`}>{describeMessage(m)}</p>
                  ))}
            </dd>
          </div>
          {lead.mailConsent ? (
            <>
              <div className="contents">
                <dt className="font-medium">Mail to this address</dt>
                <dd data-testid="lead-mail-consent">
                  <p>Replies and confirmations: {lead.mailConsent.transactional}</p>
                  <p>Marketing: {lead.mailConsent.marketing}</p>
                </dd>
              </div>
            </>
          ) : null}
        </dl>
      </section>

      <section className="rounded-xl bg-white p-4 ring-1 ring-sand-200" aria-labelledby="pipeline">
        <h2 id="pipeline" className="mb-3 font-display text-lg text-sea-900">
          Pipeline
        </h2>
        <Form method="post" className="grid gap-3" aria-label="Pipeline">
          <input type="hidden" name="intent" value="pipeline" />
          <label className="text-sm font-medium">
            Stage
            <select name="stage" defaultValue={lead.stage} className={field}>
              <LabelOptions values={LEAD_STAGES} labels={STAGE_LABELS} />
            </select>
          </label>
          <label className="text-sm font-medium">
            Lost reason (when lost)
            <input
              name="lostReason"
              maxLength={LOST_REASON_MAX}
              defaultValue={lead.lostReason ?? ""}
              className={field}
              aria-invalid={errors.lostReason ? true : undefined}
            />
            {errors.lostReason && <span className="text-rose-700">{errors.lostReason}</span>}
          </label>
          <label className="text-sm font-medium">
            Owner
            <select name="ownerId" defaultValue={lead.ownerId ?? ""} className={field}>
              <option value="">Nobody</option>
              {owners.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.email}
                </option>
              ))}
            </select>
            {errors.ownerId && <span className="text-rose-700">{errors.ownerId}</span>}
          </label>
          <label className="text-sm font-medium">
            Next follow-up
            <input
              type="date"
              name="followUpOn"
              defaultValue={lead.followUpOn ?? ""}
              className={field}
            />
            {errors.followUpOn && <span className="text-rose-700">{errors.followUpOn}</span>}
          </label>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            Save pipeline
          </button>
          {actionData?.ok && (
            <p role="status" className="text-sm text-emerald-800">
              {actionData.saved}
            </p>
          )}
        </Form>

        <h2 id="stage-history" className="mt-6 mb-3 font-display text-lg text-sea-900">
          Stage history
        </h2>
        <ol
          className="grid gap-2 text-sm"
          aria-labelledby="stage-history"
          data-testid="stage-history"
        >
          {lead.stageHistory.map((change) => (
            <li key={change.id} className="rounded-lg bg-sand-50 p-3">
              <p className="font-medium">
                {change.from ? `${stageLabel(change.from)} → ` : ""}
                {stageLabel(change.to)}
              </p>
              <p className="text-xs text-ink-500">
                {formatAdminDateTime(change.at)} · {change.by ?? "the system or a removed account"}
              </p>
            </li>
          ))}
          <li className="rounded-lg bg-sand-50 p-3">
            <p className="font-medium">{STAGE_LABELS.new}</p>
            <p className="text-xs text-ink-500">{formatAdminDateTime(lead.createdAt)} · received</p>
          </li>
        </ol>

        <h2 className="mt-6 mb-3 font-display text-lg text-sea-900">Notes</h2>
        <Form method="post" className="grid gap-2" aria-label="Add a note">
          <input type="hidden" name="intent" value="note" />
          <label className="text-sm font-medium">
            New note
            <textarea name="body" maxLength={NOTE_MAX} rows={3} className={field} />
            {errors.body && <span className="text-rose-700">{errors.body}</span>}
          </label>
          <button type="submit" className={buttonStyles.secondary} disabled={busy}>
            Add note
          </button>
        </Form>
        <ol className="mt-4 grid gap-3" data-testid="lead-notes">
          {lead.notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-sand-50 p-3 text-sm">
              <p className="text-xs text-ink-500">
                {formatAdminDateTime(n.createdAt)} · {n.author ?? "a removed account"}
              </p>
              <p className="whitespace-pre-wrap">{n.body}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

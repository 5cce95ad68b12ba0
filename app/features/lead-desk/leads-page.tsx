import { Form, href, Link, useFetcher } from "react-router";
import { formatAdminDateTime } from "../../domain/date-time.ts";
import { LEAD_KINDS, LEAD_STAGES, type LeadStage } from "../../domain/leads.ts";
import { LEAD_KIND_LABELS, labelOf } from "../../i18n/admin-labels.ts";
import { phoneLink } from "../../lib/contacts.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { LabelOptions } from "../../ui/label-options.tsx";
import { LoadFailure } from "../../ui/load-failure.tsx";
import type { LeadFilter, LeadRow } from "./lead-desk.server.ts";
import { languageName } from "./lead-format.ts";
import { LeadInputsLine } from "./lead-inputs.tsx";
import { describeMessage, SEARCH_MAX, STAGE_LABELS } from "./lead-pipeline.ts";

/** The desk's filter as its form shows it. */
export interface LeadsView {
  kind: LeadFilter["kind"];
  status: LeadFilter["status"];
  stage: LeadStage | null;
  mine: boolean;
  q: string;
}

function HandleButton({ id, handled }: { id: number; handled: boolean }) {
  const fetcher = useFetcher();
  const next = fetcher.formData ? fetcher.formData.get("handled") === "true" : handled;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="handled" value={String(!next)} />
      <button
        type="submit"
        className="rounded-md px-2 py-1 text-xs font-semibold ring-1 ring-sand-200 hover:bg-sand-100"
      >
        {next ? "Mark as new" : "Mark handled"}
      </button>
    </fetcher.Form>
  );
}

const selectStyle = "mt-1 block rounded-lg border border-sand-200 px-3 py-2";

function LeadTable({ leads }: { leads: LeadRow[] }) {
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:bg-white md:ring-1 md:ring-sand-200">
      <table className="block w-full text-left text-sm md:table">
        <caption className="sr-only">Leads</caption>
        <thead className="sr-only bg-sand-100 text-xs uppercase text-ink-600 md:not-sr-only md:table-header-group">
          <tr>
            <th className="px-3 py-2">Date</th>
            <th className="px-3 py-2">Kind</th>
            <th className="px-3 py-2">Name and contacts</th>
            <th className="px-3 py-2">Language</th>
            <th className="px-3 py-2">Unit or inputs</th>
            <th className="px-3 py-2">Owner and follow-up</th>
            <th className="px-3 py-2">Alerts</th>
            <th className="px-3 py-2">Status</th>
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 md:table-row-group">
          {leads.map((lead) => (
            <tr
              key={lead.id}
              className="block rounded-xl bg-white py-2 align-top ring-1 ring-sand-200 md:table-row md:rounded-none md:border-t md:border-sand-100 md:py-0 md:ring-0"
              data-testid="lead-row"
            >
              <td
                data-label="Date"
                className="block px-3 py-1 md:table-cell md:py-2 whitespace-nowrap before:block before:text-xs before:font-semibold before:text-ink-500 before:content-[attr(data-label)] md:before:content-none"
              >
                <Link
                  className="text-sea-700 underline"
                  to={href("/admin/leads/:id", { id: String(lead.id) })}
                >
                  {formatAdminDateTime(lead.createdAt)}
                </Link>
              </td>
              <td
                data-label="Kind"
                className="block px-3 py-1 md:table-cell md:py-2 before:block before:text-xs before:font-semibold before:text-ink-500 before:content-[attr(data-label)] md:before:content-none"
              >
                {labelOf(LEAD_KIND_LABELS, lead.kind)}
              </td>
              <td
                data-label="Name and contacts"
                className="block px-3 py-1 md:table-cell md:py-2 before:block before:text-xs before:font-semibold before:text-ink-500 before:content-[attr(data-label)] md:before:content-none"
              >
                <p className="font-medium">{lead.name ?? "—"}</p>
                {lead.email && (
                  <a className="block text-sea-700 underline" href={`mailto:${lead.email}`}>
                    {lead.email}
                  </a>
                )}
                {lead.phone && (
                  <a className="block text-sea-700 underline" href={phoneLink(lead.phone)}>
                    {lead.phone}
                  </a>
                )}
                {lead.message && <p className="mt-1 text-ink-600">{lead.message}</p>}
              </td>
              <td
                data-label="Language"
                className="block px-3 py-1 md:table-cell md:py-2 before:block before:text-xs before:font-semibold before:text-ink-500 before:content-[attr(data-label)] md:before:content-none"
              >
                {languageName(lead.language)}
              </td>
              <td
                data-label="Unit or inputs"
                className="block px-3 py-1 md:table-cell md:py-2 text-ink-600 before:block before:text-xs before:font-semibold before:text-ink-500 before:content-[attr(data-label)] md:before:content-none"
              >
                {lead.unit && <p>{lead.unit}</p>}
                <LeadInputsLine inputs={lead.inputs} unitShown={Boolean(lead.unit)} />
                {lead.utmSource && (
                  <p className="text-xs">
                    Campaign:{" "}
                    {[lead.utmSource, lead.utmMedium, lead.utmCampaign].filter(Boolean).join(" / ")}
                  </p>
                )}
              </td>
              <td
                data-label="Owner and follow-up"
                className="block px-3 py-1 md:table-cell md:py-2 before:block before:text-xs before:font-semibold before:text-ink-500 before:content-[attr(data-label)] md:before:content-none"
              >
                <p>{lead.ownerEmail ?? "Nobody"}</p>
                {lead.followUpOn && (
                  <p
                    data-testid="follow-up"
                    className={lead.overdue ? "font-semibold text-rose-700" : "text-ink-600"}
                  >
                    {lead.overdue ? "Overdue: " : "Follow up "}
                    {lead.followUpOn}
                  </p>
                )}
              </td>
              <td
                data-label="Alerts"
                className="block px-3 py-1 md:table-cell md:py-2 text-xs before:block before:text-xs before:font-semibold before:text-ink-500 before:content-[attr(data-label)] md:before:content-none"
                data-testid="lead-alerts"
              >
                {lead.messages.length === 0 ? (
                  <p className="text-ink-500">None sent</p>
                ) : (
                  lead.messages.map((m) => (
                    <p
                      key={`${m.purpose}-${m.channel}`}
                      className={
                        m.status === "failed"
                          ? "text-rose-700"
                          : m.status === "pending"
                            ? "text-amber-800"
                            : "text-emerald-800"
                      }
                    >
                      {describeMessage(m)}
                    </p>
                  ))
                )}
              </td>
              <td
                data-label="Status"
                className="block px-3 py-1 md:table-cell md:py-2 before:block before:text-xs before:font-semibold before:text-ink-500 before:content-[attr(data-label)] md:before:content-none"
              >
                <p className="mb-1">{lead.status === "handled" ? "Handled" : "New"}</p>
                <HandleButton id={lead.id} handled={lead.status === "handled"} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The lead desk: a filter, then the matching leads grouped by stage, or why they failed to load. */
export function LeadsPage({
  leads,
  filter,
  loadError,
}: {
  leads: LeadRow[];
  filter: LeadsView;
  loadError: string | null;
}) {
  return (
    <>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          Search
          <input
            type="search"
            name="q"
            maxLength={SEARCH_MAX}
            defaultValue={filter.q}
            placeholder="Name, e-mail or phone"
            className={selectStyle}
          />
        </label>
        <label className="text-sm font-medium">
          Kind
          <select name="kind" defaultValue={filter.kind ?? ""} className={selectStyle}>
            <option value="">All kinds</option>
            <LabelOptions values={LEAD_KINDS} labels={LEAD_KIND_LABELS} />
          </select>
        </label>
        <label className="text-sm font-medium">
          Stage
          <select name="stage" defaultValue={filter.stage ?? ""} className={selectStyle}>
            <option value="">All stages</option>
            <LabelOptions values={LEAD_STAGES} labels={STAGE_LABELS} />
          </select>
        </label>
        <label className="text-sm font-medium">
          Handled
          <select name="status" defaultValue={filter.status ?? ""} className={selectStyle}>
            <option value="">All</option>
            <option value="new">Not handled</option>
            <option value="handled">Handled</option>
          </select>
        </label>
        <label className="flex items-center gap-2 py-2 text-sm font-medium">
          <input type="checkbox" name="mine" value="1" defaultChecked={filter.mine} />
          My leads
        </label>
        <button type="submit" className={buttonStyles.primary}>
          Filter
        </button>
      </Form>
      {loadError ? (
        <LoadFailure title="Failed to load leads" details={loadError} />
      ) : leads.length === 0 ? (
        <p className="text-ink-600">No leads match.</p>
      ) : (
        LEAD_STAGES.map((stage) => {
          const inStage = leads.filter((l) => l.stage === stage);
          if (inStage.length === 0) return null;
          return (
            <section key={stage} className="mb-8" aria-labelledby={`stage-${stage}`}>
              <h2 id={`stage-${stage}`} className="mb-2 font-display text-lg text-sea-900">
                {STAGE_LABELS[stage]} ({inStage.length})
              </h2>
              <LeadTable leads={inStage} />
            </section>
          );
        })
      )}
    </>
  );
}

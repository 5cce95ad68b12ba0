import { data, Form, useFetcher, useSearchParams } from "react-router";
import { reportFailure } from "../db/failure.server.ts";
import { getRuntime } from "../db/runtime.server.ts";
import { formatAdminDateTime } from "../domain/date-time.ts";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { describeInputs, LEAD_KIND_LABELS, languageName } from "../features/admin/lead-format.ts";
import { listLeads, parseLeadFilter, setLeadHandled } from "../features/admin/leads.server.ts";
import { LoadFailure } from "../features/admin/load-failure.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { parseId, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.leads";

export function meta() {
  return [{ title: "Admin — Leads" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const filter = parseLeadFilter(url.searchParams);
  try {
    const leads = await listLeads(getRuntime().database.db, filter);
    return { email: admin.email, filter, leads, loadError: null };
  } catch (error) {
    const failure = await reportFailure("Failed to load leads", error);
    return { email: admin.email, filter, leads: [], loadError: failure.message };
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const form = await readForm(request);
  const id = parseId(form.get("id"));
  const handled = form.get("handled") === "true";
  if (id === null || !(await setLeadHandled(getRuntime().database.db, id, handled))) {
    return data({ error: "That lead does not exist." }, { status: 404 });
  }
  return { ok: true };
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

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { leads, filter, loadError } = loaderData;
  const [params] = useSearchParams();
  return (
    <AdminLayout
      title="Leads"
      email={loaderData.email}
      actions={
        <a href={`/admin/leads/export.csv?${params}`} className={buttonStyles.secondary} download>
          Export CSV
        </a>
      }
    >
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          Kind
          <select
            name="kind"
            defaultValue={filter.kind ?? ""}
            className="mt-1 block rounded-lg border border-sand-200 px-3 py-2"
          >
            <option value="">All kinds</option>
            {Object.keys(LEAD_KIND_LABELS).map((k) => (
              <option key={k} value={k}>
                {LEAD_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Handled
          <select
            name="status"
            defaultValue={filter.status ?? ""}
            className="mt-1 block rounded-lg border border-sand-200 px-3 py-2"
          >
            <option value="">All</option>
            <option value="new">Not handled</option>
            <option value="handled">Handled</option>
          </select>
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
        <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-sand-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-sand-100 text-xs uppercase text-ink-600">
              <tr>
                <th className="px-3 py-2">Date</th>
                <th className="px-3 py-2">Kind</th>
                <th className="px-3 py-2">Name and contacts</th>
                <th className="px-3 py-2">Language</th>
                <th className="px-3 py-2">Unit or inputs</th>
                <th className="px-3 py-2">Status</th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <tr
                  key={lead.id}
                  className="border-t border-sand-100 align-top"
                  data-testid="lead-row"
                >
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatAdminDateTime(lead.createdAt)}
                  </td>
                  <td className="px-3 py-2">{LEAD_KIND_LABELS[lead.kind] ?? lead.kind}</td>
                  <td className="px-3 py-2">
                    <p className="font-medium">{lead.name ?? "—"}</p>
                    {lead.email && (
                      <a className="block text-sea-700 underline" href={`mailto:${lead.email}`}>
                        {lead.email}
                      </a>
                    )}
                    {lead.phone && (
                      <a className="block text-sea-700 underline" href={`tel:${lead.phone}`}>
                        {lead.phone}
                      </a>
                    )}
                    {lead.message && <p className="mt-1 text-ink-600">{lead.message}</p>}
                  </td>
                  <td className="px-3 py-2">{languageName(lead.language)}</td>
                  <td className="px-3 py-2 text-ink-600">
                    {lead.unit && <p>{lead.unit}</p>}
                    {Object.keys(lead.inputs).length > 0 && <p>{describeInputs(lead.inputs)}</p>}
                  </td>
                  <td className="px-3 py-2">
                    <p className="mb-1">{lead.status === "handled" ? "Handled" : "New"}</p>
                    <HandleButton id={lead.id} handled={lead.status === "handled"} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Leads" failed="Failed to load leads" />;
}

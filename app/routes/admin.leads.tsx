import { data, href, useSearchParams } from "react-router";
import { reportFailure } from "../db/failure.server.ts";
import { getRuntime } from "../db/runtime.server.ts";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import {
  listLeads,
  parseLeadFilter,
  setLeadHandled,
} from "../features/lead-desk/lead-desk.server.ts";
import { LeadsPage, type LeadsView } from "../features/lead-desk/leads-page.tsx";
import { parseId, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.leads";

export function meta() {
  return [{ title: "Admin — Leads" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const filter = parseLeadFilter(url.searchParams, admin.id);
  const view: LeadsView = {
    kind: filter.kind,
    status: filter.status,
    stage: filter.stage ?? null,
    mine: filter.ownerId !== undefined,
    q: filter.search ?? "",
  };
  try {
    const leads = await listLeads(getRuntime().database.db, filter);
    return { email: admin.email, filter: view, leads, loadError: null };
  } catch (error) {
    const failure = await reportFailure("Failed to load leads", error);
    return { email: admin.email, filter: view, leads: [], loadError: failure.message };
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

export default function Leads({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <AdminLayout
      title="Leads"
      email={loaderData.email}
      actions={
        <a
          href={`${href("/admin/leads/export.csv")}?${params}`}
          className={buttonStyles.secondary}
          download
        >
          Export CSV
        </a>
      }
    >
      <LeadsPage
        leads={loaderData.leads}
        filter={loaderData.filter}
        loadError={loaderData.loadError}
      />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Leads" failed="Failed to load leads" />;
}

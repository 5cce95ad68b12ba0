import { data, href, Link } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { getLead, listLeadOwners } from "../features/lead-desk/lead-desk.server.ts";
import { leadDeskAction } from "../features/lead-desk/lead-desk-actions.server.ts";
import { LeadPage } from "../features/lead-desk/lead-page.tsx";
import { parseId, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.lead";

export function meta() {
  return [{ title: "Admin — Lead" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const db = getRuntime().database.db;
  const lead = id === null ? null : await getLead(db, id);
  if (!lead) throw data({ error: "That lead does not exist." }, { status: 404 });
  const owners = await listLeadOwners(db);
  // An owner whose account has since been disabled stays selectable on their own leads.
  if (lead.ownerId !== null && !owners.some((o) => o.id === lead.ownerId))
    owners.push({ id: lead.ownerId, email: `${lead.ownerEmail ?? "unknown"} (disabled)` });
  return { email: admin.email, lead, owners };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const id = parseId(params.id);
  if (id === null) throw data({ error: "That lead does not exist." }, { status: 404 });
  const form = await readForm(request);
  return leadDeskAction(getRuntime().database.db, id, admin.id, form);
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead } = loaderData;
  return (
    <AdminLayout
      title={`Lead #${lead.id}: ${lead.name ?? lead.email ?? lead.phone ?? ""}`}
      email={loaderData.email}
      actions={
        <>
          <Link
            to={`${href("/admin/leases/new")}?lead=${lead.id}`}
            className={buttonStyles.primary}
          >
            Create lease
          </Link>
          <Link to={href("/admin/leads")} className={buttonStyles.secondary}>
            All leads
          </Link>
        </>
      }
    >
      <LeadPage lead={lead} owners={loaderData.owners} actionData={actionData} />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Lead" failed="Failed to load the lead" />;
}

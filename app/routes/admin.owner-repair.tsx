import { data } from "react-router";
import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { RepairAdmin } from "../features/owner-portal/repair-admin.tsx";
import {
  loadRepairAdmin,
  repairAction,
} from "../features/owner-portal/repair-admin-actions.server.ts";
import { parseId, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.owner-repair";

export function meta() {
  return [{ title: "Admin — Repair ticket" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const page = id === null ? null : await loadRepairAdmin(id);
  if (!page) throw data(null, { status: 404 });
  return { email: admin.email, page };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const id = parseId(params.id);
  if (id === null || !(await loadRepairAdmin(id))) throw data(null, { status: 404 });
  return repairAction(id, await readForm(request), admin.id);
}

export default function AdminOwnerRepair({ loaderData, actionData }: Route.ComponentProps) {
  const { ticket } = loaderData.page;
  return (
    <AdminLayout title={`Repair #${ticket.id}: ${ticket.title}`} email={loaderData.email}>
      <RepairAdmin page={loaderData.page} result={actionData} />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Repair ticket" failed="Failed to load the ticket" />;
}

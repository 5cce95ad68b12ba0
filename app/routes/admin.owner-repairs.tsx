import { href, redirect } from "react-router";
import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { RepairsAdmin } from "../features/owner-portal/repair-admin.tsx";
import {
  loadRepairsPage,
  openRepairAction,
} from "../features/owner-portal/repair-admin-actions.server.ts";
import { parseId, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.owner-repairs";

export function meta() {
  return [{ title: "Admin — Repairs" }, { name: "robots", content: "noindex" }];
}

/** `?unit=<id>` (the link on a unit's calendar page) chooses that unit in the form. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const unit = parseId(new URL(request.url).searchParams.get("unit"));
  return { email: admin.email, ...(await loadRepairsPage(unit)) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const result = await openRepairAction(await readForm(request), admin.id);
  if ("id" in result) return redirect(href("/admin/owners/repairs/:id", { id: String(result.id) }));
  return result;
}

export default function AdminOwnerRepairs({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminLayout title="Repairs and maintenance" email={loaderData.email}>
      <RepairsAdmin
        repairs={loaderData.repairs}
        units={loaderData.units}
        unit={loaderData.unit}
        result={actionData && "message" in actionData ? actionData : undefined}
      />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Repairs" failed="Failed to load the repairs" />;
}

import { data } from "react-router";
import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { OwnerEditAdmin } from "../features/owner-portal/owner-admin.tsx";
import {
  loadOwnerForAdmin,
  ownerAction,
} from "../features/owner-portal/owner-admin-actions.server.ts";
import { parseId, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.owner";

export function meta() {
  return [{ title: "Admin — Owner" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const owner = id === null ? null : await loadOwnerForAdmin(id);
  if (!owner) throw data(null, { status: 404 });
  return { email: admin.email, owner };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  return ownerAction(id, await readForm(request), admin.id);
}

export default function AdminOwner({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminLayout title={`Owner: ${loaderData.owner.name}`} email={loaderData.email}>
      <OwnerEditAdmin owner={loaderData.owner} result={actionData} />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Owner" failed="Failed to load the owner" />;
}

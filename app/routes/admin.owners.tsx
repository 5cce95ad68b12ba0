import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { OwnersAdmin } from "../features/owner-portal/owner-admin.tsx";
import {
  loadOwnersPage,
  ownersAction,
} from "../features/owner-portal/owner-admin-actions.server.ts";
import { readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.owners";

export function meta() {
  return [{ title: "Admin — Owners" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email, ...(await loadOwnersPage()) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  return ownersAction(await readForm(request), admin.id);
}

export default function AdminOwners({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminLayout title="Owners" email={loaderData.email}>
      <OwnersAdmin data={loaderData} result={actionData} />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Owners" failed="Failed to load the owners" />;
}

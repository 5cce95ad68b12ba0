import { getRuntime } from "../db/runtime.server.ts";
import { databaseBadge } from "../features/admin/admin-data.server.ts";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { DeletedPropertiesPage } from "../features/admin/deleted-properties-page.tsx";
import { listDeletedProperties } from "../features/admin/property-audit.server.ts";
import { restorePropertyAction } from "../features/admin/property-restore.server.ts";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.deleted";

export function meta() {
  return [{ title: "Admin — Deleted properties" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return {
    email: admin.email,
    badge: await databaseBadge(),
    deleted: await listDeletedProperties(getRuntime().database.db),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  return restorePropertyAction(admin, await readForm(request));
}

export default function Deleted({ loaderData, actionData }: Route.ComponentProps) {
  return <DeletedPropertiesPage loaderData={loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <AdminPageError title="Deleted properties" failed="Failed to load deleted properties" />;
}

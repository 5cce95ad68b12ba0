import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { StatementsAdmin } from "../features/owner-statements/statements-admin.tsx";
import {
  generateAction,
  loadStatementsPage,
  readMonth,
} from "../features/owner-statements/statements-admin-actions.server.ts";
import { readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.statements";

export function meta() {
  return [{ title: "Admin — Owners' statements" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return {
    email: admin.email,
    ...(await loadStatementsPage(readMonth(url.searchParams.get("month")))),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  return generateAction(await readForm(request), admin.id);
}

export default function AdminStatements({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminLayout title="Owners' statements" email={loaderData.email}>
      <StatementsAdmin
        month={loaderData.month}
        statements={loaderData.statements}
        units={loaderData.units}
        waiting={loaderData.waiting}
        result={actionData}
      />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Owners' statements" failed="Failed to load the statements" />;
}

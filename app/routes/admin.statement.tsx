import { data, href, redirect } from "react-router";
import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { StatementAdmin } from "../features/owner-statements/statements-admin.tsx";
import {
  loadStatementPage,
  statementAction,
} from "../features/owner-statements/statements-admin-actions.server.ts";
import { parseId, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.statement";

export function meta() {
  return [{ title: "Admin — Statement" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const statement = id === null ? null : await loadStatementPage(id);
  if (!statement) throw data(null, { status: 404 });
  return { email: admin.email, statement };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const id = parseId(params.id);
  if (id === null || !(await loadStatementPage(id))) throw data(null, { status: 404 });
  const result = await statementAction(id, await readForm(request), admin.id);
  if ("deleted" in result) return redirect(href("/admin/statements"));
  if ("redirectTo" in result)
    return redirect(href("/admin/statements/:id", { id: String(result.redirectTo) }));
  return result;
}

export default function AdminStatement({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData.statement;
  return (
    <AdminLayout title={`Statement #${s.id}: ${s.unitName} v${s.version}`} email={loaderData.email}>
      <StatementAdmin
        statement={s}
        result={actionData && "message" in actionData ? actionData : undefined}
      />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Statement" failed="Failed to load the statement" />;
}

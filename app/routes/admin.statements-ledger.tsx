import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { LedgerAdmin } from "../features/owner-statements/statements-admin.tsx";
import {
  ledgerAction,
  loadLedgerPage,
  readMonth,
} from "../features/owner-statements/statements-admin-actions.server.ts";
import { BODY_LIMITS, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.statements-ledger";

export function meta() {
  return [{ title: "Admin — Owners' ledger" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return {
    email: admin.email,
    page: await loadLedgerPage(readMonth(url.searchParams.get("month"))),
  };
}

/** A stay, an expense with its receipt (multipart, within the upload limit) or a rate. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  return ledgerAction(await readForm(request, BODY_LIMITS.upload), admin.id);
}

export default function AdminStatementsLedger({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminLayout title="Owners' ledger" email={loaderData.email}>
      <LedgerAdmin page={loaderData.page} result={actionData} />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Owners' ledger" failed="Failed to load the ledger" />;
}

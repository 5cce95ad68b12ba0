import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { DocumentsAdmin } from "../features/owner-portal/documents-admin.tsx";
import {
  deleteDocumentAction,
  loadDocumentsPage,
  uploadDocumentAction,
} from "../features/owner-portal/documents-admin-actions.server.ts";
import { BODY_LIMITS, readForm } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.owner-documents";

export function meta() {
  return [{ title: "Admin — Owners' documents" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email, ...(await loadDocumentsPage()) };
}

/**
 * One document uploaded (the body read within the upload limit: 10 MB and the envelope), or,
 * with intent=delete, one deleted.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const form = await readForm(request, BODY_LIMITS.upload);
  if (form.get("intent") === "delete") return deleteDocumentAction(form, admin.id);
  return uploadDocumentAction(form, admin.id);
}

export default function AdminOwnerDocuments({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminLayout title="Owners' documents" email={loaderData.email}>
      <DocumentsAdmin
        documents={loaderData.documents}
        units={loaderData.units}
        owners={loaderData.owners}
        result={actionData}
      />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Owners' documents" failed="Failed to load the documents" />;
}

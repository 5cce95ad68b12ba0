import { data, href, Link } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { businessToday } from "../domain/date-time.ts";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import {
  inspectionAction,
  inspectionKindOf,
} from "../features/lease-documents/inspection-actions.server.ts";
import { InspectionPage } from "../features/lease-documents/inspection-page.tsx";
import { KIND_LABELS } from "../features/lease-documents/inspection-schema.ts";
import { loadInspections } from "../features/lease-documents/inspections.server.ts";
import { loadLease } from "../features/leases/leases.server.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.lease-inspection";

export function meta() {
  return [{ title: "Admin — Inspection" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const kind = inspectionKindOf(params.kind);
  const db = getRuntime().database.db;
  const lease = id === null || kind === null ? null : await loadLease(db, id);
  if (!lease || !kind) throw data({ error: "That inspection does not exist." }, { status: 404 });
  const [inspection] = await loadInspections(db, lease.id, kind);
  return {
    email: admin.email,
    kind,
    lease: { id: lease.id, unit: lease.unit, tenant: lease.tenants[0]?.name ?? null },
    inspection: inspection ?? null,
    today: businessToday(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const id = parseId(params.id);
  const kind = inspectionKindOf(params.kind);
  if (id === null || kind === null)
    throw data({ error: "That inspection does not exist." }, { status: 404 });
  return inspectionAction(request, id, kind, admin.id);
}

export default function LeaseInspection({ loaderData }: Route.ComponentProps) {
  const { lease, kind } = loaderData;
  return (
    <AdminLayout
      title={`${KIND_LABELS[kind]} inspection — lease #${lease.id}: ${lease.unit.name}`}
      email={loaderData.email}
      actions={
        <Link
          to={href("/admin/leases/:id", { id: String(lease.id) })}
          className={buttonStyles.secondary}
        >
          Back to the lease
        </Link>
      }
    >
      <InspectionPage
        leaseId={lease.id}
        kind={kind}
        inspection={loaderData.inspection}
        today={loaderData.today}
      />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Inspection" failed="Failed to load the inspection" />;
}

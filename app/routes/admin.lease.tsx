import { data, href, Link } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { businessToday } from "../domain/date-time.ts";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { LeaseDocumentsPanel } from "../features/lease-documents/lease-documents-panel.tsx";
import { leaseAction } from "../features/leases/lease-actions.server.ts";
import { LeasePage } from "../features/leases/lease-page.tsx";
import { leaseUnits, loadLease } from "../features/leases/leases.server.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.lease";

export function meta() {
  return [{ title: "Admin — Lease" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const db = getRuntime().database.db;
  const lease = id === null ? null : await loadLease(db, id);
  if (!lease) throw data({ error: "That lease does not exist." }, { status: 404 });
  // A draft can be edited: its form offers every unit.
  const units = lease.status === "draft" ? await leaseUnits(db) : [];
  return { email: admin.email, lease, units, today: businessToday() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const id = parseId(params.id);
  if (id === null || !(await loadLease(getRuntime().database.db, id)))
    throw data({ error: "That lease does not exist." }, { status: 404 });
  return leaseAction(request, id, admin.id);
}

export default function Lease({ loaderData }: Route.ComponentProps) {
  const { lease } = loaderData;
  const main = lease.tenants[0];
  return (
    <AdminLayout
      title={`Lease #${lease.id}: ${lease.unit.name}${main?.name ? `, ${main.name}` : ""}`}
      email={loaderData.email}
      actions={
        <Link to={href("/admin/leases")} className={buttonStyles.secondary}>
          All leases
        </Link>
      }
    >
      <LeasePage
        lease={lease}
        units={loaderData.units}
        today={loaderData.today}
        documents={<LeaseDocumentsPanel leaseId={lease.id} dues={lease.dues} />}
      />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Lease" failed="Failed to load the lease" />;
}

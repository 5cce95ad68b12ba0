import { href, Link } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin } from "../features/auth/guard.server.ts";
import { listLeases, todayList, unitsWithLeases } from "../features/leases/lease-list.server.ts";
import { leaseFilterSchema } from "../features/leases/lease-schema.ts";
import { LeasesPage } from "../features/leases/leases-page.tsx";
import type { Route } from "./+types/admin.leases";

export function meta() {
  return [{ title: "Admin — Leases" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const filter = leaseFilterSchema.parse(Object.fromEntries(url.searchParams));
  const db = getRuntime().database.db;
  const [rows, today, units] = await Promise.all([
    listLeases(db, filter),
    todayList(db),
    unitsWithLeases(db),
  ]);
  return { email: admin.email, filter, rows, today, units };
}

export default function Leases({ loaderData }: Route.ComponentProps) {
  return (
    <AdminLayout
      title="Leases"
      email={loaderData.email}
      actions={
        <Link to={href("/admin/leases/new")} className={buttonStyles.primary}>
          New lease
        </Link>
      }
    >
      <LeasesPage
        filter={loaderData.filter}
        rows={loaderData.rows}
        today={loaderData.today}
        units={loaderData.units}
      />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Leases" failed="Failed to load the leases" />;
}

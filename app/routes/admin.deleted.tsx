import { data, Form, redirect } from "react-router";
import { reportFailure } from "../db/failure.server.ts";
import { getRuntime } from "../db/runtime.server.ts";
import { formatAdminDateTime } from "../domain/date-time.ts";
import { databaseBadge } from "../features/admin/admin-data.server.ts";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { PropertyError } from "../features/admin/properties.server.ts";
import { listDeletedProperties } from "../features/admin/property-audit.server.ts";
import { restoreProperty } from "../features/admin/property-restore.server.ts";
import { requireAdmin, requireAdminAction } from "../features/auth/guard.server.ts";
import { parseId, readForm } from "../lib/request-body.server.ts";
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
  const id = parseId((await readForm(request)).get("id"));
  if (id === null)
    return data({ error: "Error restoring property: Property not found" }, { status: 404 });
  const { database, storage } = getRuntime();
  try {
    await restoreProperty(database.db, storage, id, admin.id);
  } catch (error) {
    // A rule of the listing (a unit code taken meanwhile) is said as it is; anything else is a
    // sentence with a log reference, never the database's words.
    if (error instanceof PropertyError) {
      const status = error.kind === "not-found" ? 404 : 409;
      return data({ error: `Error restoring property: ${error.message}` }, { status });
    }
    const failure = await reportFailure("restoring a property failed", error);
    return data(
      { error: `Error restoring property: ${failure.message}` },
      { status: failure.databaseDown ? 503 : 500 },
    );
  }
  return redirect("/admin?notice=restored");
}

export default function Deleted({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminLayout title="Deleted properties" email={loaderData.email} badge={loaderData.badge}>
      {actionData?.error && (
        <p role="alert" className="mb-4 rounded-lg bg-rose-50 px-3 py-2 text-rose-800">
          {actionData.error}
        </p>
      )}
      {loaderData.deleted.length === 0 ? (
        <p className="text-ink-600">No deleted properties.</p>
      ) : (
        <ul
          className="divide-y divide-sand-200 rounded-xl bg-white ring-1 ring-sand-200"
          aria-label="Deleted properties"
        >
          {loaderData.deleted.map((d) => (
            <li key={d.id} className="flex items-center gap-4 px-4 py-3">
              <div className="mr-auto">
                <p className="font-semibold text-sea-900">{d.name}</p>
                <p className="text-sm text-ink-600">
                  {d.building} · {d.unitCode} — deleted {formatAdminDateTime(d.deletedAt)} by{" "}
                  {d.by ?? "a removed account"}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="id" value={d.id} />
                <button
                  type="submit"
                  className={buttonStyles.primary}
                  aria-label={`Restore ${d.name}`}
                >
                  Restore
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Deleted properties" failed="Failed to load deleted properties" />;
}

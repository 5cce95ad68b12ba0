import { Form } from "react-router";
import { formatAdminDateTime } from "../../domain/date-time.ts";
import type { DatabaseBadge } from "./admin-data.server.ts";
import { AdminLayout, buttonStyles } from "./admin-layout.tsx";

export interface DeletedPropertiesPageProps {
  loaderData: {
    email: string;
    badge: DatabaseBadge;
    deleted: {
      id: number;
      name: string;
      building: string;
      unitCode: string;
      deletedAt: string;
      by: string | null;
    }[];
  };
  actionData: { error?: string } | undefined;
}

/** /admin/deleted: properties whose last recorded action is a delete, each with Restore. */
export function DeletedPropertiesPage({ loaderData, actionData }: DeletedPropertiesPageProps) {
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

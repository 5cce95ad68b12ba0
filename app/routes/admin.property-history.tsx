import { data, Link, useNavigate } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { formatAdminDateTime } from "../domain/date-time.ts";
import { buttonStyles } from "../features/admin/admin-layout.tsx";
import { Modal } from "../features/admin/modal.tsx";
import type { PropertySnapshot } from "../features/admin/properties.server.ts";
import { propertyHistory } from "../features/admin/property-audit.server.ts";
import { AdminRouteError } from "../features/admin/route-error.tsx";
import { requireAdmin } from "../features/auth/guard.server.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.property-history";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  if (id === null) throw data("Property not found", { status: 404 });
  return { history: await propertyHistory(getRuntime().database.db, id) };
}

const IGNORED = new Set(["updatedAt", "version", "createdAt"]);

/** Which fields an entry changed, "field: before → after". */
function changes(before: PropertySnapshot | null, after: PropertySnapshot | null): string[] {
  if (!before || !after) return [];
  const out: string[] = [];
  for (const key of Object.keys(after) as (keyof PropertySnapshot)[]) {
    if (IGNORED.has(key)) continue;
    const a = JSON.stringify(before[key]);
    const b = JSON.stringify(after[key]);
    if (a !== b)
      out.push(
        key === "images"
          ? `images: ${before.images.length} → ${after.images.length} (or order)`
          : `${key}: ${a} → ${b}`,
      );
  }
  return out;
}

export default function PropertyHistory({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  return (
    <Modal title="Property history" wide onClose={() => navigate("/admin")}>
      {loaderData.history.length === 0 ? (
        <p className="text-ink-600">No recorded changes.</p>
      ) : (
        <ol className="space-y-3" aria-label="History">
          {loaderData.history.map((entry) => (
            <li key={entry.id} className="rounded-lg bg-sand-50 p-3 text-sm ring-1 ring-sand-200">
              <p className="font-semibold capitalize text-sea-900">
                {entry.action}{" "}
                <span className="font-normal text-ink-600">
                  {formatAdminDateTime(entry.at)} by {entry.by ?? "a removed account"}
                </span>
              </p>
              <ul className="mt-1 list-disc pl-5 text-ink-600">
                {changes(entry.before, entry.after).map((c) => (
                  <li key={c} className="break-all">
                    {c}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 flex justify-end">
        <Link to="/admin" className={buttonStyles.secondary}>
          Close
        </Link>
      </div>
    </Modal>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

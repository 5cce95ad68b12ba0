import { data } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { propertyHistory } from "../features/admin/property-audit.server.ts";
import { PropertyHistoryDialog } from "../features/admin/property-history-dialog.tsx";
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

export default function PropertyHistory({ loaderData }: Route.ComponentProps) {
  return <PropertyHistoryDialog history={loaderData.history} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

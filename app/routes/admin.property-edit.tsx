import { data, useLocation, useNavigate } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { Modal } from "../features/admin/modal.tsx";
import { getProperty } from "../features/admin/properties.server.ts";
import { PropertyForm } from "../features/admin/property-form.tsx";
import { backToList } from "../features/admin/property-list-query.ts";
import { AdminRouteError } from "../features/admin/route-error.tsx";
import { saveProperty } from "../features/admin/save-property.server.ts";
import { requireAdmin } from "../features/auth/guard.server.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.property-edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const property = id === null ? null : await getProperty(getRuntime().database.db, id);
  if (!property) throw data("Property not found", { status: 404 });
  return { property };
}

/** Signed in first, inside `saveProperty`: it keeps the form on screen when that check fails. */
export async function action({ request, params }: Route.ActionArgs) {
  return saveProperty(request, params.id);
}

export default function EditProperty({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { property } = loaderData;
  return (
    <Modal
      title={`Edit Property — ${property.name}`}
      wide
      onClose={() => navigate(backToList(search))}
    >
      {/* A new key per version: after a save elsewhere the form starts from what is stored. */}
      <PropertyForm
        key={`${property.id}-${property.version}`}
        values={property}
        version={property.version}
      />
    </Modal>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

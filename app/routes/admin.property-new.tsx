import { useLocation, useNavigate } from "react-router";
import { Modal } from "../features/admin/modal.tsx";
import { PropertyForm } from "../features/admin/property-form.tsx";
import { backToList } from "../features/admin/property-list-query.ts";
import { NEW_PROPERTY_DEFAULTS } from "../features/admin/property-schema.ts";
import { AdminRouteError } from "../features/admin/route-error.tsx";
import { saveProperty } from "../features/admin/save-property.server.ts";
import { requireAdmin } from "../features/auth/guard.server.ts";
import type { Route } from "./+types/admin.property-new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

/** Signed in first, inside `saveProperty`: it keeps the form on screen when that check fails. */
export async function action({ request }: Route.ActionArgs) {
  return saveProperty(request, null);
}

export default function NewProperty() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <Modal title="Create New Property" wide onClose={() => navigate(backToList(search))}>
      <PropertyForm values={NEW_PROPERTY_DEFAULTS} />
    </Modal>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

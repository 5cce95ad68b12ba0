import { useCallback, useEffect, useState } from "react";
import {
  data,
  Link,
  Outlet,
  redirect,
  useFetcher,
  useNavigation,
  useSearchParams,
} from "react-router";
import { reportFailure } from "../db/failure.server.ts";
import { getRuntime } from "../db/runtime.server.ts";
import { databaseBadge } from "../features/admin/admin-data.server.ts";
import { AdminLayout, buttonStyles } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { LoadFailure } from "../features/admin/load-failure.tsx";
import { LoginForm } from "../features/admin/login-form.tsx";
import { Modal } from "../features/admin/modal.tsx";
import {
  deleteProperty,
  listProperties,
  PropertyError,
} from "../features/admin/properties.server.ts";
import { PropertyCard, type PropertyCardData } from "../features/admin/property-card.tsx";
import { Toast } from "../features/admin/toast.tsx";
import {
  getAdmin,
  requireAdmin,
  requireAdminAction,
  sessionCheckFailure,
} from "../features/auth/guard.server.ts";
import { signInWithPassword } from "../features/auth/sign-in-flow.server.ts";
import { parseId, readForm } from "../lib/request-body.server.ts";
import { clientAddressContext } from "../lib/request-context.ts";
import type { Route } from "./+types/admin";

export function meta() {
  return [{ title: "Admin — Property Management" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await getAdmin(request))) return { signedIn: false as const };
  const admin = await requireAdmin(request);
  const badge = await databaseBadge();
  try {
    const properties: PropertyCardData[] = await listProperties(getRuntime().database.db);
    return { signedIn: true as const, email: admin.email, badge, properties, loadError: null };
  } catch (error) {
    const failure = await reportFailure("Failed to load properties", error);
    return {
      signedIn: true as const,
      email: admin.email,
      badge,
      properties: [],
      loadError: failure.message,
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "login") {
    return signInWithPassword(request, form, context.get(clientAddressContext));
  }
  if (intent === "delete") return deleteAction(request, form);
  await requireAdminAction(request);
  return data({ error: "Unknown action" }, { status: 400 });
}

/** Deletes from a dialog over the list: every failure is a sentence in a toast, never SQL. */
async function deleteAction(request: Request, form: FormData) {
  const failed = (message: string, status: number) =>
    data({ error: `Error deleting property: ${message}` }, { status });
  let adminId: number;
  try {
    adminId = (await requireAdminAction(request)).id;
  } catch (thrown) {
    const failure = sessionCheckFailure(thrown);
    if (!failure) throw thrown;
    return failed(failure.error, failure.databaseDown ? 503 : 500);
  }
  const id = parseId(form.get("id"));
  if (id === null) return failed("This property no longer exists.", 404);
  try {
    await deleteProperty(getRuntime().database.db, id, adminId);
  } catch (error) {
    if (error instanceof PropertyError) return failed(error.message, 404);
    const failure = await reportFailure("deleting a property failed", error);
    return failed(failure.message, failure.databaseDown ? 503 : 500);
  }
  return redirect("/admin?notice=deleted");
}

const NOTICES: Record<string, string> = {
  saved: "Property saved successfully!",
  deleted: "Property deleted successfully!",
  restored: "Property restored.",
};

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return <LoginForm error={actionData && "error" in actionData ? actionData.error : undefined} />;
  }
  return <PropertyManagement {...loaderData} />;
}

function PropertyManagement({
  email,
  badge,
  properties,
  loadError,
}: Extract<Route.ComponentProps["loaderData"], { signedIn: true }>) {
  const navigation = useNavigation();
  const [params, setParams] = useSearchParams();
  const notice = params.get("notice");
  const [toast, setToast] = useState<{ message: string; tone: "success" | "error" } | null>(null);
  const [deleting, setDeleting] = useState<PropertyCardData | null>(null);
  const fetcher = useFetcher<{ error?: string }>();

  useEffect(() => {
    if (notice && NOTICES[notice]) {
      setToast({ message: NOTICES[notice], tone: "success" });
      setParams(
        (p) => {
          p.delete("notice");
          return p;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [notice, setParams]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.error) {
      setToast({ message: fetcher.data.error, tone: "error" });
      setDeleting(null);
    }
  }, [fetcher.state, fetcher.data]);
  const closeToast = useCallback(() => setToast(null), []);

  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin";
  return (
    <AdminLayout
      title="Property Management"
      email={email}
      badge={badge}
      actions={
        <Link to="/admin/properties/new" className={buttonStyles.primary}>
          Add Property
        </Link>
      }
    >
      {loading && (
        <p role="status" className="mb-4 text-ink-600">
          Loading properties...
        </p>
      )}
      {loadError ? (
        <LoadFailure title="Failed to load properties" details={loadError} />
      ) : properties.length === 0 ? (
        <p className="text-ink-600">No properties yet. Add the first one.</p>
      ) : (
        <ul
          className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3"
          aria-label="Properties"
        >
          {properties.map((property) => (
            <li key={property.id} className="flex flex-col">
              <PropertyCard property={property} onDelete={() => setDeleting(property)} />
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <Modal title="Delete property" onClose={() => setDeleting(null)}>
          <p className="text-ink-900">Are you sure you want to delete this property?</p>
          <p className="mt-1 text-sm text-ink-600">
            {deleting.name} ({deleting.building} · {deleting.unitCode}). It can be restored from
            Deleted properties.
          </p>
          <fetcher.Form
            method="post"
            action="/admin"
            className="mt-6 flex justify-end gap-3"
            onSubmit={() => setDeleting(null)}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => setDeleting(null)}
            >
              Cancel
            </button>
            <button type="submit" className={buttonStyles.danger}>
              Delete
            </button>
          </fetcher.Form>
        </Modal>
      )}
      {toast && <Toast message={toast.message} tone={toast.tone} onClose={closeToast} />}
      <Outlet context={{ notify: setToast }} />
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Property Management" failed="Failed to load properties" />;
}

import { useCallback, useEffect, useState } from "react";
import { href, Link, Outlet, useFetcher, useNavigation, useSearchParams } from "react-router";
import { LoadFailure } from "../../ui/load-failure.tsx";
import type { DatabaseBadge } from "./admin-data.server.ts";
import { AdminLayout, buttonStyles } from "./admin-layout.tsx";
import { Modal } from "./modal.tsx";
import { PropertyCard, type PropertyCardData } from "./property-card.tsx";
import { PropertyListControls, PropertyPaging } from "./property-list-controls.tsx";
import { backToList, type PropertyListQuery } from "./property-list-query.ts";
import { PropertyTable } from "./property-table.tsx";
import { Toast } from "./toast.tsx";

/** The confirmations a save, a delete or a restore sends back in `?notice=`. */
type PropertyNotice = "saved" | "deleted" | "restored";
const NOTICES: Record<PropertyNotice, string> = {
  saved: "Property saved successfully!",
  deleted: "Property deleted successfully!",
  restored: "Property restored.",
};

export interface PropertyManagementProps {
  email: string;
  badge: DatabaseBadge;
  /** One page of the list, as `query` asks. */
  properties: PropertyCardData[];
  query: PropertyListQuery;
  /** All properties, and those matching the search and filters. */
  total: number;
  matching: number;
  page: number;
  pageCount: number;
  /** The sentence to show when the list could not be read. */
  loadError: string | null;
}

/** The property list of /admin: a table or cards, search, filters, paging, the delete dialog, notices as toasts, child routes. */
export function PropertyManagement({
  email,
  badge,
  properties,
  query,
  total,
  matching,
  page,
  pageCount,
  loadError,
}: PropertyManagementProps) {
  const navigation = useNavigation();
  const [params, setParams] = useSearchParams();
  const notice = params.get("notice");
  const [toast, setToast] = useState<{ message: string; tone: "success" | "error" } | null>(null);
  const [deleting, setDeleting] = useState<PropertyCardData | null>(null);
  const fetcher = useFetcher<{ error?: string }>();

  useEffect(() => {
    if (notice && Object.hasOwn(NOTICES, notice)) {
      setToast({ message: NOTICES[notice as PropertyNotice], tone: "success" });
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

  const loading = navigation.state === "loading" && navigation.location.pathname === href("/admin");
  return (
    <AdminLayout
      title="Property Management"
      email={email}
      badge={badge}
      actions={
        <Link
          to={{ pathname: href("/admin/properties/new"), search: params.toString() }}
          className={buttonStyles.primary}
        >
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
      ) : total === 0 ? (
        <p className="text-ink-600">No properties yet. Add the first one.</p>
      ) : (
        <>
          <PropertyListControls query={query} total={total} matching={matching} />
          {properties.length === 0 ? (
            <p className="text-ink-600">No properties match the search and filters.</p>
          ) : query.view === "cards" ? (
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
          ) : (
            <PropertyTable properties={properties} onDelete={setDeleting} />
          )}
          <PropertyPaging query={query} page={page} pageCount={pageCount} matching={matching} />
        </>
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
            action={backToList(params.toString())}
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

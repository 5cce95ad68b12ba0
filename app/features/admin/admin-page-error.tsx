import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import type { DatabaseBadge } from "./admin-data.server.ts";
import { AdminLayout, buttonStyles } from "./admin-layout.tsx";
import { databaseLabel } from "./database-label.ts";

interface ErrorBody {
  error?: unknown;
  databaseDown?: unknown;
  database?: unknown;
}

/**
 * An admin page that could not be shown, usually because the database does not answer: what
 * failed in a plain sentence (with the log reference the server gave), the database badge, and a
 * link to try again. Never a stack trace or SQL.
 */
export function AdminPageError({ title, failed }: { title: string; failed: string }) {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const response = isRouteErrorResponse(error) ? error : null;
  if (!response) console.error(error);
  const body: ErrorBody =
    response?.data && typeof response.data === "object" ? (response.data as ErrorBody) : {};
  const details =
    typeof body.error === "string" ? body.error : "The page could not be shown. Please try again.";
  const badge: DatabaseBadge | undefined =
    body.databaseDown === true && (body.database === "embedded" || body.database === "postgres")
      ? {
          kind: body.database,
          label: databaseLabel(body.database),
          answering: false,
        }
      : undefined;
  const serverFault = !response || response.status >= 500;
  return (
    <AdminLayout title={title} badge={badge}>
      <div role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-rose-800">
        {serverFault && <p className="font-semibold">{failed}</p>}
        <p className={serverFault ? "mt-1" : ""}>{details}</p>
      </div>
      <a href={`${pathname}${search}`} className={`${buttonStyles.secondary} mt-4`}>
        Try again
      </a>
    </AdminLayout>
  );
}

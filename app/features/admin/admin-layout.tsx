import { Form, href, Link, NavLink, useLocation } from "react-router";
import { buttonStyles } from "../../ui/button-styles.ts";
import type { DatabaseBadge } from "./admin-data.server.ts";

export { buttonStyles };

export function AdminLayout({
  title,
  email,
  badge,
  actions,
  children,
}: {
  title: string;
  /** Unknown when the session could not be checked: then there is no one to sign out either. */
  email?: string | undefined;
  badge?: DatabaseBadge;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  // A property's pages (its form, its calendar) are under the Properties tab.
  const { pathname } = useLocation();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-sea-900 text-white" : "text-ink-600 hover:bg-sand-100"}`;
  return (
    <div className="min-h-dvh bg-sand-50">
      <header className="border-b border-sand-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-4 sm:px-6">
          <div className="mr-auto">
            <h1 className="font-display text-2xl text-sea-900">{title}</h1>
            {email && <p className="text-xs text-ink-500">Signed in as {email}</p>}
          </div>
          {badge && (
            <span
              data-testid="database-badge"
              className={`rounded-full px-3 py-1 text-xs font-semibold ${badge.answering ? "bg-emerald-100 text-emerald-900" : "bg-rose-100 text-rose-900"}`}
            >
              {badge.answering ? "Database" : "Database not answering"}: {badge.label}
            </span>
          )}
          {actions}
          {email && (
            <Form method="post" action={href("/admin/logout")}>
              <button type="submit" className={buttonStyles.secondary}>
                Logout
              </button>
            </Form>
          )}
          <Link to="/" className={buttonStyles.secondary} reloadDocument>
            Close
          </Link>
        </div>
        <nav
          aria-label="Admin sections"
          className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 pb-3 whitespace-nowrap sm:px-6"
        >
          <NavLink
            to={href("/admin")}
            end={!pathname.startsWith("/admin/properties")}
            className={tab}
          >
            Properties
          </NavLink>
          <NavLink to={href("/admin/calendars")} className={tab}>
            Calendars
          </NavLink>
          <NavLink to={href("/admin/leads")} className={tab}>
            Leads
          </NavLink>
          <NavLink to={href("/admin/leases")} className={tab}>
            Leases
          </NavLink>
          <NavLink to={href("/admin/owners")} className={tab}>
            Owners
          </NavLink>
          <NavLink to={href("/admin/statements")} className={tab}>
            Statements
          </NavLink>
          <NavLink to={href("/admin/saved-searches")} className={tab}>
            Saved searches
          </NavLink>
          <NavLink to={href("/admin/deleted")} className={tab}>
            Deleted properties
          </NavLink>
          <NavLink to={href("/admin/settings/currencies")} className={tab}>
            Currencies
          </NavLink>
          <NavLink to={href("/admin/security")} className={tab}>
            Security
          </NavLink>
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}

import { href, Link } from "react-router";
import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { AdminPageError } from "../features/admin/admin-page-error.tsx";
import { requireAdmin } from "../features/auth/guard.server.ts";
import { loadPortfolio } from "../features/availability/calendar-admin.server.ts";
import type { Route } from "./+types/admin.calendars";

export function meta() {
  return [{ title: "Admin — Calendars" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email, ...(await loadPortfolio(6)) };
}

const monthName = (key: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${key}-01T00:00:00Z`),
  );

/** Shade of a cell: the fuller the month, the darker. */
const shade = (percent: number) =>
  percent >= 90
    ? "bg-sea-900 text-white"
    : percent >= 50
      ? "bg-sea-700 text-white"
      : percent > 0
        ? "bg-sea-100 text-sea-900"
        : "text-ink-600";

/** The portfolio: every unit × the next six months, with the share of days taken. */
export default function Calendars({ loaderData }: Route.ComponentProps) {
  const { months, units, troubled } = loaderData;
  const average = months.map((_, i) =>
    units.length === 0
      ? 0
      : Math.round(units.reduce((sum, u) => sum + (u.occupancy[i] ?? 0), 0) / units.length),
  );
  return (
    <AdminLayout title="Calendars" email={loaderData.email}>
      {troubled.length > 0 && (
        <section
          aria-labelledby="trouble-heading"
          className="mb-6 rounded-xl bg-white p-4 ring-1 ring-rose-300"
        >
          <h2 id="trouble-heading" className="font-semibold text-rose-800">
            Calendar feeds in trouble ({troubled.length})
          </h2>
          <ul className="mt-2 space-y-1 text-sm" data-testid="troubled-feeds">
            {troubled.map((f) => (
              <li key={f.id}>
                <Link
                  to={href("/admin/properties/:id/calendar", { id: String(f.propertyId) })}
                  className="underline"
                >
                  {f.unitName}: {f.name}
                </Link>{" "}
                — {f.problem}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-sand-200">
        <table className="w-full text-sm">
          <caption className="p-3 text-left text-ink-600">
            Occupancy: the share of each month's days taken, as the public calendar shows them
            (Bangkok dates): stays and blocks, or for a unit without stays its status (marked “from
            status”).
          </caption>
          <thead>
            <tr className="border-b border-sand-200">
              <th scope="col" className="p-2 text-left">
                Unit
              </th>
              {months.map((m) => (
                <th key={m} scope="col" className="p-2 text-right">
                  {monthName(m)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {units.map((u) => (
              <tr key={u.id} className="border-b border-sand-100" data-testid="portfolio-row">
                <th scope="row" className="p-2 text-left font-normal">
                  <Link
                    to={href("/admin/properties/:id/calendar", { id: String(u.id) })}
                    className="underline"
                  >
                    {u.name}
                  </Link>{" "}
                  <span className="text-ink-500">
                    {u.building} · {u.unitCode}
                  </span>
                  {u.fromStatus && (
                    <span className="ml-2 rounded-full px-2 py-0.5 text-xs ring-1 ring-ink-500">
                      from status
                    </span>
                  )}
                  {u.statusOverride && (
                    <span className="ml-2 rounded-full px-2 py-0.5 text-xs ring-1 ring-ink-500">
                      override
                    </span>
                  )}
                </th>
                {u.occupancy.map((p, i) => (
                  <td key={months[i]} className={`p-2 text-right tabular-nums ${shade(p)}`}>
                    {p}%
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="p-2 text-left">
                Average
              </th>
              {average.map((p, i) => (
                <td key={months[i]} className="p-2 text-right font-semibold tabular-nums">
                  {p}%
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </AdminLayout>
  );
}

export function ErrorBoundary() {
  return <AdminPageError title="Calendars" failed="Failed to load the calendars" />;
}

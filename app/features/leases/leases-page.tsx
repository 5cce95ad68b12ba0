import { Form, href, Link } from "react-router";
import { formatAdminDateTime } from "../../domain/date-time.ts";
import { LEASE_STATUSES } from "../../domain/leases.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { LabelOptions } from "../../ui/label-options.tsx";
import { baht, DUE_STATE_LABELS, STATUS_LABELS } from "./lease-labels.ts";
import type { LeaseListRow, TodayList, unitsWithLeases } from "./lease-list.server.ts";
import { type LeaseFilter, LIMITS } from "./lease-schema.ts";

type UnitOption = Awaited<ReturnType<typeof unitsWithLeases>>[number];

const field = "mt-1 block w-full rounded-lg border border-sand-200 px-3 py-2";

function Today({ today }: { today: TodayList }) {
  const nothing = today.dues.length + today.tasks.length + today.deposits.length === 0;
  return (
    <section
      aria-labelledby="today-heading"
      className="mb-8 rounded-xl bg-white p-4 ring-1 ring-sand-200"
    >
      <h2 id="today-heading" className="mb-2 text-lg font-semibold text-sea-900">
        Today
      </h2>
      {nothing ? (
        <p className="text-ink-600">Nothing due, overdue or waiting.</p>
      ) : (
        <ul className="space-y-2 text-sm" aria-label="Due, overdue and waiting">
          {today.tasks.map((t) => (
            <li key={`task-${t.id}`} className={t.overdue ? "font-semibold text-rose-800" : ""}>
              <Link
                to={`${href("/admin/leases/:id", { id: String(t.leaseId) })}#tasks`}
                className="underline"
              >
                TM30 report for {t.tenant ?? "a tenant"}, {t.unit}
              </Link>{" "}
              — {t.overdue ? "overdue since" : "due by"} {formatAdminDateTime(t.dueAt)}
            </li>
          ))}
          {today.dues.map((d) => (
            <li
              key={`due-${d.id}`}
              className={d.state === "overdue" ? "font-semibold text-rose-800" : ""}
            >
              <Link
                to={`${href("/admin/leases/:id", { id: String(d.leaseId) })}#dues`}
                className="underline"
              >
                {d.kind === "deposit" ? "Deposit" : "Rent"} {baht(d.owed)}, {d.unit}
                {d.tenant ? `, ${d.tenant}` : ""}
              </Link>{" "}
              — {DUE_STATE_LABELS[d.state]} ({d.dueDate})
            </li>
          ))}
          {today.deposits.map((d) => (
            <li
              key={`deposit-${d.leaseId}`}
              className={d.overdue ? "font-semibold text-rose-800" : ""}
            >
              <Link
                to={`${href("/admin/leases/:id", { id: String(d.leaseId) })}#deposit`}
                className="underline"
              >
                Return the deposit, {d.unit}
                {d.tenant ? `, ${d.tenant}` : ""}
              </Link>{" "}
              — {d.overdue ? "late since" : "by"} {d.deadline}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The leases desk: what is due today, a search, and the leases found, overdue first. */
export function LeasesPage({
  filter,
  rows,
  today,
  units,
}: {
  filter: LeaseFilter;
  rows: LeaseListRow[];
  today: TodayList;
  units: UnitOption[];
}) {
  return (
    <>
      <Today today={today} />
      <Form method="get" className="mb-4 grid gap-3 sm:grid-cols-5" aria-label="Search leases">
        <label className="text-sm font-medium sm:col-span-2">
          Search (unit, tenant, e-mail)
          <input
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            maxLength={LIMITS.search}
            className={field}
          />
        </label>
        <label className="text-sm font-medium">
          Status
          <select name="status" defaultValue={filter.status ?? ""} className={field}>
            <option value="">Any</option>
            <LabelOptions values={LEASE_STATUSES} labels={STATUS_LABELS} />
          </select>
        </label>
        <label className="text-sm font-medium">
          Unit
          <select
            name="unit"
            defaultValue={filter.unit ? String(filter.unit) : ""}
            className={field}
          >
            <option value="">Any</option>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Due
          <select name="due" defaultValue={filter.due ?? ""} className={field}>
            <option value="">Any</option>
            <option value="overdue">Overdue</option>
            <option value="this-week">Due within a week</option>
          </select>
        </label>
        <div className="sm:col-span-5">
          <button type="submit" className={buttonStyles.secondary}>
            Show
          </button>
        </div>
      </Form>
      <p role="status" className="mb-2 text-sm text-ink-600">
        {rows.length === 1 ? "1 lease" : `${rows.length} leases`}
      </p>
      {rows.length > 0 && (
        <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-sand-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Leases, overdue first</caption>
            <thead className="bg-sand-100">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Lease
                </th>
                <th scope="col" className="px-3 py-2">
                  Unit
                </th>
                <th scope="col" className="px-3 py-2">
                  Tenant
                </th>
                <th scope="col" className="px-3 py-2">
                  Dates
                </th>
                <th scope="col" className="px-3 py-2">
                  Rent
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Money
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.id}
                  className={`border-t border-sand-200 ${r.overdue > 0 ? "bg-rose-50" : ""}`}
                  data-overdue={r.overdue > 0 ? "true" : undefined}
                >
                  <td className="px-3 py-2">
                    <Link
                      to={href("/admin/leases/:id", { id: String(r.id) })}
                      className="font-medium underline"
                    >
                      #{r.id}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{r.unit}</td>
                  <td className="px-3 py-2">
                    {r.tenant ?? <em>erased</em>}
                    {r.tenants > 1 ? ` +${r.tenants - 1}` : ""}
                    {r.email && <span className="block text-xs text-ink-600">{r.email}</span>}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {r.startDate} → {r.endDate}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{baht(r.monthlyRent)}</td>
                  <td className="px-3 py-2">{STATUS_LABELS[r.status]}</td>
                  <td className="px-3 py-2">
                    {r.overdue > 0 ? (
                      <strong className="text-rose-800">Overdue {baht(r.overdue)}</strong>
                    ) : r.nextDue ? (
                      `Next ${baht(r.nextDue.amount)} on ${r.nextDue.dueDate}`
                    ) : (
                      "Nothing owed"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** The desk's statement screens: a month's statements, one statement, and the ledger entries. */
import { Form, href, Link } from "react-router";
import { formatAdminDateTime, plusDays } from "../../domain/date-time.ts";
import type { LineSourceKind, StatementStatus } from "../../domain/owner-money.ts";
import { PAYOUT_METHODS } from "../../domain/owner-money.ts";
import { formConstraints } from "../../lib/form-schema.ts";
import {
  correctionFormSchema,
  expenseFormSchema,
  payoutFormSchema,
  stayFormSchema,
} from "./ledger-schema.ts";
import type { FullStatement, StatementSummary } from "./statements.server.ts";
import type { AdminResult, WaitingStatement } from "./statements-admin-actions.server.ts";

const input =
  "mt-1 block w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus-visible:outline-2 focus-visible:outline-sea-600";
const label = "block text-sm font-medium text-ink-900";
// Each form's limits as its schema sets them.
const PAYOUT_LIMITS = formConstraints(payoutFormSchema);
const CORRECTION_LIMITS = formConstraints(correctionFormSchema);
const STAY_LIMITS = formConstraints(stayFormSchema);
const EXPENSE_LIMITS = formConstraints(expenseFormSchema);
const primary =
  "inline-flex items-center justify-center rounded-lg bg-sea-900 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-700 focus-visible:outline-3";
const secondary =
  "inline-flex items-center justify-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-ink-900 ring-1 ring-sand-200 hover:bg-sand-100 focus-visible:outline-3";
const panel = "rounded-xl bg-white p-5 ring-1 ring-sand-200";
const linkStyle = "font-semibold text-sea-800 underline underline-offset-2";

export const STATUS_LABELS: Record<StatementStatus, string> = {
  draft: "Draft",
  approved: "Approved",
  published: "Published",
  paid: "Paid",
};

const baht = (n: number) => `${n < 0 ? "−" : ""}฿${Math.abs(n).toLocaleString("en-US")}`;
const period = (start: string, end: string) => `${start} to ${end} (end exclusive)`;

export function Message({ result }: { result?: AdminResult | undefined }) {
  return (
    <div role="status" aria-live="polite">
      {result && (
        <p
          className={`rounded-lg p-3 text-sm font-medium ${result.ok ? "bg-emerald-50 text-emerald-900" : "bg-rose-50 text-rose-900"}`}
        >
          {result.message}
        </p>
      )}
    </div>
  );
}

function SectionLinks() {
  return (
    <p className="flex flex-wrap gap-x-6 gap-y-2">
      <Link to={href("/admin/statements")} className={linkStyle}>
        Statements
      </Link>
      <Link to={href("/admin/statements/ledger")} className={linkStyle}>
        Ledger: stays, expenses, withholding
      </Link>
      <Link to={href("/admin/owners")} className={linkStyle}>
        Owners
      </Link>
    </p>
  );
}

/** The period a statement covers, as the desk names it: "October 2026" or "Q4 2026". */
function periodName(program: string, start: string): string {
  const [year, month] = [start.slice(0, 4), Number(start.slice(5, 7))];
  if (program === "guaranteed") return `Q${Math.floor((month - 1) / 3) + 1} ${year}`;
  return new Date(`${start}T00:00:00Z`).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** Drafts to review and approved statements to publish, whatever month they close in. */
export function StatementsWaiting({ waiting }: { waiting: WaitingStatement[] }) {
  const drafts = waiting.filter((w) => w.status === "draft").length;
  const approved = waiting.length - drafts;
  return (
    <section className={panel} aria-labelledby="waiting-heading" data-testid="statements-waiting">
      <h2 id="waiting-heading" className="text-lg font-semibold text-ink-900">
        Waiting for the desk
      </h2>
      {waiting.length === 0 ? (
        <p className="mt-1 text-sm text-ink-700">
          No drafts to review and nothing approved to publish. The daily round (06:00 in Phuket)
          drafts each month and quarter once it has ended.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-700">
            {drafts} draft{drafts === 1 ? "" : "s"} to review, {approved} approved to publish.
            Drafts of ended periods are made by the daily round at 06:00 in Phuket.
          </p>
          <ul className="mt-3 divide-y divide-sand-200">
            {waiting.map((w) => (
              <li key={w.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
                <Link
                  to={href("/admin/statements/:id", { id: String(w.id) })}
                  className={linkStyle}
                >
                  #{w.id} {w.unitName} v{w.version}
                </Link>
                <span className="text-ink-900">
                  {w.program === "guaranteed" ? "Guaranteed" : "Revenue share"},{" "}
                  {periodName(w.program, w.periodStart)}
                </span>
                <span className="text-ink-700">
                  {STATUS_LABELS[w.status]}
                  {w.status === "draft" && w.byRound ? " (made by the daily round)" : ""}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function StatementsAdmin({
  month,
  statements,
  units,
  waiting,
  result,
}: {
  month: string;
  statements: StatementSummary[];
  units: { id: number; name: string; program: string }[];
  waiting: WaitingStatement[];
  result?: AdminResult | undefined;
}) {
  return (
    <div className="space-y-6">
      <SectionLinks />
      <Message result={result} />
      <StatementsWaiting waiting={waiting} />
      <section className={panel} aria-labelledby="month-heading">
        <h2 id="month-heading" className="text-lg font-semibold text-ink-900">
          Statements closing in {month}
        </h2>
        <p className="mt-1 text-sm text-ink-700">
          A month's revenue-share statements, and the guaranteed quarters that end in it. Every
          version is listed.
        </p>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          <label className={label}>
            Month
            <input type="month" name="month" defaultValue={month} required className={input} />
          </label>
          <button type="submit" className={secondary}>
            Show
          </button>
          <a
            href={`${href("/admin/statements/export.csv")}?month=${month}`}
            className={secondary}
            download
          >
            Export the month as CSV
          </a>
        </Form>
        {statements.length === 0 ? (
          <p className="mt-4 text-ink-700">No statements close in this month yet.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead>
                <tr className="[&>th]:px-2 [&>th]:py-2 [&>th:first-child]:ps-0">
                  <th scope="col">Statement</th>
                  <th scope="col">Program</th>
                  <th scope="col">Period</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="text-end">
                    Net
                  </th>
                  <th scope="col" className="text-end">
                    Payout
                  </th>
                </tr>
              </thead>
              <tbody>
                {statements.map((s) => (
                  <tr
                    key={s.id}
                    className="border-t border-sand-200 align-top [&>td]:px-2 [&>td]:py-2 [&>td:first-child]:ps-0"
                    data-status={s.status}
                  >
                    <td>
                      <Link
                        to={href("/admin/statements/:id", { id: String(s.id) })}
                        className={linkStyle}
                      >
                        #{s.id} {s.unitName} v{s.version}
                      </Link>
                    </td>
                    <td>{s.program === "guaranteed" ? "Guaranteed" : "Revenue share"}</td>
                    <td className="whitespace-nowrap">
                      {s.periodStart} – {plusDays(s.periodEnd, -1)}
                    </td>
                    <td>{STATUS_LABELS[s.status]}</td>
                    <td className="whitespace-nowrap text-end tabular-nums">{baht(s.net)}</td>
                    <td className="whitespace-nowrap text-end tabular-nums">{baht(s.payout)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className={panel} aria-labelledby="generate-heading">
        <h2 id="generate-heading" className="text-lg font-semibold text-ink-900">
          Draft statements
        </h2>
        <p className="mt-1 text-sm text-ink-700">
          Revenue share: the month chosen. Guaranteed: the quarter holding it. A draft made again
          replaces the old draft; a published period takes a correction instead.
        </p>
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-3">
          <input type="hidden" name="intent" value="generate" />
          <label className={label}>
            Month
            <input type="month" name="month" defaultValue={month} required className={input} />
          </label>
          <label className={label}>
            Unit
            <select name="propertyId" className={input} defaultValue="">
              <option value="">Every unit in a program</option>
              {units.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name} ({u.program})
                </option>
              ))}
            </select>
          </label>
          <div className="flex items-end">
            <button type="submit" className={primary}>
              Make drafts
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}

/** Where a line came from, as a link the desk can open. */
function sourceLink(kind: LineSourceKind | null, id: number | null, details: unknown) {
  if (!kind || id === null) return null;
  const d = (details ?? {}) as Record<string, unknown>;
  switch (kind) {
    case "lease-payment":
      return {
        href: href("/admin/leases/:id", { id: String(d.leaseId ?? "") }),
        text: `Lease #${String(d.leaseId ?? "")}, payment #${id}`,
      };
    case "stay":
      return {
        href: `${href("/admin/statements/ledger")}?month=${String(d.checkOut ?? "").slice(0, 7)}#stay-${id}`,
        text: `Stay #${id}`,
      };
    case "expense":
      return d.receipt === true
        ? {
            href: href("/admin/statements/receipts/:id", { id: String(id) }),
            text: `Receipt of expense #${id}`,
          }
        : { href: null, text: `Expense #${id}, no receipt` };
    case "repair-ticket":
      return {
        href: href("/admin/owners/repairs/:id", { id: String(id) }),
        text: `Repair ticket #${id}`,
      };
  }
}

export function StatementAdmin({
  statement: s,
  result,
}: {
  statement: FullStatement;
  result?: AdminResult | undefined;
}) {
  const figures: [string, number][] = [
    ["Gross", s.gross],
    ["Commissions", s.commissions],
    ["Expenses borne by the owners", s.expenses],
    ["Net", s.net],
    ["Owners' share", s.ownerShare],
    ["Company's share", s.companyShare],
    ["Withholding", s.withholding],
    ["Payout", s.payout],
  ];
  return (
    <div className="space-y-6">
      <SectionLinks />
      <Message result={result} />
      <section className={panel} aria-labelledby="statement-heading">
        <h2 id="statement-heading" className="text-lg font-semibold text-ink-900">
          {s.unitName}: {s.program}, {period(s.periodStart, s.periodEnd)}
        </h2>
        <p className="mt-1 text-sm text-ink-700" data-testid="statement-status">
          Version {s.version} · {STATUS_LABELS[s.status]}
          {s.publishedAt && ` · published ${formatAdminDateTime(s.publishedAt)}`}
        </p>
        {s.correctionReason && (
          <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-ink-900">
            Corrects version {s.previous?.version ?? s.version - 1}: {s.correctionReason}
          </p>
        )}
        <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
          {s.versions.map((v) =>
            v.id === s.id ? (
              <span key={v.id} aria-current="page" className="font-semibold">
                v{v.version} ({STATUS_LABELS[v.status]})
              </span>
            ) : (
              <Link
                key={v.id}
                to={href("/admin/statements/:id", { id: String(v.id) })}
                className={linkStyle}
              >
                v{v.version} ({STATUS_LABELS[v.status]})
              </Link>
            ),
          )}
        </p>
        <table className="mt-4 w-full max-w-lg text-sm">
          <caption className="sr-only">Totals</caption>
          <tbody>
            {figures.map(([name, value]) => (
              <tr key={name} className="border-t border-sand-200">
                <th scope="row" className="py-1 text-left font-medium">
                  <a href="#lines" className="underline-offset-2 hover:underline">
                    {name}
                  </a>
                </th>
                <td className="text-end tabular-nums">{baht(value)}</td>
                {s.difference && (
                  <td className="ps-4 text-end text-ink-700 tabular-nums">
                    {(() => {
                      const key = (
                        {
                          Gross: "gross",
                          Commissions: "commissions",
                          "Expenses borne by the owners": "expenses",
                          Net: "net",
                          "Owners' share": "ownerShare",
                          "Company's share": "companyShare",
                          Withholding: "withholding",
                          Payout: "payout",
                        } as const
                      )[name as "Gross"];
                      const d = s.difference?.[key] ?? 0;
                      return d === 0 ? "no change" : `${d > 0 ? "+" : ""}${baht(d)}`;
                    })()}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={panel} aria-labelledby="lines">
        <h2 id="lines" className="text-lg font-semibold text-ink-900">
          Lines and their sources
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-2">
                  Date
                </th>
                <th scope="col">Kind</th>
                <th scope="col">Line</th>
                <th scope="col" className="text-end">
                  Amount
                </th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((l) => {
                const source = sourceLink(l.sourceKind, l.sourceId, l.details);
                return (
                  <tr key={l.id} className="border-t border-sand-200" data-kind={l.kind}>
                    <td className="py-2">{l.on}</td>
                    <td>{l.kind}</td>
                    <td>{l.label}</td>
                    <td className="text-end tabular-nums">{baht(l.amount)}</td>
                    <td>
                      {source?.href ? (
                        <a href={source.href} className={linkStyle}>
                          {source.text}
                        </a>
                      ) : (
                        (source?.text ?? "—")
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <section className={panel} aria-labelledby="parts">
        <h2 id="parts" className="text-lg font-semibold text-ink-900">
          Owners' parts and payouts
        </h2>
        <ul className="mt-3 space-y-4">
          {s.parts.map((p) => (
            <li key={p.ownerId} className="border-t border-sand-200 pt-3">
              <p className="font-medium text-ink-900">
                {p.ownerName}, {p.sharePercent}%: part {baht(p.amount)}, withholding{" "}
                {baht(p.withholding)} ({p.withholdingBp / 100}%), payout {baht(p.payout)}
              </p>
              {p.paidOn ? (
                <p className="text-sm text-ink-700">
                  Paid on {p.paidOn} by {p.payoutMethod}, reference {p.payoutReference}
                </p>
              ) : s.status === "published" ? (
                <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-4">
                  <input type="hidden" name="intent" value="payout" />
                  <input type="hidden" name="ownerId" value={p.ownerId} />
                  <label className={label}>
                    Paid on
                    <input type="date" name="paidOn" required className={input} />
                  </label>
                  <label className={label}>
                    Method
                    <select name="method" className={input} defaultValue="bank-transfer">
                      {PAYOUT_METHODS.map((m) => (
                        <option key={m} value={m}>
                          {m}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className={label}>
                    Reference
                    <input name="reference" {...PAYOUT_LIMITS.reference} className={input} />
                  </label>
                  <div className="flex items-end">
                    <button type="submit" className={primary}>
                      Record the payout to {p.ownerName}
                    </button>
                  </div>
                </Form>
              ) : (
                <p className="text-sm text-ink-700">Not paid.</p>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className={panel} aria-labelledby="actions">
        <h2 id="actions" className="text-lg font-semibold text-ink-900">
          What next
        </h2>
        <div className="mt-3 flex flex-wrap gap-3">
          {s.status === "draft" && (
            <>
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <button type="submit" className={primary}>
                  Approve
                </button>
              </Form>
              {s.version === 1 && (
                <Form method="post">
                  <input type="hidden" name="intent" value="redraft" />
                  <button type="submit" className={secondary}>
                    Make the draft again from the ledger
                  </button>
                </Form>
              )}
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <button type="submit" className={secondary}>
                  Delete the draft
                </button>
              </Form>
            </>
          )}
          {s.status === "approved" && (
            <>
              <Form method="post">
                <input type="hidden" name="intent" value="publish" />
                <button type="submit" className={primary}>
                  Publish to the owners
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="unapprove" />
                <button type="submit" className={secondary}>
                  Back to draft
                </button>
              </Form>
            </>
          )}
        </div>
        {(s.status === "published" || s.status === "paid") && s.versions.at(-1)?.id === s.id && (
          <Form method="post" className="mt-4 max-w-xl space-y-3">
            <input type="hidden" name="intent" value="correct" />
            <label className={label}>
              Reason for a correction (the owners see it)
              <textarea name="reason" {...CORRECTION_LIMITS.reason} rows={2} className={input} />
            </label>
            <button type="submit" className={secondary}>
              Make a corrected version from the ledger
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}

type LedgerPage = {
  month: string;
  stays: {
    id: number;
    unitName: string;
    checkIn: string;
    checkOut: string;
    channel: string;
    gross: number;
    commission: number;
    reference: string;
  }[];
  expenses: {
    id: number;
    unitName: string;
    spentOn: string;
    category: string;
    vendor: string;
    amount: number;
    bearer: string;
    hasReceipt: boolean;
  }[];
  units: { id: number; name: string; program: string }[];
  withholding: {
    id: number;
    name: string;
    residency: string;
    basis: string | null;
    rateBp: number | null;
  }[];
  owners: { id: number; name: string }[];
  channels: readonly string[];
  categories: readonly string[];
};

function UnitSelect({ units }: { units: LedgerPage["units"] }) {
  return (
    <label className={label}>
      Unit
      <select name="propertyId" required className={input} defaultValue="">
        <option value="" disabled>
          Choose a unit
        </option>
        {units.map((u) => (
          <option key={u.id} value={u.id}>
            {u.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function LedgerAdmin({
  page,
  result,
}: {
  page: LedgerPage;
  result?: AdminResult | undefined;
}) {
  return (
    <div className="space-y-6">
      <SectionLinks />
      <Message result={result} />
      <section className={panel} aria-labelledby="add-stay">
        <h2 id="add-stay" className="text-lg font-semibold text-ink-900">
          Add a short stay's income
        </h2>
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-3">
          <input type="hidden" name="intent" value="stay" />
          <UnitSelect units={page.units} />
          <label className={label}>
            Check-in
            <input type="date" name="checkIn" required className={input} />
          </label>
          <label className={label}>
            Check-out
            <input type="date" name="checkOut" required className={input} />
          </label>
          <label className={label}>
            Channel
            <select name="channel" className={input} defaultValue="airbnb">
              {page.channels.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            Price paid by the guest (baht)
            <input name="gross" required inputMode="numeric" className={input} />
          </label>
          <label className={label}>
            Channel commission (baht)
            <input
              name="commission"
              required
              inputMode="numeric"
              defaultValue="0"
              className={input}
            />
          </label>
          <label className={label}>
            Booking reference
            <input name="reference" {...STAY_LIMITS.reference} className={input} />
          </label>
          <div className="flex items-end">
            <button type="submit" className={primary}>
              Add the stay
            </button>
          </div>
        </Form>
      </section>
      <section className={panel} aria-labelledby="add-expense">
        <h2 id="add-expense" className="text-lg font-semibold text-ink-900">
          Add an expense
        </h2>
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-3 grid gap-4 sm:grid-cols-3"
        >
          <input type="hidden" name="intent" value="expense" />
          <UnitSelect units={page.units} />
          <label className={label}>
            Date
            <input type="date" name="spentOn" required className={input} />
          </label>
          <label className={label}>
            Category
            <select name="category" className={input} defaultValue="cleaning">
              {page.categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            Vendor
            <input name="vendor" {...EXPENSE_LIMITS.vendor} className={input} />
          </label>
          <label className={label}>
            Amount (baht)
            <input name="amount" required inputMode="numeric" className={input} />
          </label>
          <fieldset>
            <legend className={label}>Who bears it</legend>
            <label className="me-4 text-sm">
              <input type="radio" name="bearer" value="owner" defaultChecked /> The owner (from the
              rental)
            </label>
            <label className="text-sm">
              <input type="radio" name="bearer" value="company" /> The company
            </label>
          </fieldset>
          <label className={label}>
            Receipt (PDF or picture, 10 MB at most)
            <input
              type="file"
              name="receipt"
              accept="application/pdf,image/jpeg,image/png,image/webp"
              className={input}
            />
          </label>
          <label className={`${label} sm:col-span-2`}>
            Note
            <input name="note" {...EXPENSE_LIMITS.note} className={input} />
          </label>
          <div className="flex items-end">
            <button type="submit" className={primary}>
              Add the expense
            </button>
          </div>
        </Form>
      </section>

      <section className={panel} aria-labelledby="month-entries">
        <h2 id="month-entries" className="text-lg font-semibold text-ink-900">
          Entries of {page.month}
        </h2>
        <Form method="get" className="mt-2 flex flex-wrap items-end gap-3">
          <label className={label}>
            Month
            <input type="month" name="month" defaultValue={page.month} required className={input} />
          </label>
          <button type="submit" className={secondary}>
            Show
          </button>
        </Form>
        <h3 className="mt-4 font-semibold text-ink-900">Stays (by check-out)</h3>
        {page.stays.length === 0 ? (
          <p className="text-sm text-ink-700">None.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {page.stays.map((s) => (
              <li key={s.id} id={`stay-${s.id}`}>
                #{s.id} {s.unitName}: {s.checkIn} – {s.checkOut}, {s.channel}, {baht(s.gross)}{" "}
                (commission {baht(s.commission)}){s.reference && `, ref. ${s.reference}`}
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-4 font-semibold text-ink-900">Expenses</h3>
        {page.expenses.length === 0 ? (
          <p className="text-sm text-ink-700">None.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {page.expenses.map((e) => (
              <li key={e.id} id={`expense-${e.id}`}>
                #{e.id} {e.unitName}: {e.spentOn}, {e.category}, {e.vendor}, {baht(e.amount)}, borne
                by {e.bearer}
                {e.hasReceipt && (
                  <>
                    {" "}
                    <a
                      href={href("/admin/statements/receipts/:id", { id: String(e.id) })}
                      className={linkStyle}
                    >
                      receipt
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={panel} aria-labelledby="withholding">
        <h2 id="withholding" className="text-lg font-semibold text-ink-900">
          Withholding tax per owner
        </h2>
        <p className="mt-1 text-sm text-ink-700">
          Optional: 5% for Thai residents, 15% for non-residents, or another rate. It applies to
          statements drafted from now on, as its own line.
        </p>
        <ul className="mt-2 space-y-1 text-sm">
          {page.withholding.map((w) => (
            <li key={w.id}>
              {w.name}
              {w.residency && ` (${w.residency})`}:{" "}
              {w.rateBp === null ? "none" : `${w.rateBp / 100}% (${w.basis})`}
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-4">
          <input type="hidden" name="intent" value="withholding" />
          <label className={label}>
            Owner
            <select name="ownerId" required className={input} defaultValue="">
              <option value="" disabled>
                Choose an owner
              </option>
              {page.owners.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            Rate
            <select name="basis" className={input} defaultValue="resident">
              <option value="resident">5% (resident)</option>
              <option value="non-resident">15% (non-resident)</option>
              <option value="custom">Another rate</option>
              <option value="none">None</option>
            </select>
          </label>
          <label className={label}>
            Another rate (%)
            <input name="percent" inputMode="decimal" className={input} />
          </label>
          <div className="flex items-end">
            <button type="submit" className={primary}>
              Save the rate
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}

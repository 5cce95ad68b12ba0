import { href } from "react-router";

const LANGUAGES = [
  ["th", "Thai"],
  ["en", "Thai and English"],
  ["ru", "Thai and Russian"],
] as const;

const baht = (amount: number) => `฿${amount.toLocaleString("en-US")}`;

/**
 * The lease page's documents: the contract in each language, an invoice with a PromptPay QR for
 * each due still to pay, and the move-in and move-out inspections.
 */
export function LeaseDocumentsPanel({
  leaseId,
  dues,
}: {
  leaseId: number;
  dues: { id: number; kind: "rent" | "deposit"; dueDate: string; amount: number; paid: number }[];
}) {
  const base = href("/admin/leases/:id", { id: String(leaseId) });
  const open = dues.filter((d) => d.paid < d.amount).slice(0, 6);
  return (
    <section
      aria-labelledby="documents-heading"
      className="rounded-xl bg-white p-4 ring-1 ring-sand-200"
    >
      <h2 id="documents-heading" className="mb-2 text-lg font-semibold text-sea-900">
        Documents
      </h2>
      <h3 className="text-sm font-semibold">Contract (PDF)</h3>
      <ul className="mb-3 flex flex-wrap gap-x-4 text-sm">
        {LANGUAGES.map(([lang, label]) => (
          <li key={lang}>
            <a
              href={`${base}/contract.pdf?lang=${lang}`}
              className="underline"
              data-contract={lang}
            >
              Contract: {label}
            </a>
          </li>
        ))}
      </ul>
      <h3 className="text-sm font-semibold">Invoices with a PromptPay QR (PDF)</h3>
      {open.length === 0 ? (
        <p className="mb-3 text-sm text-ink-600">No due is waiting for payment.</p>
      ) : (
        <ul className="mb-3 space-y-2 text-sm">
          {open.map((d) => (
            <li key={d.id}>
              <a href={`${base}/dues/${d.id}/invoice.pdf`} className="underline">
                Invoice: {d.kind === "deposit" ? "deposit" : "rent"} due {d.dueDate},{" "}
                {baht(d.amount - d.paid)}
              </a>
            </li>
          ))}
        </ul>
      )}
      <h3 className="text-sm font-semibold">Inspections</h3>
      <ul className="flex flex-wrap gap-x-4 text-sm">
        <li>
          <a href={`${base}/inspections/move-in`} className="underline">
            Move-in inspection
          </a>
        </li>
        <li>
          <a href={`${base}/inspections/move-out`} className="underline">
            Move-out inspection
          </a>
        </li>
      </ul>
    </section>
  );
}

/** The desk's documents page: upload a PDF or a picture for a unit or an owner; the list. */
import { Form, href, Link, useNavigation } from "react-router";
import { OWNER_DOCUMENT_CATEGORIES, type OwnerDocumentCategory } from "../../domain/owners.ts";
import { formConstraints } from "../../lib/form-schema.ts";
import { LabelOptions } from "../../ui/label-options.tsx";
import { documentFormSchema } from "./document-schema.ts";
import { Message } from "./owner-admin.tsx";

const input =
  "mt-1 block w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus-visible:outline-2 focus-visible:outline-sea-600";
const label = "block text-sm font-medium text-ink-900";
// The form's limits as its schema sets them.
const DOCUMENT_LIMITS = formConstraints(documentFormSchema);
const primary =
  "inline-flex items-center justify-center rounded-lg bg-sea-900 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-700 focus-visible:outline-3 disabled:opacity-60";
const panel = "rounded-xl bg-white p-5 ring-1 ring-sand-200";

export const CATEGORY_LABELS: Record<OwnerDocumentCategory, string> = {
  agreement: "Management agreement",
  inspection: "Inspection report",
  insurance: "Insurance",
  other: "Other",
};

export interface AdminDocumentLine {
  id: number;
  title: string;
  category: OwnerDocumentCategory;
  unitName: string | null;
  ownerName: string | null;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
}

export function DocumentsAdmin({
  documents,
  units,
  owners,
  result,
}: {
  documents: AdminDocumentLine[];
  units: { id: number; name: string }[];
  owners: { id: number; name: string }[];
  result?: { ok: boolean; message: string } | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <p>
        <Link to={href("/admin/owners")} className="font-semibold text-sea-800 underline">
          Back to the owners
        </Link>
      </p>
      <Message result={result} />
      <section className={panel} aria-labelledby="upload-document">
        <h2 id="upload-document" className="text-lg font-semibold text-ink-900">
          Add a document
        </h2>
        <p className="mt-1 text-sm text-ink-700">
          A PDF or a JPEG, PNG or WebP picture of at most 10 MB. A unit's documents are shown to all
          its owners; an owner's only to them.
        </p>
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-3 grid gap-4 sm:grid-cols-2"
        >
          <label className={label}>
            Title
            <input name="title" {...DOCUMENT_LIMITS.title} className={input} />
          </label>
          <label className={label}>
            Category
            <select name="category" className={input} defaultValue="agreement">
              <LabelOptions values={OWNER_DOCUMENT_CATEGORIES} labels={CATEGORY_LABELS} />
            </select>
          </label>
          <label className={label}>
            For
            <select name="target" required className={input} defaultValue="">
              <option value="" disabled>
                Choose a unit or an owner
              </option>
              <optgroup label="Units with owners">
                {units.map((u) => (
                  <option key={`u${u.id}`} value={`unit:${u.id}`}>
                    {u.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Owners">
                {owners.map((o) => (
                  <option key={`o${o.id}`} value={`owner:${o.id}`}>
                    {o.name}
                  </option>
                ))}
              </optgroup>
            </select>
          </label>
          <label className={label}>
            File
            <input
              name="file"
              type="file"
              required
              accept="application/pdf,image/jpeg,image/png,image/webp"
              className="mt-1 block w-full text-sm"
            />
          </label>
          <div>
            <button type="submit" className={primary} disabled={busy}>
              Upload the document
            </button>
          </div>
        </Form>
      </section>
      <section className={panel} aria-labelledby="documents">
        <h2 id="documents" className="text-lg font-semibold text-ink-900">
          Documents
        </h2>
        {documents.length === 0 ? (
          <p className="mt-2 text-ink-700">No documents yet.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-2">
                  Title
                </th>
                <th scope="col">Category</th>
                <th scope="col">For</th>
                <th scope="col">File</th>
                <th scope="col">Added</th>
                <th scope="col">
                  <span className="sr-only">Delete</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {documents.map((d) => (
                <tr key={d.id} className="border-t border-sand-200">
                  <td className="py-2">{d.title}</td>
                  <td>{CATEGORY_LABELS[d.category]}</td>
                  <td>{d.unitName ?? `Owner: ${d.ownerName ?? ""}`}</td>
                  <td>
                    {d.contentType === "application/pdf" ? "PDF" : "Picture"},{" "}
                    {Math.max(1, Math.round(d.sizeBytes / 1024))} KB
                  </td>
                  <td>{d.createdAt.slice(0, 10)}</td>
                  <td>
                    <Form
                      method="post"
                      onSubmit={(event) => {
                        if (!window.confirm(`Delete “${d.title}” for good? Its owners lose it.`))
                          event.preventDefault();
                      }}
                    >
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="documentId" value={d.id} />
                      <button
                        type="submit"
                        disabled={busy}
                        className="rounded-lg px-3 py-1.5 font-semibold text-rose-700 ring-1 ring-rose-200 hover:bg-rose-50 focus-visible:outline-3 disabled:opacity-60"
                        aria-label={`Delete ${d.title}`}
                      >
                        Delete
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

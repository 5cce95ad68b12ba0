/** The desk's repair screens: every ticket with the form to open one, and a ticket's stages. */
import { useId, useState } from "react";
import { Form, href, Link, useFetcher } from "react-router";
import { formatAdminDateTime } from "../../domain/date-time.ts";
import type { RepairStage } from "../../domain/repairs.ts";
import { formConstraints } from "../../lib/form-schema.ts";
import { Message } from "./owner-admin.tsx";
import { repairOpenSchema } from "./repair-schema.ts";
import type { RepairHistoryLine, RepairLine, RepairPage } from "./repairs.server.ts";

const input =
  "mt-1 block w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus-visible:outline-2 focus-visible:outline-sea-600";
const label = "block text-sm font-medium text-ink-900";
// The ticket form's limits as its schema sets them.
const OPEN_LIMITS = formConstraints(repairOpenSchema);
const primary =
  "inline-flex items-center justify-center rounded-lg bg-sea-900 px-4 py-2 text-sm font-semibold text-white hover:bg-sea-700 focus-visible:outline-3";
const panel = "rounded-xl bg-white p-5 ring-1 ring-sand-200";
const linkStyle = "font-semibold text-sea-800 underline underline-offset-2";

export const STAGE_LABELS: Record<RepairStage, string> = {
  reported: "Reported",
  quoted: "Quoted, waiting for the owner",
  approved: "Approved",
  "in-progress": "In progress",
  done: "Done",
  declined: "Declined by the owner",
};

const baht = (n: number) => `฿${n.toLocaleString("en-US")}`;

type Result = { ok: boolean; message: string } | undefined;

export function RepairsAdmin({
  repairs,
  units,
  result,
  unit,
}: {
  repairs: RepairLine[];
  units: { id: number; name: string }[];
  result?: Result;
  /** The unit whose admin page linked here (?unit=): chosen in the form when it has owners. */
  unit?: { id: number; name: string } | null;
}) {
  const chosen = unit && units.some((u) => u.id === unit.id) ? unit.id : null;
  return (
    <div className="space-y-6">
      <p>
        <Link to={href("/admin/owners")} className={linkStyle}>
          Back to the owners
        </Link>
      </p>
      <Message result={result} />
      <section className={panel} aria-labelledby="open-ticket">
        <h2 id="open-ticket" className="text-lg font-semibold text-ink-900">
          {chosen !== null && unit ? `Open a ticket for ${unit.name}` : "Open a ticket"}
        </h2>
        {unit && chosen === null ? (
          <p className="mt-1 text-sm text-ink-700">
            {unit.name} has no owners yet, so it takes no tickets.{" "}
            <Link to={href("/admin/owners")} className={linkStyle}>
              Give it its owners
            </Link>{" "}
            first.
          </p>
        ) : null}
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2">
          <label className={label}>
            Unit
            <select name="propertyId" required className={input} defaultValue={chosen ?? ""}>
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
          <label className={label}>
            Title
            <input name="title" {...OPEN_LIMITS.title} className={input} />
          </label>
          <label className={`${label} sm:col-span-2`}>
            Description
            <textarea name="description" rows={3} {...OPEN_LIMITS.description} className={input} />
          </label>
          <div>
            <button type="submit" className={primary}>
              Open the ticket
            </button>
          </div>
        </Form>
      </section>
      <section className={panel} aria-labelledby="tickets">
        <h2 id="tickets" className="text-lg font-semibold text-ink-900">
          Tickets
        </h2>
        {repairs.length === 0 ? (
          <p className="mt-2 text-ink-700">No tickets yet.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-2">
                  Ticket
                </th>
                <th scope="col">Unit</th>
                <th scope="col">Stage</th>
                <th scope="col">Quote</th>
                <th scope="col">Final cost</th>
              </tr>
            </thead>
            <tbody>
              {repairs.map((r) => (
                <tr key={r.id} className="border-t border-sand-200" data-stage={r.stage}>
                  <td className="py-2">
                    <Link
                      to={href("/admin/owners/repairs/:id", { id: String(r.id) })}
                      className={linkStyle}
                    >
                      #{r.id} {r.title}
                    </Link>
                  </td>
                  <td>{r.unitName}</td>
                  <td>{STAGE_LABELS[r.stage]}</td>
                  <td>{r.quoteBaht === null ? "—" : baht(r.quoteBaht)}</td>
                  <td>{r.finalCostBaht === null ? "—" : baht(r.finalCostBaht)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** Sends a picture to the upload endpoint; hands its largest stored variant's path on. */
function UploadField({ text, onUploaded }: { text: string; onUploaded: (path: string) => void }) {
  const [status, setStatus] = useState("");
  const id = useId();
  async function upload(file: File) {
    setStatus("Uploading…");
    const body = new FormData();
    body.append("file", file);
    try {
      const response = await fetch(href("/admin/uploads"), { method: "POST", body });
      const answer = (await response.json()) as {
        image?: { mediaKey: string; variants: number[] };
        error?: string;
      };
      if (!response.ok || !answer.image) {
        setStatus(answer.error ?? `The upload failed (${response.status}).`);
        return;
      }
      setStatus("Uploaded.");
      onUploaded(`${answer.image.mediaKey}-${Math.max(...answer.image.variants)}.webp`);
    } catch {
      setStatus("The upload failed: the connection was lost.");
    }
  }
  return (
    <div className="text-sm">
      <label htmlFor={id} className="font-medium">
        {text}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="mt-1 block w-full text-sm"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void upload(file);
          event.currentTarget.value = "";
        }}
      />
      <p role="status" className="mt-1 text-ink-600">
        {status}
      </p>
    </div>
  );
}

function PhotoAdder() {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  return (
    <div>
      <UploadField
        text="Add a photo (JPEG, PNG or WebP, up to 10 MB)"
        onUploaded={(photo) => fetcher.submit({ intent: "add-photo", photo }, { method: "post" })}
      />
      <p role="status" className="text-sm text-ink-600">
        {fetcher.state === "idle" ? (fetcher.data?.message ?? "") : "Saving…"}
      </p>
    </div>
  );
}

function QuoteForm() {
  const [quoteKey, setQuoteKey] = useState("");
  return (
    <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="quote" />
      <input type="hidden" name="quoteKey" value={quoteKey} />
      <label className={label}>
        Quote in baht
        <input name="amountBaht" required inputMode="numeric" pattern="\d{1,8}" className={input} />
      </label>
      <UploadField text="Picture of the quote (optional)" onUploaded={setQuoteKey} />
      <div>
        <button type="submit" className={primary}>
          Record the quote
        </button>
      </div>
    </Form>
  );
}

function historyText(line: RepairHistoryLine) {
  const amount = line.amountBaht === null ? "" : ` ${baht(line.amountBaht)}`;
  const what: Record<RepairHistoryLine["kind"], string> = {
    reported: "Reported",
    quoted: `Quoted${amount}`,
    approved: `Approved${amount}`,
    "in-progress": "Work started",
    done: `Done, final cost${amount}`,
    declined: "Declined",
    photo: "Photo added",
  };
  const who =
    line.actor === "auto"
      ? "automatically, within the owners' threshold"
      : line.actor === "owner"
        ? `owner ${line.who ?? ""}`
        : (line.who ?? "desk");
  return `${what[line.kind]} — ${formatAdminDateTime(line.at)}, ${who}`;
}

export function RepairAdmin({ page, result }: { page: RepairPage; result?: Result }) {
  const { ticket, history } = page;
  const photos = history.filter((h) => h.kind === "photo" && h.photoKey);
  const quotable =
    ticket.stage === "reported" || ticket.stage === "quoted" || ticket.stage === "declined";
  return (
    <div className="space-y-6" data-stage={ticket.stage}>
      <p>
        <Link to={href("/admin/owners/repairs")} className={linkStyle}>
          All tickets
        </Link>
      </p>
      <Message result={result} />
      <section className={panel} aria-labelledby="ticket">
        <h2 id="ticket" className="text-lg font-semibold text-ink-900">
          {ticket.unitName}: {STAGE_LABELS[ticket.stage]}
        </h2>
        {ticket.description && <p className="mt-2 whitespace-pre-line">{ticket.description}</p>}
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium">Quote</dt>
            <dd>
              {ticket.quoteBaht === null ? "—" : baht(ticket.quoteBaht)}
              {ticket.quoteKey && (
                <>
                  {" "}
                  <a href={`/media/${ticket.quoteKey}`} className={linkStyle}>
                    (picture)
                  </a>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt className="font-medium">Threshold checked</dt>
            <dd>{ticket.thresholdBaht === null ? "—" : baht(ticket.thresholdBaht)}</dd>
          </div>
          <div>
            <dt className="font-medium">Final cost</dt>
            <dd>{ticket.finalCostBaht === null ? "—" : baht(ticket.finalCostBaht)}</dd>
          </div>
        </dl>
      </section>
      {quotable && (
        <section className={panel} aria-labelledby="quote">
          <h2 id="quote" className="text-lg font-semibold text-ink-900">
            Quote
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            Above the owners' approval threshold the quote waits for an owner in the portal; at or
            below it, it is approved at once.
          </p>
          <QuoteForm />
        </section>
      )}
      {ticket.stage === "approved" && (
        <Form method="post" className={panel}>
          <input type="hidden" name="intent" value="start" />
          <button type="submit" className={primary}>
            Start the work
          </button>
        </Form>
      )}
      {ticket.stage === "in-progress" && (
        <Form method="post" className={`${panel} grid gap-4 sm:grid-cols-2`}>
          <input type="hidden" name="intent" value="done" />
          <label className={label}>
            Final cost in baht
            <input
              name="finalCostBaht"
              required
              inputMode="numeric"
              pattern="\d{1,8}"
              className={input}
            />
          </label>
          <div className="self-end">
            <button type="submit" className={primary}>
              Mark done
            </button>
          </div>
        </Form>
      )}
      <section className={panel} aria-labelledby="photos">
        <h2 id="photos" className="text-lg font-semibold text-ink-900">
          Photos
        </h2>
        {photos.length > 0 && (
          <ul className="mt-2 grid grid-cols-3 gap-3 sm:grid-cols-6">
            {photos.map((p, i) => (
              <li key={p.id}>
                <a href={`/media/${p.photoKey}`}>
                  <img
                    src={`/media/${p.photoKey}`}
                    alt={`${ticket.title}, ${i + 1} of ${photos.length}`}
                    className="aspect-square w-full rounded-lg object-cover"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        {ticket.stage !== "declined" && <PhotoAdder />}
      </section>
      <section className={panel} aria-labelledby="history">
        <h2 id="history" className="text-lg font-semibold text-ink-900">
          History
        </h2>
        <ol className="mt-2 space-y-1 text-sm">
          {history.map((line) => (
            <li key={line.id}>{historyText(line)}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}

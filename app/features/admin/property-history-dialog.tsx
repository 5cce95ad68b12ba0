import { Link, useLocation, useNavigate } from "react-router";
import { formatAdminDateTime } from "../../domain/date-time.ts";
import { buttonStyles } from "./admin-layout.tsx";
import { Modal } from "./modal.tsx";
import type { PropertySnapshot } from "./properties.server.ts";
import type { HistoryEntry } from "./property-audit.server.ts";
import { backToList } from "./property-list-query.ts";

const IGNORED = new Set(["updatedAt", "version", "createdAt"]);

/** Which fields an entry changed, "field: before → after". */
function changes(before: PropertySnapshot | null, after: PropertySnapshot | null): string[] {
  if (!before || !after) return [];
  const out: string[] = [];
  for (const key of Object.keys(after) as (keyof PropertySnapshot)[]) {
    if (IGNORED.has(key)) continue;
    const a = JSON.stringify(before[key]);
    const b = JSON.stringify(after[key]);
    if (a !== b)
      out.push(
        key === "images"
          ? `images: ${before.images.length} → ${after.images.length} (or order)`
          : `${key}: ${a} → ${b}`,
      );
  }
  return out;
}

/** The history dialog over the property list: each recorded action and what it changed. */
export function PropertyHistoryDialog({ history }: { history: HistoryEntry[] }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <Modal title="Property history" wide onClose={() => navigate(backToList(search))}>
      {history.length === 0 ? (
        <p className="text-ink-600">No recorded changes.</p>
      ) : (
        <ol className="space-y-3" aria-label="History">
          {history.map((entry) => (
            <li key={entry.id} className="rounded-lg bg-sand-50 p-3 text-sm ring-1 ring-sand-200">
              <p className="font-semibold capitalize text-sea-900">
                {entry.action}{" "}
                <span className="font-normal text-ink-600">
                  {formatAdminDateTime(entry.at)} by {entry.by ?? "a removed account"}
                </span>
              </p>
              <ul className="mt-1 list-disc pl-5 text-ink-600">
                {changes(entry.before, entry.after).map((c) => (
                  <li key={c} className="break-all">
                    {c}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 flex justify-end">
        <Link to={backToList(search)} className={buttonStyles.secondary}>
          Close
        </Link>
      </div>
    </Modal>
  );
}

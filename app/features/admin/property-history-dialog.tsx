import { Link, useLocation, useNavigate } from "react-router";
import { formatAdminDateTime } from "../../domain/date-time.ts";
import { buttonStyles } from "./admin-layout.tsx";
import { Modal } from "./modal.tsx";
import type { HistoryEntry } from "./property-audit.server.ts";
import { describeChanges } from "./property-change-format.ts";
import { backToList } from "./property-list-query.ts";

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
              <p className="font-semibold text-sea-900">
                <span className="capitalize">{entry.action}</span>{" "}
                <span className="font-normal text-ink-600">
                  {formatAdminDateTime(entry.at)} by {entry.by ?? "a removed account"}
                </span>
              </p>
              <ul className="mt-1 list-disc pl-5 text-ink-600">
                {describeChanges(entry.before, entry.after).map((c) => (
                  <li key={c} className="break-words">
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

import { Form, href, useActionData, useNavigation } from "react-router";
import { type InspectionKind, ITEM_CONDITIONS } from "../../domain/inspections.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { LabelOptions } from "../../ui/label-options.tsx";
import type { InspectionActionResult } from "./inspection-actions.server.ts";
import { InspectionPhotoUpload } from "./inspection-photo-upload.tsx";
import { CONDITION_LABELS, INSPECTION_LIMITS, KIND_LABELS } from "./inspection-schema.ts";
import type { Inspection } from "./inspections.server.ts";

const input = "mt-1 block w-full rounded-lg border border-sand-200 px-3 py-2";
const card = "rounded-xl bg-white p-4 ring-1 ring-sand-200";

function Notice() {
  const result = useActionData<InspectionActionResult>();
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mb-4 text-sm ${result.ok ? "text-emerald-800" : "text-rose-700"}`}
    >
      {result.message}
    </p>
  );
}

function FieldError({ name, id }: { name: string; id: string }) {
  const error = useActionData<InspectionActionResult>()?.fieldErrors?.[name];
  return error ? (
    <p id={id} className="mt-1 text-sm text-rose-700">
      {error}
    </p>
  ) : null;
}

/** The admin page of a lease's check-in or check-out inspection: start it, then rooms and items. */
export function InspectionPage({
  leaseId,
  kind,
  inspection,
  today,
}: {
  leaseId: number;
  kind: InspectionKind;
  inspection: Inspection | null;
  today: string;
}) {
  const busy = useNavigation().state === "submitting";
  const base = href("/admin/leases/:id", { id: String(leaseId) });
  const errors = useActionData<InspectionActionResult>()?.fieldErrors ?? {};
  return (
    <>
      <Notice />
      {!inspection ? (
        <section aria-labelledby="start-heading" className={card}>
          <h2 id="start-heading" className="mb-2 text-lg font-semibold text-sea-900">
            Start the {KIND_LABELS[kind].toLowerCase()} inspection
          </h2>
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="start" />
            <div className="text-sm">
              <label htmlFor="inspectedOn" className="font-medium">
                Day of the inspection
              </label>
              <input
                id="inspectedOn"
                name="inspectedOn"
                type="date"
                required
                defaultValue={today}
                className={input}
              />
            </div>
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              Start with the usual rooms
            </button>
          </Form>
        </section>
      ) : (
        <>
          <section aria-labelledby="report-heading" className={`${card} mb-6`}>
            <h2 id="report-heading" className="mb-2 text-lg font-semibold text-sea-900">
              Report to sign ({inspection.inspectedOn})
            </h2>
            <p className="text-sm">
              Printable report, both parties sign:{" "}
              {(["th", "en", "ru"] as const).map((lang, i) => (
                <span key={lang}>
                  {i > 0 && " · "}
                  <a
                    href={`${base}/inspections/${kind}/report.pdf?lang=${lang}`}
                    className="underline"
                  >
                    {lang === "th"
                      ? "Thai"
                      : lang === "en"
                        ? "Thai and English"
                        : "Thai and Russian"}{" "}
                    (PDF)
                  </a>
                </span>
              ))}
            </p>
          </section>
          <section aria-labelledby="items-heading" className={`${card} mb-6`}>
            <h2 id="items-heading" className="mb-2 text-lg font-semibold text-sea-900">
              Rooms and items ({inspection.items.length})
            </h2>
            <ul className="divide-y divide-sand-200">
              {inspection.items.map((item) => (
                <li key={item.id} className="grid gap-3 py-3 lg:grid-cols-[14rem_1fr_16rem]">
                  <div className="text-sm">
                    <p className="font-semibold">{item.item}</p>
                    <p className="text-ink-600">{item.room}</p>
                  </div>
                  <Form
                    method="post"
                    className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
                    aria-label={`Condition of ${item.item}, ${item.room}`}
                  >
                    <input type="hidden" name="intent" value="update-item" />
                    <input type="hidden" name="itemId" value={item.id} />
                    <div className="text-sm">
                      <label htmlFor={`condition-${item.id}`} className="font-medium">
                        Condition
                      </label>
                      <select
                        id={`condition-${item.id}`}
                        name="condition"
                        defaultValue={item.condition}
                        className={input}
                      >
                        <LabelOptions values={ITEM_CONDITIONS} labels={CONDITION_LABELS} />
                      </select>
                    </div>
                    <div className="text-sm">
                      <label htmlFor={`notes-${item.id}`} className="font-medium">
                        Notes
                      </label>
                      <input
                        id={`notes-${item.id}`}
                        name="notes"
                        defaultValue={item.notes}
                        maxLength={INSPECTION_LIMITS.notes}
                        className={input}
                      />
                    </div>
                    <div className="flex gap-2">
                      <button type="submit" className={buttonStyles.secondary} disabled={busy}>
                        Save
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="remove-item"
                        className={buttonStyles.secondary}
                        disabled={busy}
                        aria-label={`Remove ${item.item}, ${item.room}`}
                      >
                        Remove
                      </button>
                    </div>
                  </Form>
                  <div>
                    {item.photoKeys.length > 0 && (
                      <ul className="mb-2 flex flex-wrap gap-2" aria-label="Photos">
                        {item.photoKeys.map((photo, i) => (
                          <li key={photo}>
                            <a href={`/media/${photo}`} className="block">
                              <img
                                src={`/media/${photo}`}
                                alt={`${item.item}, ${item.room}, ${i + 1} of ${item.photoKeys.length}`}
                                width={64}
                                height={48}
                                className="h-12 w-16 rounded object-cover"
                              />
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                    <InspectionPhotoUpload
                      itemId={item.id}
                      label={`Add a photo of ${item.item.toLowerCase()}`}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="add-heading" className={card}>
            <h2 id="add-heading" className="mb-2 text-lg font-semibold text-sea-900">
              Add an item
            </h2>
            <Form method="post" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
              <input type="hidden" name="intent" value="add-item" />
              {(
                [
                  ["room", "Room", INSPECTION_LIMITS.room],
                  ["item", "Item", INSPECTION_LIMITS.item],
                ] as const
              ).map(([name, label, max]) => (
                <div key={name} className="text-sm">
                  <label htmlFor={`new-${name}`} className="font-medium">
                    {label}
                  </label>
                  <input
                    id={`new-${name}`}
                    name={name}
                    required
                    maxLength={max}
                    className={input}
                    {...(errors[name]
                      ? { "aria-invalid": true, "aria-describedby": `new-${name}-error` }
                      : {})}
                  />
                  <FieldError name={name} id={`new-${name}-error`} />
                </div>
              ))}
              <div className="text-sm">
                <label htmlFor="new-condition" className="font-medium">
                  Condition
                </label>
                <select id="new-condition" name="condition" className={input}>
                  <LabelOptions values={ITEM_CONDITIONS} labels={CONDITION_LABELS} />
                </select>
              </div>
              <div className="text-sm">
                <label htmlFor="new-notes" className="font-medium">
                  Notes
                </label>
                <input
                  id="new-notes"
                  name="notes"
                  maxLength={INSPECTION_LIMITS.notes}
                  className={input}
                />
              </div>
              <div>
                <button type="submit" className={buttonStyles.primary} disabled={busy}>
                  Add item
                </button>
              </div>
            </Form>
          </section>
        </>
      )}
    </>
  );
}

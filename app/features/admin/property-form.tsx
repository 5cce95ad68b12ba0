import { useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import {
  BUILDINGS,
  LISTING_LOCATIONS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
} from "../../domain/listing.ts";
import { buttonStyles } from "./admin-layout.tsx";
import { ImageListField } from "./image-list-field.tsx";
import { TYPE_LABELS } from "./property-card.tsx";
import { backToList } from "./property-list-query.ts";
import {
  type FieldErrors,
  fieldErrors,
  type ImageItem,
  propertyFormSchema,
} from "./property-schema.ts";

export interface PropertyFormValues {
  unitCode: string;
  building: string;
  name: string;
  type: string;
  status: string;
  location: string;
  bedrooms: number;
  bathrooms: number;
  sizeM2: number;
  floor: number;
  pricingMonthly: number;
  pricingSixMonth: number;
  pricingYearly: number;
  availableFrom: string | null;
  rentedUntil: string | null;
  statusOverride: boolean;
  facilities: readonly string[];
  description: string;
  descriptionRu: string;
  images: readonly ImageItem[];
}

const STATUS_LABELS: Record<string, string> = {
  available: "Available",
  soon: "Available soon",
  occupied: "Occupied",
};

const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-lg border px-3 py-2 ${invalid ? "border-rose-500" : "border-sand-200"}`;

function Field({
  label,
  name,
  error,
  children,
}: {
  label: string;
  name: string;
  error?: string | undefined;
  children: React.ReactElement;
}) {
  return (
    <div>
      <label htmlFor={`field-${name}`} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      {children}
      {error && (
        <p id={`error-${name}`} className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The property form. The browser checks it with the same zod schema as the action before
 * sending; the action's answer (field errors, a conflict) is shown in place and the form keeps
 * what was typed.
 */
export function PropertyForm({
  values,
  version,
}: {
  values: PropertyFormValues;
  version?: number | undefined;
}) {
  const { search } = useLocation();
  const fetcher = useFetcher<{ error: string; fieldErrors?: FieldErrors; conflict?: boolean }>();
  const [status, setStatus] = useState(values.status);
  const [images, setImages] = useState<ImageItem[]>([...values.images]);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [pendingUploads, setPendingUploads] = useState(0);
  const serverErrors = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors: FieldErrors = clientErrors ?? serverErrors?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";

  const text = (
    name: keyof PropertyFormValues,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <Field label={label} name={name} error={errors[name]}>
      <input
        id={`field-${name}`}
        name={name}
        defaultValue={String(values[name] ?? "")}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `error-${name}` : undefined}
        className={inputClass(Boolean(errors[name]))}
        {...props}
      />
    </Field>
  );
  const number = (name: keyof PropertyFormValues, label: string, min: number) =>
    text(name, label, { type: "number", min, step: 1, inputMode: "numeric" });
  const select = (
    name: keyof PropertyFormValues,
    label: string,
    options: readonly string[],
    labels?: Record<string, string>,
    onChange?: (v: string) => void,
  ) => (
    <Field label={label} name={name} error={errors[name]}>
      <select
        id={`field-${name}`}
        name={name}
        defaultValue={String(values[name])}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        className={inputClass(Boolean(errors[name]))}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {labels?.[o] ?? o}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <fetcher.Form
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const parsed = propertyFormSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) {
          setClientErrors(fieldErrors(parsed.error));
          return;
        }
        setClientErrors(null);
        fetcher.submit(form, { method: "post" });
      }}
      className="space-y-5"
    >
      {version !== undefined && <input type="hidden" name="version" value={version} />}
      <input type="hidden" name="images" value={JSON.stringify(images)} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {text("unitCode", "Unit code")}
        {select("building", "Building", BUILDINGS)}
        {text("name", "Property name")}
        {select("type", "Type", PROPERTY_TYPES, TYPE_LABELS)}
        {select("status", "Status", PROPERTY_STATUSES, STATUS_LABELS, setStatus)}
        {select("location", "Location", LISTING_LOCATIONS)}
        {number("bedrooms", "Bedrooms", 1)}
        {number("bathrooms", "Bathrooms", 1)}
        {number("sizeM2", "Size (m²)", 1)}
        {number("floor", "Floor", 1)}
        {number("pricingMonthly", "Monthly price (฿/month)", 0)}
        {number("pricingSixMonth", "6-month price (฿/month)", 0)}
        {number("pricingYearly", "Yearly price (฿/month)", 0)}
        {status === "soon" && text("availableFrom", "Available from", { type: "date" })}
        {status === "occupied" && text("rentedUntil", "Rented until", { type: "date" })}
      </div>
      <div className="flex items-start gap-2">
        <input
          id="field-statusOverride"
          type="checkbox"
          name="statusOverride"
          defaultChecked={values.statusOverride}
          aria-describedby="hint-statusOverride"
          className="mt-1 size-4"
        />
        <div>
          <label htmlFor="field-statusOverride" className="text-sm font-medium text-ink-900">
            Override the calendar
          </label>
          <p id="hint-statusOverride" className="text-sm text-ink-600">
            A unit with stays or calendar feeds takes its status and dates from its calendar; tick
            this to keep the status and dates above instead.
          </p>
        </div>
      </div>
      <Field label="Facilities (comma-separated)" name="facilities" error={errors.facilities}>
        <input
          id="field-facilities"
          name="facilities"
          defaultValue={values.facilities.join(", ")}
          placeholder="Pool, Gym, Security, WiFi"
          className={inputClass(Boolean(errors.facilities))}
        />
      </Field>
      <Field label="Description (English)" name="description" error={errors.description}>
        <textarea
          id="field-description"
          name="description"
          rows={4}
          defaultValue={values.description}
          aria-invalid={errors.description ? true : undefined}
          className={inputClass(Boolean(errors.description))}
        />
      </Field>
      <Field label="Description (Russian)" name="descriptionRu" error={errors.descriptionRu}>
        <textarea
          id="field-descriptionRu"
          name="descriptionRu"
          rows={4}
          defaultValue={values.descriptionRu}
          className={inputClass(Boolean(errors.descriptionRu))}
        />
      </Field>
      <ImageListField
        images={images}
        onChange={setImages}
        error={errors.images}
        onPendingChange={setPendingUploads}
      />
      {serverErrors?.error && (
        <div role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          <p>{serverErrors.error}</p>
          {serverErrors.conflict && (
            <a
              href={typeof window === "undefined" ? "" : window.location.pathname}
              target="_blank"
              rel="noreferrer"
              className="mt-1 inline-block font-semibold underline"
            >
              Open the saved version in a new tab
            </a>
          )}
        </div>
      )}
      {clientErrors && (
        <p role="alert" className="text-sm text-rose-700">
          Please correct the highlighted fields.
        </p>
      )}
      <div className="flex justify-end gap-3 border-t border-sand-100 pt-4">
        <Link to={backToList(search)} className={buttonStyles.secondary}>
          Cancel
        </Link>
        <button
          type="submit"
          className={buttonStyles.primary}
          disabled={busy || pendingUploads > 0}
        >
          {busy ? "Saving..." : pendingUploads > 0 ? "Uploading..." : "Save Property"}
        </button>
      </div>
    </fetcher.Form>
  );
}

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useBlocker, useFetcher, useLocation } from "react-router";
import { type GeoPosition, roundDegrees } from "../../domain/geo.ts";
import {
  BUILDINGS,
  LISTING_LOCATIONS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
} from "../../domain/listing.ts";
import { PROPERTY_STATUS_LABELS, PROPERTY_TYPE_LABELS } from "../../i18n/admin-labels.ts";
import { en } from "../../i18n/en.ts";
import { useSite } from "../../lib/use-site.ts";
import { FACILITY_KEYS, facilityKey } from "../listings/facilities.ts";
import { buttonStyles } from "./admin-layout.tsx";
import { ImageListField } from "./image-list-field.tsx";
import { Modal } from "./modal.tsx";
import { LEASE_PRICE_LABELS } from "./property-card.tsx";
import { backToList } from "./property-list-query.ts";
import {
  type FieldErrors,
  fieldErrors,
  type ImageItem,
  propertyFormEntries,
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
  latitude: number | null;
  longitude: number | null;
}

// MapLibre comes only with the form's map, fetched once the form shows in a browser.
const PositionPicker = lazy(() => import("./position-picker.tsx"));

/** Typed degrees as a position, when both read as numbers in range; null otherwise. */
function typedPosition(latitude: string, longitude: string): GeoPosition | null {
  const lat = Number(latitude.trim().replace(",", "."));
  const lon = Number(longitude.trim().replace(",", "."));
  if (latitude.trim() === "" || longitude.trim() === "") return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { latitude: lat, longitude: lon };
}

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

/** What the form would send, to tell whether anything was changed. */
function snapshot(form: HTMLFormElement): string {
  return JSON.stringify([...new FormData(form).entries()].filter(([name]) => name !== "version"));
}

/**
 * The property form. The browser checks it with the same zod schema as the action before
 * sending; the action's answer (field errors, a conflict) is shown in place and the form keeps
 * what was typed. After a failed save the first field in error gets focus and scrolls into view.
 * Leaving with unsaved changes (closing the dialog, a link, the browser's back, reload or closing
 * the tab) asks first; a save does not.
 */
export function PropertyForm({
  values,
  version,
}: {
  values: PropertyFormValues;
  version?: number | undefined;
}) {
  const { search } = useLocation();
  // MAP_STYLE_URL and OFFICE_POSITION, as the root loader passed them.
  const site = useSite();
  const fetcher = useFetcher<{ error: string; fieldErrors?: FieldErrors; conflict?: boolean }>();
  const [status, setStatus] = useState(values.status);
  const [images, setImages] = useState<ImageItem[]>([...values.images]);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [pendingUploads, setPendingUploads] = useState(0);
  const [latitude, setLatitude] = useState(values.latitude === null ? "" : String(values.latitude));
  const [longitude, setLongitude] = useState(
    values.longitude === null ? "" : String(values.longitude),
  );
  const tickedFacilities = new Set(values.facilities.map(facilityKey));
  const otherFacilities = values.facilities.filter((f) => facilityKey(f) === null);
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const serverErrors = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors: FieldErrors = clientErrors ?? serverErrors?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const initial = useRef<string | null>(null);
  const saving = useRef(false);
  const [dirty, setDirty] = useState(false);
  const checkDirty = useCallback(() => {
    const form = formRef.current;
    if (form && initial.current !== null) setDirty(snapshot(form) !== initial.current);
  }, []);
  useEffect(() => {
    if (formRef.current) initial.current = snapshot(formRef.current);
  }, []);
  // The pictures and the date fields change outside an input event.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check when they change
  useEffect(checkDirty, [images, status, latitude, longitude, checkDirty]);

  // A failed save (the browser's check or the server's) is over: show the first field in error.
  const errorCount = Object.keys(errors).length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failed check, even with the same errors
  useEffect(() => {
    if (fetcher.state === "idle") saving.current = false;
    if (errorCount === 0 || fetcher.state !== "idle") return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: "center" });
  }, [errorCount, fetcher.state, clientErrors]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

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
    labels?: Readonly<Record<string, string>>,
    onChange?: (v: string) => void,
  ) => (
    <Field label={label} name={name} error={errors[name]}>
      <select
        id={`field-${name}`}
        name={name}
        defaultValue={String(values[name])}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `error-${name}` : undefined}
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
      ref={formRef}
      method="post"
      noValidate
      onChange={checkDirty}
      onInput={checkDirty}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const parsed = propertyFormSchema.safeParse(propertyFormEntries(form));
        if (!parsed.success) {
          setClientErrors(fieldErrors(parsed.error));
          return;
        }
        setClientErrors(null);
        saving.current = true;
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
        {select("type", "Type", PROPERTY_TYPES, PROPERTY_TYPE_LABELS)}
        {select("status", "Status", PROPERTY_STATUSES, PROPERTY_STATUS_LABELS, setStatus)}
        {select("location", "Location", LISTING_LOCATIONS)}
        {number("bedrooms", "Bedrooms", 1)}
        {number("bathrooms", "Bathrooms", 1)}
        {number("sizeM2", "Size (m²)", 1)}
        {number("floor", "Floor", 1)}
        {number("pricingYearly", LEASE_PRICE_LABELS.yearly, 0)}
        {number("pricingSixMonth", LEASE_PRICE_LABELS.sixMonth, 0)}
        {number("pricingMonthly", LEASE_PRICE_LABELS.monthly, 0)}
        {status === "soon" && text("availableFrom", "Available from", { type: "date" })}
        {status === "occupied" && text("rentedUntil", "Rented until", { type: "date" })}
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-ink-900">Position on the map</legend>
        <p id="hint-position" className="text-sm text-ink-600">
          Click the map to set it, or type degrees (latitude and longitude, e.g. 7.9523 and
          98.2848). Leave both empty to keep the unit off the maps.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              ["latitude", "Latitude", latitude, setLatitude],
              ["longitude", "Longitude", longitude, setLongitude],
            ] as const
          ).map(([name, label, value, set]) => (
            <Field key={name} label={label} name={name} error={errors[name]}>
              <input
                id={`field-${name}`}
                name={name}
                value={value}
                onChange={(event) => set(event.target.value)}
                inputMode="decimal"
                autoComplete="off"
                maxLength={24}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `error-${name} hint-position` : "hint-position"}
                className={inputClass(Boolean(errors[name]))}
              />
            </Field>
          ))}
        </div>
        {inBrowser && (
          <Suspense fallback={<div className="h-72 rounded-2xl bg-[#cfe8ec]" />}>
            <PositionPicker
              styleUrl={site?.mapStyleUrl}
              office={site?.contacts.officePosition}
              position={typedPosition(latitude, longitude)}
              onPick={(picked) => {
                setLatitude(String(roundDegrees(picked.latitude)));
                setLongitude(String(roundDegrees(picked.longitude)));
              }}
            />
          </Suspense>
        )}
      </fieldset>
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
      <fieldset>
        <legend className="text-sm font-medium text-ink-900">Facilities</legend>
        <ul className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-4">
          {FACILITY_KEYS.map((key) => (
            <li key={key}>
              <label className="flex items-center gap-2 text-sm text-ink-900">
                <input
                  type="checkbox"
                  name="facility"
                  value={key}
                  defaultChecked={tickedFacilities.has(key)}
                  className="size-4"
                />
                {en.facility[key]}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <Field
        label="Other facilities, comma-separated (shown as written)"
        name="facilitiesOther"
        error={errors.facilities}
      >
        <input
          id="field-facilitiesOther"
          name="facilitiesOther"
          defaultValue={otherFacilities.join(", ")}
          maxLength={2000}
          aria-invalid={errors.facilities ? true : undefined}
          aria-describedby={errors.facilities ? "error-facilitiesOther" : undefined}
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
          aria-describedby={errors.description ? "error-description" : undefined}
          className={inputClass(Boolean(errors.description))}
        />
      </Field>
      <Field label="Description (Russian)" name="descriptionRu" error={errors.descriptionRu}>
        <textarea
          id="field-descriptionRu"
          name="descriptionRu"
          rows={4}
          defaultValue={values.descriptionRu}
          aria-invalid={errors.descriptionRu ? true : undefined}
          aria-describedby={errors.descriptionRu ? "error-descriptionRu" : undefined}
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
      <div className="sticky bottom-0 z-10 -mx-6 -mb-6 flex items-center justify-end gap-3 border-t border-sand-200 bg-white px-6 py-4">
        {dirty && <p className="mr-auto text-sm text-ink-600">Unsaved changes</p>}
        <Link to={backToList(search)} className={`${buttonStyles.secondary} whitespace-nowrap`}>
          Cancel
        </Link>
        <button
          type="submit"
          className={`${buttonStyles.primary} whitespace-nowrap`}
          disabled={busy || pendingUploads > 0}
        >
          {busy ? "Saving..." : pendingUploads > 0 ? "Uploading..." : "Save Property"}
        </button>
      </div>
      {blocker.state === "blocked" && (
        <Modal title="Discard unsaved changes?" onClose={() => blocker.reset()}>
          <p className="text-ink-900">Your changes to this property have not been saved.</p>
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => blocker.reset()}
            >
              Keep editing
            </button>
            <button type="button" className={buttonStyles.danger} onClick={() => blocker.proceed()}>
              Discard changes
            </button>
          </div>
        </Modal>
      )}
    </fetcher.Form>
  );
}

import { z } from "zod";
import { LATITUDE_RANGE, LONGITUDE_RANGE, roundDegrees } from "../../domain/geo.ts";
import {
  BUILDINGS,
  LISTING_LOCATIONS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
} from "../../domain/listing.ts";
import { fieldErrorsOf } from "../../lib/form-schema.ts";
import { storedFacilities } from "../listings/facilities.ts";
import { MEDIA_WIDTHS } from "../media/media-url.ts";

/** The form's image list, in order (first = main): an uploaded picture or an external URL. */
export const imageItemSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("media"),
    mediaKey: z
      .string()
      .regex(/^(uploads\/[a-f0-9]{32}|demo\/[a-z0-9-]{1,120})$/, "Unknown picture"),
    width: z.number().int().positive().nullable(),
    height: z.number().int().positive().nullable(),
    variants: z
      .array(z.number().int().positive())
      .min(1)
      .refine((v) => v.every((w) => (MEDIA_WIDTHS as readonly number[]).includes(w) || w < 480)),
  }),
  z.object({
    kind: z.literal("url"),
    url: z.string().refine(isHttpUrl, "Image URLs must start with http:// or https://"),
  }),
]);
export type ImageItem = z.infer<typeof imageItemSchema>;

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && text.length <= 2000;
  } catch {
    return false;
  }
}

/** "a, b,, c " → ["a", "b", "c"]: split on commas, trimmed, empties dropped. */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

const trimmed = (field: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const wholeNumber = (field: string, min: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? Number.NaN : Number(v.trim())) : v),
    z
      .number({ error: `${field} must be a number` })
      .int(`${field} must be a whole number`)
      .min(min, `${field} must be at least ${min}`)
      .max(100_000_000, `${field} is too large`),
  );

const optionalDate = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null),
  z.iso.date("Use a date like 2027-01-31").nullable(),
);

/** Degrees typed (a decimal comma is taken too) or stored; empty means no position. */
const coordinate = (field: string, range: { min: number; max: number }) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null) return null;
      if (typeof v !== "string") return v;
      const text = v.trim().replace(",", ".");
      if (text === "") return null;
      return text.length <= 24 && /^[-+]?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({
        error: `${field} must be a number of degrees, like ${field === "Latitude" ? "7.9523" : "98.2848"}`,
      })
      .min(range.min, `${field} must be between ${range.min} and ${range.max}`)
      .max(range.max, `${field} must be between ${range.min} and ${range.max}`)
      .transform(roundDegrees)
      .nullable(),
  );

/** A position is both coordinates or neither: the one left empty is named. */
function bothOrNeither(
  p: { latitude: number | null; longitude: number | null },
  ctx: z.RefinementCtx,
) {
  if ((p.latitude === null) === (p.longitude === null)) return;
  const missing = p.latitude === null ? "latitude" : "longitude";
  ctx.addIssue({
    code: "custom",
    path: [missing],
    message: "Enter both latitude and longitude, or leave both empty",
  });
}

/** The checks of a property's fields, shared by the form and by a restored snapshot. */
const propertyFields = {
  unitCode: trimmed("Unit code", 40),
  building: z.enum(BUILDINGS, "Choose a building"),
  name: trimmed("Property name", 120),
  type: z.enum(PROPERTY_TYPES, "Choose a type"),
  status: z.enum(PROPERTY_STATUSES, "Choose a status"),
  location: z.enum(LISTING_LOCATIONS, "Choose a location"),
  bedrooms: wholeNumber("Bedrooms", 1),
  bathrooms: wholeNumber("Bathrooms", 1),
  sizeM2: wholeNumber("Size", 1),
  floor: wholeNumber("Floor", 1),
  pricingMonthly: wholeNumber("1-month lease price", 0),
  pricingSixMonth: wholeNumber("6-month lease price", 0),
  pricingYearly: wholeNumber("1-year lease price", 0),
  availableFrom: optionalDate,
  rentedUntil: optionalDate,
  description: trimmed("Description", 5000),
  descriptionRu: z
    .string()
    .trim()
    .max(5000, "Description must be at most 5000 characters")
    .default(""),
  latitude: coordinate("Latitude", LATITUDE_RANGE),
  longitude: coordinate("Longitude", LONGITUDE_RANGE),
};

const facilityList = z
  .array(z.string().max(60, "Each facility must be at most 60 characters"))
  .max(40);
const imageList = z.array(imageItemSchema).max(40, "At most 40 images");

/**
 * The form's fields as the schema reads them: the ticked facilities (`facility`, one per box) and
 * the others typed as a comma list (`facilitiesOther`, or `facilities` as the form once sent
 * them) become the one `facilities` text.
 */
export function propertyFormEntries(form: FormData): Record<string, FormDataEntryValue> {
  const ticked = form.getAll("facility").filter((v): v is string => typeof v === "string");
  const typed = ["facilitiesOther", "facilities"].map((name) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  });
  return { ...Object.fromEntries(form), facilities: [...ticked, ...typed].join(",") };
}

/** Only the date that belongs to the status is kept: soon → available-from, occupied → rented-until. */
function keepStatusDate<
  T extends { status: string; availableFrom: string | null; rentedUntil: string | null },
>(p: T): T {
  return {
    ...p,
    availableFrom: p.status === "soon" ? p.availableFrom : null,
    rentedUntil: p.status === "occupied" ? p.rentedUntil : null,
  };
}

/**
 * The property form, checked by the browser before sending and by the action as the real check.
 * Field values arrive as text (FormData); the result is what the database stores.
 */
export const propertyFormSchema = z
  .object({
    ...propertyFields,
    /** A checkbox: present ("on") when the admin's status wins over the unit's calendar. */
    statusOverride: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
    facilities: z
      .string()
      .default("")
      .transform((text) => storedFacilities(splitList(text)))
      .pipe(facilityList),
    images: z
      .string()
      .default("[]")
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: "custom", message: "Images could not be read" });
          return z.NEVER;
        }
      })
      .pipe(imageList),
  })
  .superRefine(bothOrNeither)
  .transform(keepStatusDate);

/**
 * A property as the audit log keeps it (see PropertySnapshot), checked before a restore puts it
 * back: the form's rules on every field, plus the columns the form does not edit.
 */
export const propertySnapshotSchema = z
  .object({
    ...propertyFields,
    /** Snapshots taken before the calendar existed have none: the admin's status did not win. */
    statusOverride: z.boolean().default(false),
    facilities: facilityList.transform(storedFacilities),
    images: imageList,
    id: z.number().int().positive(),
    slug: z.string().min(1).max(200),
    version: z.number().int().min(1),
    createdAt: z.iso.datetime(),
  })
  .superRefine(bothOrNeither)
  .transform(keepStatusDate);

export type PropertyInput = z.output<typeof propertyFormSchema>;
export type PropertyFormFields = z.input<typeof propertyFormSchema>;

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field, as the form shows them. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  return fieldErrorsOf(error);
}

/** Defaults of a new property, as the spec gives them. */
export const NEW_PROPERTY_DEFAULTS = {
  unitCode: "",
  building: "The Trees",
  name: "",
  type: "condo",
  status: "available",
  location: "Kamala",
  bedrooms: 1,
  bathrooms: 1,
  sizeM2: 30,
  floor: 1,
  pricingMonthly: 35000,
  pricingSixMonth: 30000,
  pricingYearly: 25000,
  availableFrom: null,
  rentedUntil: null,
  statusOverride: false,
  facilities: [] as string[],
  description: "",
  descriptionRu: "",
  images: [] as ImageItem[],
  latitude: null,
  longitude: null,
} as const;

import { labelOf, PROPERTY_STATUS_LABELS, PROPERTY_TYPE_LABELS } from "../../i18n/admin-labels.ts";
import { en } from "../../i18n/en.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { formatBaht, formatDate } from "../../lib/format.ts";
import { facilityName } from "../listings/facilities.ts";
import type { PropertyInput } from "./property-schema.ts";

/** The property's fields as the form names them (the map pin's position is not told, see IGNORED). */
type LabelledField = Exclude<keyof PropertyInput, "latitude" | "longitude"> | "slug";
const FIELD_LABELS: Record<LabelledField, string> = {
  name: "Property name",
  slug: "Web address",
  building: "Building",
  unitCode: "Unit code",
  type: "Type",
  location: "Location",
  bedrooms: "Bedrooms",
  bathrooms: "Bathrooms",
  sizeM2: "Size (m²)",
  floor: "Floor",
  status: "Status",
  availableFrom: "Available from",
  rentedUntil: "Rented until",
  pricingMonthly: "1-month lease price",
  pricingSixMonth: "6-month lease price",
  pricingYearly: "1-year lease price",
  facilities: "Facilities",
  description: "Description (English)",
  descriptionRu: "Description (Russian)",
  statusOverride: "Override the calendar",
  images: "Images",
};
/** The admin reads the facilities of the set by their English names. */
const englishNames = createTranslator("en", en);

const IGNORED = new Set(["id", "updatedAt", "version", "createdAt", "latitude", "longitude"]);
const LONG_TEXT = new Set(["description", "descriptionRu"]);

function show(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (key.startsWith("pricing") && typeof value === "number") return formatBaht(value);
  if (key === "status" && typeof value === "string") return labelOf(PROPERTY_STATUS_LABELS, value);
  if (key === "type" && typeof value === "string") return labelOf(PROPERTY_TYPE_LABELS, value);
  if ((key === "availableFrom" || key === "rentedUntil") && typeof value === "string") {
    return formatDate(value, "en");
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (key === "facilities" && Array.isArray(value) && value.length > 0) {
    return value.map((f) => facilityName(String(f), englishNames)).join(", ");
  }
  if (Array.isArray(value)) return value.length > 0 ? value.join(", ") : "—";
  if (typeof value === "number") return value.toLocaleString("en-US");
  return String(value);
}

/**
 * What one recorded save changed, a line per field as the admin reads it:
 * "1-year lease price: ฿25,000 → ฿26,000". Long texts and pictures say what changed, not all of it.
 */
export function describeChanges(old: object | null, saved: object | null): string[] {
  if (!old || !saved) return [];
  const before = old as Record<string, unknown>;
  const after = saved as Record<string, unknown>;
  const lines: string[] = [];
  for (const key of Object.keys(after)) {
    if (IGNORED.has(key)) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    const label = labelOf(FIELD_LABELS, key);
    if (key === "images") {
      const a = Array.isArray(before.images) ? before.images.length : 0;
      const b = Array.isArray(after.images) ? after.images.length : 0;
      lines.push(a === b ? `${label}: reordered or replaced (${b})` : `${label}: ${a} → ${b}`);
    } else if (LONG_TEXT.has(key)) {
      lines.push(`${label}: changed`);
    } else {
      lines.push(`${label}: ${show(key, before[key])} → ${show(key, after[key])}`);
    }
  }
  const position = (p: Record<string, unknown>) =>
    typeof p.latitude === "number" && typeof p.longitude === "number"
      ? `${p.latitude}, ${p.longitude}`
      : "—";
  // Snapshots from before positions existed have neither key: the same as no position.
  if (position(before) !== position(after)) {
    lines.push(`Position on the map: ${position(before)} → ${position(after)}`);
  }
  return lines;
}

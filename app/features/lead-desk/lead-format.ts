import { isIsoDay } from "../../domain/date-time.ts";
import { labelOf, ROI_PROPERTY_TYPE_LABELS } from "../../i18n/admin-labels.ts";
import { formatBaht, formatDate } from "../../lib/format.ts";

/** The labels of the inputs the public forms store, in the order the admin reads them. */
const INPUT_LABELS: Record<string, string> = {
  propertyValue: "Property value",
  location: "Location",
  type: "Type",
  bedrooms: "Bedrooms",
  annual: "Yearly return",
  quarterly: "Quarterly return",
  monthly: "Monthly return",
  fiveYearTotal: "Over 5 years",
  freeNights: "Free nights a year",
  slug: "Unit",
  lease: "Lease",
  moveIn: "Move-in",
  wantedFrom: "Wanted from",
  dates: "Viewing dates",
  time: "Time of day",
  problemPage: "Page with the problem",
  consent: "Consent",
};
const MONEY = new Set(["propertyValue", "annual", "quarterly", "monthly", "fiveYearTotal"]);
const DATES = new Set(["moveIn", "wantedFrom", "dates"]);

/** "wantedFrom" → "Wanted from", for a key no label names yet. */
function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[-_]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.map((v) => formatValue(key, v)).join(", ") || "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") {
    return MONEY.has(key) ? formatBaht(value) : value.toLocaleString("en-US");
  }
  if (typeof value === "string") {
    if (DATES.has(key) && isIsoDay(value)) return formatDate(value, "en");
    if (MONEY.has(key) && /^\d+(\.\d+)?$/.test(value)) return formatBaht(Number(value));
    return labelOf(ROI_PROPERTY_TYPE_LABELS, value);
  }
  return JSON.stringify(value);
}

export interface LabelledValue {
  label: string;
  value: string;
}

/** A lead's calculator or form inputs, labelled and formatted: money in baht, dates in words. */
export function leadInputs(inputs: Record<string, unknown>): LabelledValue[] {
  const known = Object.keys(INPUT_LABELS).filter((key) => key in inputs);
  const others = Object.keys(inputs).filter((key) => !(key in INPUT_LABELS));
  return [...known, ...others].map((key) => ({
    label: INPUT_LABELS[key] ?? humanise(key),
    value: formatValue(key, inputs[key]),
  }));
}

/** The inputs on one line: "Property value ฿8,000,000 · Location Kamala · Bedrooms —". */
export function describeInputs(inputs: Record<string, unknown>): string {
  return leadInputs(inputs)
    .map(({ label, value }) => `${label} ${value}`)
    .join(" · ");
}

/**
 * The inputs for the CSV export, as stored: "propertyValue: 8000000; location: Kamala", so a
 * spreadsheet gets the plain numbers and codes.
 */
export function inputsForExport(inputs: Record<string, unknown>): string {
  return Object.entries(inputs)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join("; ");
}

export function languageName(code: string): string {
  return code === "ru" ? "Russian" : code === "en" ? "English" : code;
}

/**
 * The public forms' field names, limits and error keys: what the pages need at once. The schemas
 * that check them (lead-forms.ts, with zod) are loaded by the browser only when a visitor starts
 * filling a form.
 */
export const HONEYPOT_FIELD = "website";

export const LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  message: 2000,
  problemPage: 300,
} as const;

export const LEASE_LENGTHS = ["1-year", "6-months", "1-month"] as const;
export type LeaseLength = (typeof LEASE_LENGTHS)[number];

export type FormErrorKey =
  | "forms.errors.required"
  | "forms.errors.email"
  | "forms.errors.phone"
  | "forms.errors.tooLong"
  | "forms.errors.singleLine"
  | "forms.errors.contactRequired"
  | "forms.errors.consent"
  | "forms.errors.searchConsent"
  | "forms.errors.filters"
  | "forms.errors.date"
  | "forms.errors.lease"
  | "forms.errors.viewingDate";

export type FieldErrors = Partial<Record<string, FormErrorKey>>;

/** The named fields of a form as trimmed strings ("" when absent). */
export function readFields<K extends string>(
  source: FormData,
  keys: readonly K[],
): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const value = source.get(key);
    out[key] = typeof value === "string" ? value.trim() : "";
  }
  return out;
}

/** Fields without a limit of their own (lease, date, consent, calculator inputs) are short. */
const OTHER_FIELD_LIMIT = 100;

/** Each value cut to its field's maximum length: what a form may echo back to the page. */
export function clipFields<K extends string>(fields: Record<K, string>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(fields) as K[]) {
    const max = (LIMITS as Record<string, number>)[key] ?? OTHER_FIELD_LIMIT;
    out[key] = fields[key].slice(0, max);
  }
  return out;
}

export type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; fieldErrors: FieldErrors };

export const ROI_LEAD_FIELDS = ["name", "email", "phone"] as const;
export const REVENUE_SHARE_FIELDS = ["name", "email", "phone", "message"] as const;
/** A report of an accessibility problem: who, where, and what went wrong. */
export const ACCESSIBILITY_REPORT_FIELDS = ["name", "email", "problemPage", "message"] as const;
export const NEWSLETTER_FIELDS = ["email", "consent"] as const;
/** "Notify me when it is free" on an occupied or soon unit. */
export const AVAILABILITY_ALERT_FIELDS = ["email", "wantedFrom"] as const;
export const UNIT_ENQUIRY_FIELDS = [
  "name",
  "email",
  "phone",
  "lease",
  "moveIn",
  "message",
] as const;

/** What a lead form's action answers; the form shows it (imported by forms in the browser). */
export type LeadFormResult<K extends string> =
  | { status: "ok"; spam?: false }
  | { status: "invalid"; fieldErrors: FieldErrors; values: Record<K, string> }
  | { status: "rate-limited"; retryAfterSeconds: number; values: Record<K, string> }
  | { status: "unavailable"; values: Record<K, string> };

/** Parts of the day a visitor may prefer for a viewing. */
export const VIEWING_TIMES = ["any", "morning", "afternoon", "evening"] as const;
/** How far ahead a viewing can be asked for, in days. */
export const VIEWING_MAX_DAYS_AHEAD = 365;
export const VIEWING_FIELDS = [
  "name",
  "email",
  "phone",
  "date",
  "altDate",
  "time",
  "message",
] as const;

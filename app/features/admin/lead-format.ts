/** Lead kinds as the admin reads them; the keys are the database's LEAD_KINDS (a test checks). */
export const LEAD_KIND_LABELS: Record<string, string> = {
  roi: "ROI 7% program",
  "revenue-share": "70:30 revenue share",
  "unit-enquiry": "Unit enquiry",
  contact: "Contact",
  newsletter: "Newsletter",
  "availability-alert": "Availability alert",
  viewing: "Viewing request",
};

/** A lead's calculator or form inputs on one line: "propertyValue: 8000000; location: Kamala". */
export function describeInputs(inputs: Record<string, unknown>): string {
  return Object.entries(inputs)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join("; ");
}

export function languageName(code: string): string {
  return code === "ru" ? "Russian" : code === "en" ? "English" : code;
}

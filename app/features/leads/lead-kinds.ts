import type { LEAD_KINDS } from "../../db/schema.ts";

/** Each kind of lead as the desk reads it: in the admin and in alerts (a test checks the keys). */
export const LEAD_KIND_NAMES: Record<(typeof LEAD_KINDS)[number], string> = {
  roi: "ROI 7% program",
  "revenue-share": "70:30 revenue share",
  "unit-enquiry": "Unit enquiry",
  contact: "Contact",
  newsletter: "Newsletter",
  viewing: "Viewing request",
};

/**
 * Each kind of lead as an alert names it (the admin's labels are in admin/lead-format.ts); a kind
 * missing here is named by its code.
 */
export const LEAD_KIND_NAMES: Record<string, string> = {
  roi: "ROI 7% program",
  "revenue-share": "70:30 revenue share",
  "unit-enquiry": "Unit enquiry",
  contact: "Contact",
  newsletter: "Newsletter",
  viewing: "Viewing request",
  "availability-alert": "Notify me when it is free",
  accessibility: "Accessibility problem",
};

/** What a lead can be: the form it came from, and where the desk is with it. */

export const LEAD_KINDS = [
  "roi",
  "revenue-share",
  "unit-enquiry",
  "contact",
  "newsletter",
  "availability-alert",
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_STATUSES = ["new", "handled"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

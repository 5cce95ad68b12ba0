/** What a lead can be: the form it came from, and where the desk is with it. */

export const LEAD_KINDS = [
  "roi",
  "revenue-share",
  "unit-enquiry",
  "contact",
  "newsletter",
  "availability-alert",
  "viewing",
  "accessibility",
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** The `form` field that tells the unit page's action a post is an availability alert. */
export const ALERT_FORM_MARKER = "availability-alert" satisfies LeadKind;

export const LEAD_STATUSES = ["new", "handled"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Where a lead stands in the desk's pipeline, in order (the database checks these values). */
export const LEAD_STAGES = ["new", "contacted", "viewing-booked", "offer", "won", "lost"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** Where a lead stands in the desk's pipeline, in order (the database checks these values). */
export const LEAD_STAGES = ["new", "contacted", "viewing-booked", "offer", "won", "lost"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

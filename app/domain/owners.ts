/**
 * The facts of the owner portal that the database checks and every screen and service shares:
 * programs, alert channels, languages, owner-stay request states and the approval threshold.
 * The programs' figures (7%, 15 free nights, 70 : 30) live in owner-programs.ts.
 */

/** Guaranteed return (the ROI 7% program) or revenue share (70 : 30). */
export const OWNER_PROGRAM_KINDS = ["guaranteed", "revenue-share"] as const;
export type OwnerProgramKind = (typeof OWNER_PROGRAM_KINDS)[number];

/** The language of an owner's portal and alerts. */
export const OWNER_LANGUAGES = ["en", "ru"] as const;
export type OwnerLanguage = (typeof OWNER_LANGUAGES)[number];

export const OWNER_ALERT_CHANNELS = ["email", "telegram", "line"] as const;
export type OwnerAlertChannel = (typeof OWNER_ALERT_CHANNELS)[number];

/** An owner's request to block dates: waiting for the desk, approved (a stay), or refused. */
export const OWNER_STAY_STATUSES = ["pending", "approved", "refused"] as const;
export type OwnerStayStatus = (typeof OWNER_STAY_STATUSES)[number];

/** What a single-use owner link is for: the first password, or a new one. */
export const OWNER_TOKEN_PURPOSES = ["invite", "reset"] as const;
export type OwnerTokenPurpose = (typeof OWNER_TOKEN_PURPOSES)[number];

/** An invitation or reset link is good for seven days, once. */
export const OWNER_TOKEN_DAYS = 7;

/** Repair quotes above this many baht wait for the owner's approval, unless set per owner. */
export const DEFAULT_APPROVAL_THRESHOLD_BAHT = 5_000;

/** The guaranteed-return program's free nights fall between these days of a year (inclusive). */
export const GUARANTEED_STAY_SEASON = { from: "05-01", to: "09-30" } as const;

/** Every unit's owners' shares add up to this. */
export const FULL_SHARE_PERCENT = 100;

/** What a document in an owner's portal is. */
export const OWNER_DOCUMENT_CATEGORIES = ["agreement", "inspection", "insurance", "other"] as const;
export type OwnerDocumentCategory = (typeof OWNER_DOCUMENT_CATEGORIES)[number];

/** A document's file is a PDF or a picture of at most this many bytes. */
export const MAX_OWNER_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Photos one owner may upload to /owner/uploads in an hour (a ticket holds 12). */
export const OWNER_UPLOADS_PER_HOUR = 40;

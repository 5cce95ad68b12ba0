/**
 * The facts of a lease that the database checks and every screen and service shares: statuses,
 * terms, languages, payment methods, deposit stages and task kinds.
 */

/** draft → signed → active → ended, or cancelled before it ends. */
export const LEASE_STATUSES = ["draft", "signed", "active", "ended", "cancelled"] as const;
export type LeaseStatus = (typeof LEASE_STATUSES)[number];

/** The agreed term: one of the unit's three prices, or custom dates at an agreed rent. */
export const LEASE_TERMS = ["month", "six-months", "year", "custom"] as const;
export type LeaseTerm = (typeof LEASE_TERMS)[number];

/** The language of a tenant's mail and contract. */
export const TENANT_LANGUAGES = ["en", "ru", "th"] as const;
export type TenantLanguage = (typeof TENANT_LANGUAGES)[number];

export const DUE_KINDS = ["rent", "deposit"] as const;
export type DueKind = (typeof DUE_KINDS)[number];

export const PAYMENT_METHODS = ["bank-transfer", "promptpay", "cash", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Where the deposit is: not yet paid, received, held by the company, returned at the end. */
export const DEPOSIT_STATUSES = ["pending", "received", "held", "returned"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const TASK_KINDS = ["tm30"] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** Why a TM30 task was opened. */
export const TM30_REASONS = ["signing", "return-from-abroad"] as const;
export type Tm30Reason = (typeof TM30_REASONS)[number];

/** What a lease's history row records (lease_events.what). */
export const LEASE_EVENT_KINDS = [
  "created",
  "edited",
  "signed",
  "activated",
  "end-changed",
  "ended",
  "cancelled",
  "payment",
  "deposit-received",
  "deposit-held",
  "deposit-returned",
  "deduction",
  "tm30-opened",
  "tm30-done",
  "personal-data-erased",
] as const;
export type LeaseEventKind = (typeof LEASE_EVENT_KINDS)[number];

/** The due day is kept within 1–28 so it exists in every month. */
export const MAX_DUE_DAY = 28;
export const MAX_TENANTS = 6;

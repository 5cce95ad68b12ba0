import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { STAY_KINDS } from "../domain/availability.ts";
import { DISPLAY_CURRENCIES } from "../domain/currencies.ts";
import { INSPECTION_KINDS, ITEM_CONDITIONS, MAX_ITEM_PHOTOS } from "../domain/inspections.ts";
import { LEAD_KINDS, LEAD_STAGES, LEAD_STATUSES } from "../domain/leads.ts";
import {
  DEPOSIT_STATUSES,
  DUE_KINDS,
  LEASE_STATUSES,
  LEASE_TERMS,
  MAX_DUE_DAY,
  PAYMENT_METHODS,
  TASK_KINDS,
  TENANT_LANGUAGES,
} from "../domain/leases.ts";
import { BUILDINGS, PROPERTY_STATUSES, PROPERTY_TYPES } from "../domain/listing.ts";
import {
  EXPENSE_BEARERS,
  EXPENSE_CATEGORIES,
  LINE_SOURCE_KINDS,
  MAX_LINE_BAHT,
  MAX_WITHHOLDING_BP,
  PAYOUT_METHODS,
  STATEMENT_LINE_KINDS,
  STATEMENT_STATUSES,
  STAY_CHANNELS,
  WITHHOLDING_BASES,
} from "../domain/owner-money.ts";
import {
  DEFAULT_APPROVAL_THRESHOLD_BAHT,
  OWNER_ALERT_CHANNELS,
  OWNER_DOCUMENT_CATEGORIES,
  OWNER_LANGUAGES,
  OWNER_PROGRAM_KINDS,
  OWNER_STAY_STATUSES,
  OWNER_TOKEN_PURPOSES,
} from "../domain/owners.ts";
import { REPAIR_ACTORS, REPAIR_EVENT_KINDS, REPAIR_STAGES } from "../domain/repairs.ts";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const properties = pgTable(
  "properties",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    building: text("building", { enum: BUILDINGS }).notNull(),
    unitCode: text("unit_code").notNull(),
    type: text("type", { enum: PROPERTY_TYPES }).notNull(),
    location: text("location").notNull(),
    bedrooms: integer("bedrooms").notNull(),
    bathrooms: integer("bathrooms").notNull(),
    sizeM2: integer("size_m2").notNull(),
    floor: integer("floor").notNull().default(1),
    status: text("status", { enum: PROPERTY_STATUSES }).notNull().default("available"),
    availableFrom: date("available_from", { mode: "string" }),
    rentedUntil: date("rented_until", { mode: "string" }),
    pricingMonthly: integer("pricing_monthly").notNull(),
    pricingSixMonth: integer("pricing_six_month").notNull(),
    pricingYearly: integer("pricing_yearly").notNull(),
    facilities: text("facilities").array().notNull().default(sql`'{}'::text[]`),
    description: text("description").notNull().default(""),
    descriptionRu: text("description_ru").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    version: integer("version").notNull().default(1),
    /**
     * The admin's hand-set status and dates win over the calendar. Without it, a unit that has
     * stays gets its status and dates from them (app/features/availability).
     */
    statusOverride: boolean("status_override").notNull().default(false),
    /** WGS 84 degrees of the unit's pin on the maps; both set or both empty. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
  },
  (t) => [
    uniqueIndex("properties_slug_key").on(t.slug),
    uniqueIndex("properties_building_unit_code_key").on(t.building, t.unitCode),
    // Serves the listing: one status at a time, most expensive first, stable tie-break.
    index("properties_listing_idx").on(
      t.status,
      t.pricingYearly.desc(),
      sql`${t.slug} collate "C"`,
    ),
    index("properties_location_idx").on(t.location),
    index("properties_type_idx").on(t.type),
    index("properties_bedrooms_idx").on(t.bedrooms),
    check("properties_building_check", sql`${t.building} in (${inList(BUILDINGS)})`),
    check("properties_type_check", sql`${t.type} in (${inList(PROPERTY_TYPES)})`),
    check("properties_status_check", sql`${t.status} in (${inList(PROPERTY_STATUSES)})`),
    check(
      "properties_counts_check",
      sql`${t.bedrooms} >= 1 and ${t.bathrooms} >= 1 and ${t.sizeM2} >= 1 and ${t.floor} >= 1`,
    ),
    check(
      "properties_prices_check",
      sql`${t.pricingMonthly} >= 0 and ${t.pricingSixMonth} >= 0 and ${t.pricingYearly} >= 0`,
    ),
    check(
      "properties_position_check",
      sql`(${t.latitude} is null) = (${t.longitude} is null) and ${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`,
    ),
  ],
);

/** Either an uploaded picture (media key with its variants) or an external URL. */
export const propertyImages = pgTable(
  "property_images",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    mediaKey: text("media_key"),
    url: text("url"),
    width: integer("width"),
    height: integer("height"),
    /** Widths in pixels of the stored WebP variants, ascending. */
    variants: integer("variants").array().notNull().default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index("property_images_property_idx").on(t.propertyId, t.position),
    check("property_images_source_check", sql`(${t.mediaKey} is null) <> (${t.url} is null)`),
  ],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** The authenticator in force (with totp_enabled_at), or null. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** A new authenticator being set up; it replaces totp_secret only once a code confirms it. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last 30-second step whose code was accepted, so a code cannot be used twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("admin_users_email_key").on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the token held by the cookie; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** One-time recovery codes of an admin's second factor, stored as SHA-256 hashes. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("admin_recovery_codes_user_idx").on(t.userId)],
);

/**
 * Where each admin last signed in from, and when: a spread-out attack on an account slows
 * sign-ins from addresses without a recent sign-in, never from these.
 */
export const adminSignInAddresses = pgTable(
  "admin_sign_in_addresses",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/**
 * A period when a unit is taken. Dates are whole days in Phuket (see domain/date-time.ts);
 * `start_date` is the first taken day and `end_date` the first free day after it (exclusive, like
 * iCalendar's DTEND).
 */
export const stays = pgTable(
  "stays",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    /** Leases only; private: never on a public page or in the exported calendar. */
    tenantName: text("tenant_name"),
    /** Leases only: the agreed length in months. */
    leaseMonths: integer("lease_months"),
    /** Null for a stay entered by hand; else the feed it came from, with the event's UID. */
    feedId: integer("feed_id").references(() => calendarFeeds.id, { onDelete: "cascade" }),
    feedUid: text("feed_uid"),
    /** A stay from a feed that overlaps another stay of the unit: kept, but shown to the admin. */
    conflict: boolean("conflict").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stays_property_dates_idx").on(t.propertyId, t.startDate),
    uniqueIndex("stays_feed_uid_key").on(t.feedId, t.feedUid),
    check("stays_kind_check", sql`${t.kind} in (${inList(STAY_KINDS)})`),
    check("stays_dates_check", sql`${t.endDate} > ${t.startDate}`),
    check("stays_source_check", sql`(${t.feedId} is null) = (${t.feedUid} is null)`),
    check(
      "stays_lease_months_check",
      sql`${t.leaseMonths} is null or ${t.leaseMonths} between 1 and 120`,
    ),
  ],
);

/** An iCalendar address (Airbnb, Booking.com, another PMS) whose events become stays of a unit. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    /** Events the last good fetch left out, by reason (`{ "bad-date": 3 }`); the rest were read. */
    lastSkipped: jsonb("last_skipped").$type<Record<string, number>>().notNull().default({}),
    /** The first failed try since the last good fetch; null while the feed is well. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** When the desk was told the feed is failing; cleared when it is told of the recovery. */
    alertedAt: timestamp("alerted_at", { withTimezone: true }),
    /**
     * A sync held back because it would have removed every future block (decision 098): when,
     * how many blocks it would remove, and the events it read, applied by one click.
     */
    held: jsonb("held").$type<{
      at: string;
      removes: number;
      events: { uid: string; start: string; end: string }[];
      skipped: Record<string, number>;
    }>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_property_url_key").on(t.propertyId, t.url)],
);

export const leads = pgTable(
  "leads",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    message: text("message"),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    inputs: jsonb("inputs").notNull().default({}),
    language: text("language").notNull().default("en"),
    sourcePage: text("source_page"),
    status: text("status").notNull().default("new"),
    createdAt: createdAt(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    stage: text("stage").notNull().default("new"),
    lostReason: text("lost_reason"),
    ownerId: integer("owner_id").references(() => adminUsers.id, { onDelete: "set null" }),
    followUpOn: date("follow_up_on", { mode: "string" }),
    /** First-touch campaign of the visitor: utm_source, utm_medium, utm_campaign. */
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** The page of another site that brought the visitor, when the browser told. */
    referrer: text("referrer"),
    /** When the address confirmed it wants this (a newsletter subscription: double opt-in). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    index("leads_created_idx").on(t.createdAt.desc()),
    index("leads_kind_status_idx").on(t.kind, t.status),
    // One newsletter subscription per address, whatever the letter case.
    uniqueIndex("leads_newsletter_email_key")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.kind} = 'newsletter'`),
    index("leads_property_idx").on(t.propertyId),
    check("leads_kind_check", sql`${t.kind} in (${inList(LEAD_KINDS)})`),
    check("leads_status_check", sql`${t.status} in (${inList(LEAD_STATUSES)})`),
    check("leads_stage_check", sql`${t.stage} in (${inList(LEAD_STAGES)})`),
    index("leads_follow_up_idx").on(t.followUpOn),
    index("leads_owner_idx").on(t.ownerId),
  ],
);

/** The desk's dated notes on a lead. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => adminUsers.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lead_notes_lead_idx").on(t.leadId, t.createdAt)],
);

/** e-mail (SMTP); telegram (Bot API: the desk's chat or an owner's); line (push to an owner). */
export const OUTBOX_CHANNELS = ["email", "telegram", "line"] as const;
/**
 * alert: to the desk; reply: to a visitor who left a lead; search-confirm: the double opt-in of a
 * saved search; search-alert: a saved search's new units; owner-access: an owner's invitation or
 * password-reset link; owner-alert: news for an owner from the portal.
 */
export const OUTBOX_PURPOSES = [
  "alert",
  "reply",
  "search-confirm",
  "search-alert",
  "lease-reminder",
  "owner-access",
  "owner-alert",
  "availability-notice",
] as const;
/**
 * failed: given up after retries; bounced: the receiving server refused it for good (5xx);
 * withheld: never tried, because the address bounced before (the row says so on the lead).
 */
export const OUTBOX_STATES = ["pending", "sent", "failed", "bounced", "withheld"] as const;

/**
 * Messages to send (alerts to the desk, replies to visitors), written in the same transaction
 * as the lead that caused them and sent by the outbox worker, with retries.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text("channel").notNull(),
    purpose: text("purpose").notNull(),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    /** The saved search a confirmation or an alert of new units is for. */
    savedSearchId: integer("saved_search_id").references(() => savedSearches.id, {
      onDelete: "set null",
    }),
    /** The lease a rent reminder or a lease alert is about; erasing its tenants removes unsent ones. */
    leaseId: integer("lease_id").references(() => leases.id, { onDelete: "cascade" }),
    /** The rendered message: recipients, subject, text, attachments to add when sending. */
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When a worker may take it next; a worker taking it moves this past its own lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("outbox_lead_idx").on(t.leadId),
    index("outbox_saved_search_idx").on(t.savedSearchId),
    index("outbox_lease_idx").on(t.leaseId),
    check("outbox_channel_check", sql`${t.channel} in (${inList(OUTBOX_CHANNELS)})`),
    check("outbox_purpose_check", sql`${t.purpose} in (${inList(OUTBOX_PURPOSES)})`),
    check("outbox_status_check", sql`${t.status} in (${inList(OUTBOX_STATES)})`),
  ],
);

/**
 * "E-mail me new units like these": the listing's filters (canonical query string, no sort or
 * page) with an address and its language. Confirmed by a link (double opt-in); stopped by
 * `unsubscribed_at`. Its confirm and unsubscribe links carry tokens of `email_tokens`.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Stored in lower case. */
    email: text("email").notNull(),
    filters: text("filters").notNull(),
    language: text("language").notNull(),
    sourcePage: text("source_page"),
    createdAt: createdAt(),
    /** When the latest confirmation mail was written; the link expires a while after it. */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** The daily job's last look, and the last time it found new units and wrote to them. */
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("saved_searches_email_filters_key").on(t.email, t.filters),
    index("saved_searches_confirmed_idx").on(t.confirmedAt),
    check("saved_searches_language_check", sql`${t.language} in ('en', 'ru')`),
  ],
);

/**
 * The units a saved search has already seen: those matching when it was confirmed, and those
 * each alert listed. A unit is new to a search when it matches and is not here.
 */
export const savedSearchUnits = pgTable(
  "saved_search_units",
  {
    savedSearchId: integer("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** Null for the units already there at confirmation; the time of the alert otherwise. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.propertyId] })],
);

/** Addresses that asked for no more mail (stored in lower case): nothing is sent to them. */
export const EMAIL_TOKEN_PURPOSES = [
  "newsletter-confirm",
  "newsletter-unsubscribe",
  "search-confirm",
  "search-unsubscribe",
  "marketing-unsubscribe",
] as const;

/**
 * The tokens of links in mails (confirm a subscription, unsubscribe): a random token goes into
 * the link, only its SHA-256 (hex) is kept here, so these rows let nobody unsubscribe or confirm
 * anyone. A confirm token is never an unsubscribe token: each purpose has tokens of its own.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address the link acts for, in lower case. */
    email: text("email").notNull(),
    savedSearchId: integer("saved_search_id").references(() => savedSearches.id, {
      onDelete: "cascade",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.purpose, t.tokenHash] }),
    index("email_tokens_saved_search_idx").on(t.savedSearchId),
    check("email_tokens_purpose_check", sql`${t.purpose} in (${inList(EMAIL_TOKEN_PURPOSES)})`),
  ],
);

/**
 * What is not sent to an address, per scope: `newsletter` (that list only), `marketing` (every
 * marketing mail: newsletter, saved-search alerts, availability notices) or `transactional`
 * (replies to requests, confirmations, reminders). An unsubscribe never writes `transactional`;
 * a hard bounce writes the scope of the mail that bounced, until the address is confirmed again.
 */
export const EMAIL_SUPPRESSION_SCOPES = ["newsletter", "marketing", "transactional"] as const;
export const EMAIL_SUPPRESSION_REASONS = ["unsubscribed", "bounced"] as const;

export const emailSuppressions = pgTable(
  "email_suppressions",
  {
    email: text("email").notNull(),
    scope: text("scope").notNull().default("marketing"),
    reason: text("reason").notNull().default("unsubscribed"),
    /** A bounce's SMTP answer (e.g. "550 5.1.1 no such user"). */
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.scope] }),
    check(
      "email_suppressions_scope_check",
      sql`${t.scope} in (${inList(EMAIL_SUPPRESSION_SCOPES)})`,
    ),
    check(
      "email_suppressions_reason_check",
      sql`${t.reason} in (${inList(EMAIL_SUPPRESSION_REASONS)})`,
    ),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    adminUserId: integer("admin_user_id").references(() => adminUsers.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt.desc())],
);

/**
 * Exchange rates the admin enters: `thb_per_unit` baht buy one unit of `currency` from
 * `applies_from` (a Phuket calendar day) until the next rate of that currency starts. Visitors
 * see prices converted at the rate in force; baht stays the price of record.
 */
export const currencyRates = pgTable(
  "currency_rates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    currency: text("currency", { enum: DISPLAY_CURRENCIES }).notNull(),
    thbPerUnit: numeric("thb_per_unit", { precision: 12, scale: 6, mode: "number" }).notNull(),
    appliesFrom: date("applies_from", { mode: "string" }).notNull(),
    enteredBy: integer("entered_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("currency_rates_currency_applies_from_key").on(t.currency, t.appliesFrom),
    check("currency_rates_currency_check", sql`${t.currency} in (${inList(DISPLAY_CURRENCIES)})`),
    check("currency_rates_positive_check", sql`${t.thbPerUnit} > 0`),
  ],
);

/** Small key/value store for facts about this installation (e.g. when demo data was seeded). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters for rate limits and sign-in throttling, kept in the database so that
 * several servers share them.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limits_window_idx").on(t.windowStart),
  ],
);

/**
 * A lease of a unit: its tenants, dates (Bangkok days, `end_date` exclusive, as stays), rent,
 * deposit and status. Once signed, its stay (kind lease) on the unit's calendar follows from it:
 * `stay_id` is that stay, changed and removed only through the lease.
 */
export const leases = pgTable(
  "leases",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    stayId: integer("stay_id").references(() => stays.id, { onDelete: "set null" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    term: text("term").notNull(),
    /** Whole baht a month. */
    monthlyRent: integer("monthly_rent").notNull(),
    /** Whole baht. */
    deposit: integer("deposit").notNull(),
    /** Day of the month rent is due, 1–28. */
    dueDay: integer("due_day").notNull(),
    status: text("status").notNull().default("draft"),
    depositStatus: text("deposit_status").notNull().default("pending"),
    depositReceivedOn: date("deposit_received_on", { mode: "string" }),
    depositReturnedOn: date("deposit_returned_on", { mode: "string" }),
    /** Whole baht paid back to the tenant: the deposit less the deductions. */
    depositReturnedAmount: integer("deposit_returned_amount"),
    /** The day the lease really ended (early or on its end date); starts the deposit deadline. */
    endedOn: date("ended_on", { mode: "string" }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    /** When the deposit deadline alert went to the desk, so it goes once. */
    depositAlertedAt: timestamp("deposit_alerted_at", { withTimezone: true }),
    /** When the tenants' personal data was erased (PDPA), by retention or by hand. */
    personalDataErasedAt: timestamp("personal_data_erased_at", { withTimezone: true }),
    notes: text("notes").notNull().default(""),
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("leases_property_idx").on(t.propertyId, t.startDate),
    index("leases_status_idx").on(t.status, t.endDate),
    index("leases_lead_idx").on(t.leadId),
    uniqueIndex("leases_stay_key").on(t.stayId),
    check("leases_dates_check", sql`${t.endDate} > ${t.startDate}`),
    check("leases_term_check", sql`${t.term} in (${inList(LEASE_TERMS)})`),
    check("leases_status_check", sql`${t.status} in (${inList(LEASE_STATUSES)})`),
    check("leases_deposit_status_check", sql`${t.depositStatus} in (${inList(DEPOSIT_STATUSES)})`),
    check("leases_money_check", sql`${t.monthlyRent} >= 0 and ${t.deposit} >= 0`),
    check("leases_due_day_check", sql`${t.dueDay} between 1 and ${sql.raw(String(MAX_DUE_DAY))}`),
    check(
      "leases_deposit_returned_check",
      sql`${t.depositReturnedAmount} is null or ${t.depositReturnedAmount} between 0 and ${t.deposit}`,
    ),
  ],
);

/**
 * The people on a lease, first one the main tenant. Passport and contact data are personal data:
 * shown in the admin only, masked in lists, set to null when erased (PDPA).
 */
export const leaseTenants = pgTable(
  "lease_tenants",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leaseId: integer("lease_id")
      .notNull()
      .references(() => leases.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** Null once erased. */
    name: text("name"),
    nationality: text("nationality"),
    passportNumber: text("passport_number"),
    email: text("email"),
    phone: text("phone"),
    language: text("language").notNull().default("en"),
    visaType: text("visa_type"),
    permittedStayUntil: date("permitted_stay_until", { mode: "string" }),
    arrivalDate: date("arrival_date", { mode: "string" }),
    portOfEntry: text("port_of_entry"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("lease_tenants_lease_position_key").on(t.leaseId, t.position),
    check("lease_tenants_language_check", sql`${t.language} in (${inList(TENANT_LANGUAGES)})`),
  ],
);

/** A lease's history: every change, who made it (null: the system) and when. */
export const leaseEvents = pgTable(
  "lease_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    leaseId: integer("lease_id")
      .notNull()
      .references(() => leases.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => adminUsers.id, { onDelete: "set null" }),
    what: text("what").notNull(),
    /** Never personal data: ids, dates, amounts, statuses. */
    details: jsonb("details").notNull().default({}),
  },
  (t) => [index("lease_events_lease_idx").on(t.leaseId, t.at)],
);

/** What the tenant owes and when: a month's rent (with its period) or the deposit. */
export const leaseDues = pgTable(
  "lease_dues",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leaseId: integer("lease_id")
      .notNull()
      .references(() => leases.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** The days the rent pays for, end exclusive; null for the deposit. */
    periodStart: date("period_start", { mode: "string" }),
    periodEnd: date("period_end", { mode: "string" }),
    /** Whole baht. */
    amount: integer("amount").notNull(),
    /** When the reminder before the due day, and the overdue reminder, went to the outbox. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    overdueRemindedAt: timestamp("overdue_reminded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("lease_dues_lease_idx").on(t.leaseId, t.dueDate),
    index("lease_dues_due_date_idx").on(t.dueDate),
    check("lease_dues_kind_check", sql`${t.kind} in (${inList(DUE_KINDS)})`),
    check("lease_dues_amount_check", sql`${t.amount} >= 0`),
    check(
      "lease_dues_period_check",
      sql`(${t.periodStart} is null) = (${t.periodEnd} is null) and (${t.periodEnd} is null or ${t.periodEnd} > ${t.periodStart})`,
    ),
  ],
);

/** Money received from a tenant, against one due (partial payments add up). */
export const leasePayments = pgTable(
  "lease_payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leaseId: integer("lease_id")
      .notNull()
      .references(() => leases.id, { onDelete: "cascade" }),
    dueId: integer("due_id").references(() => leaseDues.id, { onDelete: "set null" }),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    /** Whole baht. */
    amount: integer("amount").notNull(),
    method: text("method").notNull(),
    reference: text("reference").notNull().default(""),
    recordedBy: integer("recorded_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("lease_payments_lease_idx").on(t.leaseId, t.paidOn),
    index("lease_payments_due_idx").on(t.dueId),
    check("lease_payments_method_check", sql`${t.method} in (${inList(PAYMENT_METHODS)})`),
    check("lease_payments_amount_check", sql`${t.amount} > 0`),
  ],
);

/** What is kept from the deposit at the end, item by item, with the reason (and a photo). */
export const depositDeductions = pgTable(
  "deposit_deductions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leaseId: integer("lease_id")
      .notNull()
      .references(() => leases.id, { onDelete: "cascade" }),
    /** Whole baht. */
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    /** A photo through the upload pipeline, when one was added. */
    mediaKey: text("media_key"),
    /** A repair: the deposit may then be returned within the longer deadline. */
    isRepair: boolean("is_repair").notNull().default(false),
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("deposit_deductions_lease_idx").on(t.leaseId),
    check("deposit_deductions_amount_check", sql`${t.amount} > 0`),
  ],
);

/**
 * The desk's deadlines: a TM30 report to Immigration within 24 hours of a tenant's arrival.
 * `details` holds the reason; the passport facts are read from the tenant, never copied here.
 */
export const tasks = pgTable(
  "tasks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    leaseId: integer("lease_id")
      .notNull()
      .references(() => leases.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id").references(() => leaseTenants.id, { onDelete: "set null" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: integer("done_by").references(() => adminUsers.id, { onDelete: "set null" }),
    receiptNumber: text("receipt_number"),
    /** A photo of the receipt through the upload pipeline, when one was added. */
    receiptMediaKey: text("receipt_media_key"),
    details: jsonb("details").notNull().default({}),
    /** When the overdue alert went to the desk, so it goes once. */
    alertedAt: timestamp("alerted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("tasks_open_idx").on(t.dueAt).where(sql`${t.doneAt} is null`),
    index("tasks_lease_idx").on(t.leaseId),
    check("tasks_kind_check", sql`${t.kind} in (${inList(TASK_KINDS)})`),
    check(
      "tasks_done_check",
      sql`${t.doneAt} is null or (${t.receiptNumber} is not null and ${t.receiptNumber} <> '')`,
    ),
  ],
);

/**
 * A unit owner with an account of their own for the owner portal. Owner accounts and sessions
 * are never admin ones: separate tables, a separate cookie.
 */
export const owners = pgTable(
  "owners",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    language: text("language", { enum: OWNER_LANGUAGES }).notNull().default("en"),
    /** Where alerts go; an empty list means e-mail only when nothing else is set. */
    alertChannels: text("alert_channels").array().notNull().default(sql`'{email}'::text[]`),
    telegramChatId: text("telegram_chat_id"),
    lineUserId: text("line_user_id"),
    /** Country of tax residency, as the owner gave it; used by statements later. */
    residency: text("residency").notNull().default(""),
    /** Repair quotes above this many baht wait for the owner's approval. */
    approvalThresholdBaht: integer("approval_threshold_baht")
      .notNull()
      .default(DEFAULT_APPROVAL_THRESHOLD_BAHT),
    /** Null until the owner sets a password from the invitation link. */
    passwordHash: text("password_hash"),
    /** An optional second factor, as the admin's: the authenticator in force, or null. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** A new authenticator being set up; it replaces totp_secret only once a code confirms it. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last 30-second step whose code was accepted, so a code cannot be used twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("owners_email_key").on(sql`lower(${t.email})`),
    check("owners_language_check", sql`${t.language} in (${inList(OWNER_LANGUAGES)})`),
    check(
      "owners_alert_channels_check",
      sql`${t.alertChannels} <@ array[${inList(OWNER_ALERT_CHANNELS)}]::text[]`,
    ),
    check("owners_threshold_check", sql`${t.approvalThresholdBaht} >= 0`),
  ],
);

/** One-time recovery codes of an owner's second factor, stored as SHA-256 hashes. */
export const ownerRecoveryCodes = pgTable(
  "owner_recovery_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("owner_recovery_codes_owner_idx").on(t.ownerId)],
);

/** An owner's signed-in session; the cookie holds the token, this row its SHA-256. */
export const ownerSessions = pgTable(
  "owner_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("owner_sessions_owner_idx").on(t.ownerId),
    index("owner_sessions_expires_idx").on(t.expiresAt),
  ],
);

/** Single-use links that set an owner's password (invitation or reset), stored as SHA-256. */
export const ownerTokens = pgTable(
  "owner_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: OWNER_TOKEN_PURPOSES }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("owner_tokens_owner_idx").on(t.ownerId),
    check("owner_tokens_purpose_check", sql`${t.purpose} in (${inList(OWNER_TOKEN_PURPOSES)})`),
  ],
);

/** Who owns a unit, and how much of it: the shares of a unit add up to 100. */
export const unitOwners = pgTable(
  "unit_owners",
  {
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    sharePercent: integer("share_percent").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.ownerId] }),
    index("unit_owners_owner_idx").on(t.ownerId),
    check("unit_owners_share_check", sql`${t.sharePercent} between 1 and 100`),
  ],
);

/**
 * The program a unit is in: guaranteed return (property value in baht and start date; the rate,
 * term and free nights come from app/domain/owner-programs.ts) or revenue share.
 */
export const unitPrograms = pgTable(
  "unit_programs",
  {
    propertyId: integer("property_id")
      .primaryKey()
      .references(() => properties.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: OWNER_PROGRAM_KINDS }).notNull(),
    propertyValueBaht: bigint("property_value_baht", { mode: "number" }),
    startDate: date("start_date", { mode: "string" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("unit_programs_kind_check", sql`${t.kind} in (${inList(OWNER_PROGRAM_KINDS)})`),
    check(
      "unit_programs_guaranteed_check",
      sql`${t.kind} <> 'guaranteed' or (${t.propertyValueBaht} > 0 and ${t.startDate} is not null)`,
    ),
  ],
);

/**
 * An owner's request to block dates of their unit for themselves. Approved, it is an owner-block
 * stay (`stay_id`); refused, it keeps the reason.
 */
export const ownerStayRequests = pgTable(
  "owner_stay_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    status: text("status", { enum: OWNER_STAY_STATUSES }).notNull().default("pending"),
    stayId: integer("stay_id").references(() => stays.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => adminUsers.id, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("owner_stay_requests_property_idx").on(t.propertyId, t.startDate),
    index("owner_stay_requests_owner_idx").on(t.ownerId),
    check("owner_stay_requests_status_check", sql`${t.status} in (${inList(OWNER_STAY_STATUSES)})`),
    check("owner_stay_requests_dates_check", sql`${t.endDate} > ${t.startDate}`),
  ],
);

/**
 * A document for owners (management agreement, inspection report, insurance): of a unit (its
 * owners see it) or of one owner. The file is kept in media storage under `private/`, which the
 * public /media route refuses; only the portal's download, after an ownership check, serves it.
 */
export const ownerDocuments = pgTable(
  "owner_documents",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id").references(() => owners.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    category: text("category", { enum: OWNER_DOCUMENT_CATEGORIES }).notNull(),
    mediaKey: text("media_key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedBy: integer("uploaded_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("owner_documents_property_idx").on(t.propertyId),
    index("owner_documents_owner_idx").on(t.ownerId),
    check(
      "owner_documents_category_check",
      sql`${t.category} in (${inList(OWNER_DOCUMENT_CATEGORIES)})`,
    ),
    check("owner_documents_target_check", sql`num_nonnulls(${t.propertyId}, ${t.ownerId}) = 1`),
  ],
);

/**
 * A repair or maintenance ticket of a unit, opened by an owner or the desk. The quote (baht, and
 * a picture of the quote document through the upload pipeline) waits for the owners when above
 * their approval threshold; the final cost is kept for statements.
 */
export const repairTickets = pgTable(
  "repair_tickets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    stage: text("stage", { enum: REPAIR_STAGES }).notNull().default("reported"),
    quoteBaht: integer("quote_baht"),
    /** The stored picture (a variant's path) of the contractor's quote. */
    quoteKey: text("quote_key"),
    /** The threshold the quote was checked against, as it was then. */
    thresholdBaht: integer("threshold_baht"),
    finalCostBaht: integer("final_cost_baht"),
    openedByOwner: integer("opened_by_owner").references(() => owners.id, { onDelete: "set null" }),
    openedByAdmin: integer("opened_by_admin").references(() => adminUsers.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("repair_tickets_property_idx").on(t.propertyId, t.createdAt),
    check("repair_tickets_stage_check", sql`${t.stage} in (${inList(REPAIR_STAGES)})`),
    check("repair_tickets_quote_check", sql`${t.quoteBaht} is null or ${t.quoteBaht} >= 0`),
    check("repair_tickets_cost_check", sql`${t.finalCostBaht} is null or ${t.finalCostBaht} >= 0`),
  ],
);

/** A ticket's history: each stage reached or photo added, with who (desk user or owner) and when. */
export const repairEvents = pgTable(
  "repair_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => repairTickets.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REPAIR_EVENT_KINDS }).notNull(),
    actor: text("actor", { enum: REPAIR_ACTORS }).notNull(),
    adminId: integer("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    ownerId: integer("owner_id").references(() => owners.id, { onDelete: "set null" }),
    amountBaht: integer("amount_baht"),
    /** A photo's stored variant path (kind "photo"). */
    photoKey: text("photo_key"),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("repair_events_ticket_idx").on(t.ticketId, t.id),
    check("repair_events_kind_check", sql`${t.kind} in (${inList(REPAIR_EVENT_KINDS)})`),
    check("repair_events_actor_check", sql`${t.actor} in (${inList(REPAIR_ACTORS)})`),
  ],
);

/**
 * A move-in or move-out inspection of a lease's unit (one of each), which both parties sign on
 * its printed report.
 */
export const leaseInspections = pgTable(
  "lease_inspections",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leaseId: integer("lease_id")
      .notNull()
      .references(() => leases.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    inspectedOn: date("inspected_on", { mode: "string" }).notNull(),
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("lease_inspections_lease_kind_key").on(t.leaseId, t.kind),
    check("lease_inspections_kind_check", sql`${t.kind} in (${inList(INSPECTION_KINDS)})`),
  ],
);

/** A room's item on an inspection: its condition, notes and photos (media keys of uploads). */
export const leaseInspectionItems = pgTable(
  "lease_inspection_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    inspectionId: integer("inspection_id")
      .notNull()
      .references(() => leaseInspections.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    room: text("room").notNull(),
    item: text("item").notNull(),
    condition: text("condition").notNull().default("good"),
    notes: text("notes").notNull().default(""),
    photoKeys: text("photo_keys").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index("lease_inspection_items_inspection_idx").on(t.inspectionId, t.position),
    check(
      "lease_inspection_items_condition_check",
      sql`${t.condition} in (${inList(ITEM_CONDITIONS)})`,
    ),
    check(
      "lease_inspection_items_photos_check",
      sql`cardinality(${t.photoKeys}) <= ${sql.raw(String(MAX_ITEM_PHOTOS))}`,
    ),
  ],
);

/*
 * Owners' money (see docs/statements.md). Amounts are whole baht. A unit's ledger is: the rent
 * payments of its leases (read from lease_payments, never copied), the short stays below, the
 * expenses below and the final costs of its finished repair tickets. Statements copy the lines
 * they were made from, with the source's kind and id, so a published one never changes.
 */

/** A short stay's income: the price the guest paid, through a channel that took its commission. */
export const ledgerStays = pgTable(
  "ledger_stays",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** The calendar's stay, when the stay is on it. */
    stayId: integer("stay_id").references(() => stays.id, { onDelete: "set null" }),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    /** The first night not stayed; the income belongs to the month of check-out. */
    checkOut: date("check_out", { mode: "string" }).notNull(),
    channel: text("channel", { enum: STAY_CHANNELS }).notNull(),
    grossBaht: integer("gross_baht").notNull(),
    commissionBaht: integer("commission_baht").notNull().default(0),
    reference: text("reference").notNull().default(""),
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_stays_property_idx").on(t.propertyId, t.checkOut),
    check("ledger_stays_channel_check", sql`${t.channel} in (${inList(STAY_CHANNELS)})`),
    check("ledger_stays_dates_check", sql`${t.checkOut} > ${t.checkIn}`),
    check(
      "ledger_stays_money_check",
      sql`${t.grossBaht} between 1 and ${sql.raw(String(MAX_LINE_BAHT))} and ${t.commissionBaht} between 0 and ${t.grossBaht}`,
    ),
  ],
);

/** An expense of a unit, with its receipt (a stored upload) and who bears it. */
export const ledgerExpenses = pgTable(
  "ledger_expenses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    spentOn: date("spent_on", { mode: "string" }).notNull(),
    category: text("category", { enum: EXPENSE_CATEGORIES }).notNull(),
    vendor: text("vendor").notNull(),
    amountBaht: integer("amount_baht").notNull(),
    bearer: text("borne_by", { enum: EXPENSE_BEARERS }).notNull(),
    /** The receipt's media key (a picture's stored variant, or a private PDF). */
    receiptKey: text("receipt_key"),
    receiptType: text("receipt_type"),
    note: text("note").notNull().default(""),
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_expenses_property_idx").on(t.propertyId, t.spentOn),
    check("ledger_expenses_category_check", sql`${t.category} in (${inList(EXPENSE_CATEGORIES)})`),
    check("ledger_expenses_borne_by_check", sql`${t.bearer} in (${inList(EXPENSE_BEARERS)})`),
    check(
      "ledger_expenses_amount_check",
      sql`${t.amountBaht} between 1 and ${sql.raw(String(MAX_LINE_BAHT))}`,
    ),
    check(
      "ledger_expenses_receipt_check",
      sql`(${t.receiptKey} is null) = (${t.receiptType} is null)`,
    ),
  ],
);

/** Withholding tax on what an owner is paid: optional, a rate in basis points (500 = 5%). */
export const ownerWithholding = pgTable(
  "owner_withholding",
  {
    ownerId: integer("owner_id")
      .primaryKey()
      .references(() => owners.id, { onDelete: "cascade" }),
    basis: text("basis", { enum: WITHHOLDING_BASES }).notNull(),
    rateBp: integer("rate_bp").notNull(),
    updatedBy: integer("updated_by").references(() => adminUsers.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("owner_withholding_basis_check", sql`${t.basis} in (${inList(WITHHOLDING_BASES)})`),
    check(
      "owner_withholding_rate_check",
      sql`${t.rateBp} between 1 and ${sql.raw(String(MAX_WITHHOLDING_BP))}`,
    ),
  ],
);

/**
 * A unit's statement for a month (revenue share) or a quarter (guaranteed): draft → approved →
 * published → paid. Published, its figures and lines never change: a correction is a new
 * version (`supersedes_id`, `correction_reason`) of the same unit and period. `rates` holds the
 * display currencies' rates as they were at publication.
 */
export const ownerStatements = pgTable(
  "owner_statements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    program: text("program", { enum: OWNER_PROGRAM_KINDS }).notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    version: integer("version").notNull().default(1),
    supersedesId: integer("supersedes_id"),
    correctionReason: text("correction_reason"),
    status: text("status", { enum: STATEMENT_STATUSES }).notNull().default("draft"),
    gross: bigint("gross", { mode: "number" }).notNull(),
    commissions: bigint("commissions", { mode: "number" }).notNull(),
    expenses: bigint("expenses", { mode: "number" }).notNull(),
    net: bigint("net", { mode: "number" }).notNull(),
    ownerShare: bigint("owner_share", { mode: "number" }).notNull(),
    companyShare: bigint("company_share", { mode: "number" }).notNull(),
    withholding: bigint("withholding", { mode: "number" }).notNull(),
    payout: bigint("payout", { mode: "number" }).notNull(),
    /** The guaranteed program's inputs (value, start, days) or other facts of the computation. */
    details: jsonb("details").notNull().default({}),
    rates: jsonb("rates"),
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: integer("approved_by").references(() => adminUsers.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: integer("published_by").references(() => adminUsers.id, { onDelete: "set null" }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("owner_statements_version_key").on(t.propertyId, t.periodStart, t.version),
    uniqueIndex("owner_statements_open_key")
      .on(t.propertyId, t.periodStart)
      .where(sql`${t.status} in ('draft', 'approved')`),
    index("owner_statements_period_idx").on(t.periodStart, t.status),
    check("owner_statements_program_check", sql`${t.program} in (${inList(OWNER_PROGRAM_KINDS)})`),
    check("owner_statements_status_check", sql`${t.status} in (${inList(STATEMENT_STATUSES)})`),
    check("owner_statements_period_check", sql`${t.periodEnd} > ${t.periodStart}`),
    check(
      "owner_statements_version_check",
      sql`${t.version} >= 1 and (${t.version} = 1) = (${t.supersedesId} is null) and (${t.supersedesId} is null) = (${t.correctionReason} is null)`,
    ),
    check(
      "owner_statements_sums_check",
      sql`${t.net} = ${t.gross} - ${t.commissions} - ${t.expenses} and ${t.ownerShare} + ${t.companyShare} = ${t.net} and ${t.payout} = ${t.ownerShare} - ${t.withholding}`,
    ),
  ],
);

/** A statement's line, copied from its source in the ledger (kind and id kept for the link). */
export const ownerStatementLines = pgTable(
  "owner_statement_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    statementId: integer("statement_id")
      .notNull()
      .references(() => ownerStatements.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: STATEMENT_LINE_KINDS }).notNull(),
    on: date("on", { mode: "string" }).notNull(),
    label: text("label").notNull(),
    /** Whole baht, positive; the kind says whether it adds or takes away. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    sourceKind: text("source_kind", { enum: LINE_SOURCE_KINDS }),
    sourceId: integer("source_id"),
    details: jsonb("details").notNull().default({}),
  },
  (t) => [
    uniqueIndex("owner_statement_lines_position_key").on(t.statementId, t.position),
    index("owner_statement_lines_source_idx").on(t.sourceKind, t.sourceId),
    check("owner_statement_lines_kind_check", sql`${t.kind} in (${inList(STATEMENT_LINE_KINDS)})`),
    check(
      "owner_statement_lines_source_check",
      sql`(${t.sourceKind} is null) = (${t.sourceId} is null) and (${t.sourceKind} is null or ${t.sourceKind} in (${inList(LINE_SOURCE_KINDS)}))`,
    ),
    check("owner_statement_lines_amount_check", sql`${t.amount} >= 0`),
  ],
);

/**
 * Each owner's part of a statement: their share of the owners' part, withholding at their rate
 * then, and the payout, with the payout's date, method and reference once the desk records it.
 */
export const ownerStatementParts = pgTable(
  "owner_statement_parts",
  {
    statementId: integer("statement_id")
      .notNull()
      .references(() => ownerStatements.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    sharePercent: integer("share_percent").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    withholdingBp: integer("withholding_bp").notNull().default(0),
    withholding: bigint("withholding", { mode: "number" }).notNull(),
    payout: bigint("payout", { mode: "number" }).notNull(),
    paidOn: date("paid_on", { mode: "string" }),
    payoutMethod: text("payout_method", { enum: PAYOUT_METHODS }),
    payoutReference: text("payout_reference"),
    paidRecordedBy: integer("paid_recorded_by").references(() => adminUsers.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    primaryKey({ columns: [t.statementId, t.ownerId] }),
    index("owner_statement_parts_owner_idx").on(t.ownerId),
    check("owner_statement_parts_share_check", sql`${t.sharePercent} between 1 and 100`),
    check("owner_statement_parts_payout_check", sql`${t.payout} = ${t.amount} - ${t.withholding}`),
    check(
      "owner_statement_parts_paid_check",
      sql`(${t.paidOn} is null) = (${t.payoutMethod} is null) and (${t.payoutMethod} is null or ${t.payoutMethod} in (${inList(PAYOUT_METHODS)}))`,
    ),
  ],
);

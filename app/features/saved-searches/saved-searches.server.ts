/**
 * Saved searches: stored with an address (one row per address and filters), confirmed by a link
 * (double opt-in), and checked daily for units that are new to them. Every message goes through
 * the leads' outbox, written in the same transaction as the change that causes it.
 */
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { findEmailToken, mintEmailToken } from "../../db/email-tokens.server.ts";
import { liftOnConfirmation, suppressionOf } from "../../db/mail-consent.server.ts";
import { takeReplyAllowance } from "../../db/reply-caps.server.ts";
import {
  emailSuppressions,
  outbox,
  properties,
  savedSearches,
  savedSearchUnits,
} from "../../db/schema.ts";
import { isOneOf } from "../../domain/values.ts";
import { LANGUAGES, type Language } from "../../i18n/languages.ts";
import type { NotificationConfig } from "../../lib/config.server.ts";
import type { Contacts } from "../../lib/contacts.ts";
import { matchesFilters } from "../listings/filters.ts";
import type { SearchFilters } from "./filter-summary.ts";
import {
  type AlertUnit,
  alertEmail,
  confirmationEmail,
  searchLinks,
} from "./saved-search-messages.ts";
import { readFilters } from "./search-filters.ts";

/** A confirmation link works this many days after its mail was written. */
export const CONFIRM_DAYS = 7;
/** Saving the same search again writes a new confirmation mail at most this often. */
export const RESEND_AFTER_MS = 10 * 60 * 1000;
/** A search never confirmed, or unsubscribed from, is deleted this many days later. */
export const FORGET_AFTER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SearchMailSettings {
  publicUrl: string;
  contacts: Contacts;
  notifications: NotificationConfig;
}

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

const languageOf = (value: string): Language => (isOneOf(LANGUAGES, value) ? value : "en");

/** The confirmation is transactional (asked for just now): only a hard bounce stops it. */
async function isSuppressed(tx: Tx | AppDatabase, email: string): Promise<boolean> {
  return (await suppressionOf(tx, email, "transactional")) !== null;
}

async function enqueueConfirmation(
  tx: Tx,
  search: { id: number; email: string; language: Language; filters: string },
  settings: SearchMailSettings | undefined,
  now: Date,
): Promise<boolean> {
  const filters = readFilters(search.filters);
  if (!settings?.notifications.email || !filters || (await isSuppressed(tx, search.email)))
    return false;
  // One confirmation an address a day, whatever the filters; within the address's daily cap.
  if (!(await takeReplyAllowance(tx, search.email, "search-confirm", now))) return false;
  // A confirm token of its own: it never unsubscribes, and an unsubscribe link never confirms.
  const token = await mintEmailToken(
    tx,
    "search-confirm",
    { email: search.email, savedSearchId: search.id },
    now,
  );
  const message = confirmationEmail({
    email: search.email,
    language: search.language,
    filters,
    links: searchLinks(settings.publicUrl, token, search.filters, search.language),
    contacts: settings.contacts,
    expiresInDays: CONFIRM_DAYS,
  });
  await tx.insert(outbox).values({
    channel: "email",
    purpose: "search-confirm",
    savedSearchId: search.id,
    payload: message,
  });
  return true;
}

/**
 * Stores a search, or finds the one with the same address and filters. A new search, one the
 * visitor had unsubscribed from, and one still unconfirmed whose last mail is older than
 * RESEND_AFTER_MS get a confirmation mail; a confirmed one is left as it is. The answer is the
 * same either way, so the form tells nobody what an address has saved.
 */
export async function saveSearch(
  db: AppDatabase,
  input: { email: string; filters: string; language: Language; sourcePage: string | null },
  /** Unset, or without e-mail configured: the search is stored and no mail is written. */
  settings: SearchMailSettings | undefined,
  now: Date = new Date(),
): Promise<{ id: number; created: boolean; mailed: boolean }> {
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(savedSearches)
      .values({
        email,
        filters: input.filters,
        language: input.language,
        sourcePage: input.sourcePage,
        createdAt: now,
        confirmationSentAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      const mailed = await enqueueConfirmation(
        tx,
        { ...inserted, language: input.language },
        settings,
        now,
      );
      return { id: inserted.id, created: true, mailed };
    }
    const [existing] = await tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.email, email), eq(savedSearches.filters, input.filters)))
      .for("update");
    if (!existing) throw new Error("The saved search was neither stored nor found");
    const active = existing.confirmedAt !== null && existing.unsubscribedAt === null;
    const recentlyMailed =
      existing.confirmedAt === null &&
      now.getTime() - existing.confirmationSentAt.getTime() < RESEND_AFTER_MS;
    if (active || recentlyMailed) return { id: existing.id, created: false, mailed: false };
    // Unsubscribed before, or its link is old: asked again, it is confirmed again.
    const [renewed] = await tx
      .update(savedSearches)
      .set({
        language: input.language,
        confirmationSentAt: now,
        confirmedAt: null,
        unsubscribedAt: null,
      })
      .where(eq(savedSearches.id, existing.id))
      .returning();
    if (!renewed) throw new Error("The saved search vanished");
    const mailed = await enqueueConfirmation(
      tx,
      { ...renewed, language: input.language },
      settings,
      now,
    );
    return { id: existing.id, created: false, mailed };
  });
}

export interface SearchByToken {
  id: number;
  email: string;
  language: Language;
  filters: SearchFilters;
  confirmed: boolean;
  unsubscribed: boolean;
  expired: boolean;
}

/** The search a link's token of `step` names (a confirm token, or an unsubscribe token). */
export async function findSearchByToken(
  db: AppDatabase,
  token: string,
  step: "confirm" | "unsubscribe",
  now: Date = new Date(),
): Promise<SearchByToken | null> {
  const found = await findEmailToken(
    db,
    step === "confirm" ? "search-confirm" : "search-unsubscribe",
    token,
  );
  if (!found?.savedSearchId) return null;
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.id, found.savedSearchId));
  const filters = row ? readFilters(row.filters) : null;
  if (!row || !filters) return null;
  return {
    id: row.id,
    email: row.email,
    language: languageOf(row.language),
    filters,
    confirmed: row.confirmedAt !== null,
    unsubscribed: row.unsubscribedAt !== null,
    expired:
      row.confirmedAt === null &&
      now.getTime() - row.confirmationSentAt.getTime() > CONFIRM_DAYS * DAY_MS,
  };
}

interface UnitRow extends AlertUnit {
  id: number;
  status: (typeof properties.$inferSelect)["status"];
  type: (typeof properties.$inferSelect)["type"];
  location: string;
}

async function loadUnits(db: Tx | AppDatabase): Promise<UnitRow[]> {
  return db
    .select({
      id: properties.id,
      slug: properties.slug,
      name: properties.name,
      building: properties.building,
      unitCode: properties.unitCode,
      bedrooms: properties.bedrooms,
      pricingYearly: properties.pricingYearly,
      status: properties.status,
      type: properties.type,
      location: properties.location,
    })
    .from(properties)
    .orderBy(desc(properties.pricingYearly), sql`${properties.slug} collate "C"`);
}

/** The units a search shows now: its status tab and its filters, the listing's own rules. */
function matching(units: UnitRow[], filters: SearchFilters): UnitRow[] {
  return units.filter(
    (u) =>
      u.status === filters.status &&
      matchesFilters({ ...u, pricing: { yearly: u.pricingYearly } }, filters),
  );
}

export type ConfirmOutcome = "confirmed" | "expired" | "unsubscribed" | "invalid";

/**
 * Confirms a search (again is harmless). The units it matches at that moment are marked as seen:
 * its first alert lists only units that come after.
 */
export async function confirmSearch(
  db: AppDatabase,
  token: string,
  now: Date = new Date(),
): Promise<ConfirmOutcome> {
  const search = await findSearchByToken(db, token, "confirm", now);
  if (!search) return "invalid";
  if (search.unsubscribed) return "unsubscribed";
  if (search.confirmed) return "confirmed";
  if (search.expired) return "expired";
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(savedSearches)
      .set({ confirmedAt: now, lastCheckedAt: now })
      .where(and(eq(savedSearches.id, search.id), isNull(savedSearches.confirmedAt)))
      .returning({ id: savedSearches.id });
    if (updated.length === 0) return;
    // The link reached the address and asks for alerts: its bounces and "stop all marketing" end.
    await liftOnConfirmation(tx, search.email, ["marketing"]);
    const seen = matching(await loadUnits(tx), search.filters);
    if (seen.length > 0)
      await tx
        .insert(savedSearchUnits)
        .values(seen.map((u) => ({ savedSearchId: search.id, propertyId: u.id })))
        .onConflictDoNothing();
  });
  return "confirmed";
}

/** A new unsubscribe token for the search `id` (for a link on a page or in a mail). */
export async function unsubscribeTokenFor(
  db: Tx | AppDatabase,
  search: { id: number; email: string },
  now: Date = new Date(),
): Promise<string> {
  return mintEmailToken(
    db,
    "search-unsubscribe",
    { email: search.email, savedSearchId: search.id },
    now,
  );
}

/** Stops a search's alerts; true when the unsubscribe token names a search. */
export async function unsubscribeSearch(
  db: AppDatabase,
  token: string,
  now: Date = new Date(),
): Promise<boolean> {
  const found = await findEmailToken(db, "search-unsubscribe", token);
  if (!found?.savedSearchId) return false;
  await db
    .update(savedSearches)
    .set({ unsubscribedAt: now })
    .where(and(eq(savedSearches.id, found.savedSearchId), isNull(savedSearches.unsubscribedAt)));
  return true;
}

/**
 * The daily round: for each confirmed, subscribed search whose address has not unsubscribed
 * from all mail, the units that match it now and that it has not seen are written into one
 * e-mail (in its language) and marked as seen, in one transaction per search. Nothing new:
 * nothing written. Running it twice sends nothing twice.
 */
export async function sendSearchAlerts(
  db: AppDatabase,
  settings: SearchMailSettings,
  now: Date = new Date(),
): Promise<{ checked: number; mailed: number }> {
  if (!settings.notifications.email) return { checked: 0, mailed: 0 };
  const units = await loadUnits(db);
  const searches = await db
    .select()
    .from(savedSearches)
    .where(
      and(
        isNotNull(savedSearches.confirmedAt),
        isNull(savedSearches.unsubscribedAt),
        // Alerts are marketing: stopped by "stop all marketing" or a marketing bounce.
        sql`not exists (select 1 from ${emailSuppressions} where ${emailSuppressions.email} = ${savedSearches.email} and ${emailSuppressions.scope} = 'marketing')`,
      ),
    )
    .orderBy(savedSearches.id);
  let mailed = 0;
  for (const search of searches) {
    const filters = readFilters(search.filters);
    if (!filters) continue;
    const language = languageOf(search.language);
    const sent = await db.transaction(async (tx) => {
      // A second round running at once (it should not, under the lock) waits here, then sees
      // what this one marked as seen.
      await tx
        .select({ id: savedSearches.id })
        .from(savedSearches)
        .where(eq(savedSearches.id, search.id))
        .for("update");
      const seen = new Set(
        (
          await tx
            .select({ id: savedSearchUnits.propertyId })
            .from(savedSearchUnits)
            .where(eq(savedSearchUnits.savedSearchId, search.id))
        ).map((r) => r.id),
      );
      const fresh = matching(units, filters).filter((u) => !seen.has(u.id));
      if (fresh.length > 0) {
        const unsubscribe = await unsubscribeTokenFor(tx, search, now);
        const message = alertEmail({
          email: search.email,
          language,
          filters,
          units: fresh,
          links: searchLinks(settings.publicUrl, unsubscribe, search.filters, language),
          publicUrl: settings.publicUrl,
          contacts: settings.contacts,
        });
        await tx.insert(outbox).values({
          channel: "email",
          purpose: "search-alert",
          savedSearchId: search.id,
          payload: message,
        });
        await tx
          .insert(savedSearchUnits)
          .values(fresh.map((u) => ({ savedSearchId: search.id, propertyId: u.id, sentAt: now })))
          .onConflictDoNothing();
      }
      await tx
        .update(savedSearches)
        .set({ lastCheckedAt: now, ...(fresh.length > 0 ? { lastSentAt: now } : {}) })
        .where(eq(savedSearches.id, search.id));
      return fresh.length > 0;
    });
    if (sent) mailed++;
  }
  return { checked: searches.length, mailed };
}

/**
 * Deletes the searches nobody wants: never confirmed and their last confirmation mail older
 * than FORGET_AFTER_DAYS, or unsubscribed from that long ago. Their addresses go with them (what
 * they had seen goes by cascade; an outbox message keeps its text and loses the link).
 */
export async function forgetStaleSearches(
  db: AppDatabase,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - FORGET_AFTER_DAYS * DAY_MS);
  const gone = await db
    .delete(savedSearches)
    .where(
      sql`(${savedSearches.confirmedAt} is null and ${savedSearches.confirmationSentAt} < ${before})
        or ${savedSearches.unsubscribedAt} < ${before}`,
    )
    .returning({ id: savedSearches.id });
  return gone.length;
}

export type SearchState = "pending" | "expired" | "confirmed" | "unsubscribed";

export interface AdminSavedSearch {
  id: number;
  email: string;
  filters: SearchFilters | null;
  rawFilters: string;
  language: Language;
  state: SearchState;
  createdAt: string;
  confirmedAt: string | null;
  lastSentAt: string | null;
  unitsSent: number;
}

/** Every saved search for the admin, newest first, with counts by state. */
export async function listSavedSearches(db: AppDatabase, now: Date = new Date()) {
  const rows = await db
    .select({
      search: savedSearches,
      unitsSent: sql<number>`(select count(*)::int from ${savedSearchUnits} where ${savedSearchUnits.savedSearchId} = ${savedSearches.id} and ${savedSearchUnits.sentAt} is not null)`,
    })
    .from(savedSearches)
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  const searches: AdminSavedSearch[] = rows.map(({ search: s, unitsSent }) => ({
    id: s.id,
    email: s.email,
    filters: readFilters(s.filters),
    rawFilters: s.filters,
    language: languageOf(s.language),
    state: s.unsubscribedAt
      ? "unsubscribed"
      : s.confirmedAt
        ? "confirmed"
        : now.getTime() - s.confirmationSentAt.getTime() > CONFIRM_DAYS * DAY_MS
          ? "expired"
          : "pending",
    createdAt: s.createdAt.toISOString(),
    confirmedAt: s.confirmedAt?.toISOString() ?? null,
    lastSentAt: s.lastSentAt?.toISOString() ?? null,
    unitsSent: Number(unitsSent),
  }));
  const counts = { pending: 0, expired: 0, confirmed: 0, unsubscribed: 0 };
  for (const s of searches) counts[s.state]++;
  return { searches, counts, total: searches.length };
}

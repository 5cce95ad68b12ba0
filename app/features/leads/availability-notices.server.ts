/**
 * "Notify me when it is free", kept. In the daily round of saved searches, each open request of
 * the last year whose unit is now free for the wanted date (no stay in the MIN_FREE_DAYS from
 * it, so a lease of a month fits; a unit whose status the desk set by hand must say available
 * from then) gets one e-mail in the visitor's language, with the free dates and the unit's page.
 * One per request: the outbox row (purpose availability-notice) is the mark, written in the
 * transaction that checks there is none, under the lead's row lock; the lead's page shows it.
 * The notice is marketing: "stop all marketing" or a marketing bounce stops it, and its own link
 * stops all marketing. Within the recipient's daily caps; over them, the next round tries again.
 */
import { and, eq, gt, gte, isNotNull, lt, min, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { mintEmailToken } from "../../db/email-tokens.server.ts";
import { suppressionOf } from "../../db/mail-consent.server.ts";
import { takeReplyAllowance } from "../../db/reply-caps.server.ts";
import { leads, outbox, properties, stays } from "../../db/schema.ts";
import { businessToday, isIsoDay, plusDays } from "../../domain/date-time.ts";
import type { Language } from "../../i18n/languages.ts";
import type { NotificationConfig } from "../../lib/config.server.ts";
import type { Contacts } from "../../lib/contacts.ts";
import { availabilityNoticeEmail } from "./lead-messages.ts";
import { newsletterUnsubscribeUrl } from "./unsubscribe.server.ts";

/** The shortest lease (a month): a unit is free for a date when this many days from it are. */
export const MIN_FREE_DAYS = 30;
/** Requests older than this are not followed any more. */
export const NOTICE_MAX_AGE_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface NoticeSettings {
  publicUrl: string;
  contacts: Contacts;
  notifications: NotificationConfig;
}

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

interface Candidate {
  id: number;
  email: string;
  language: string;
  inputs: unknown;
  createdAt: Date;
  propertyId: number;
}

/** The free stretch of a unit from `day`: null when a stay falls in the first MIN_FREE_DAYS. */
async function freeStretch(
  tx: Tx,
  unit: { id: number; status: string; availableFrom: string | null; statusOverride: boolean },
  day: string,
): Promise<{ from: string; until: string | null } | null> {
  if (unit.statusOverride) {
    // The desk set the status by hand: it wins over the calendar.
    const from = unit.availableFrom;
    const free =
      (unit.status === "available" && (from === null || from <= day)) ||
      (unit.status === "soon" && from !== null && from <= day);
    if (!free) return null;
  }
  const end = plusDays(day, MIN_FREE_DAYS);
  const [busy] = await tx
    .select({ id: stays.id })
    .from(stays)
    .where(and(eq(stays.propertyId, unit.id), lt(stays.startDate, end), gt(stays.endDate, day)))
    .limit(1);
  if (busy) return null;
  const [next] = await tx
    .select({ start: min(stays.startDate) })
    .from(stays)
    .where(and(eq(stays.propertyId, unit.id), gte(stays.startDate, end)));
  return { from: day, until: next?.start ? plusDays(next.start, -1) : null };
}

async function noticeFor(
  db: AppDatabase,
  candidate: Candidate,
  settings: NoticeSettings,
  now: Date,
): Promise<boolean> {
  const today = businessToday(now);
  const inputs = (candidate.inputs ?? {}) as Record<string, unknown>;
  const wanted =
    typeof inputs.wantedFrom === "string" && isIsoDay(inputs.wantedFrom) ? inputs.wantedFrom : "";
  const day = wanted > today ? wanted : today;
  return db.transaction(async (tx) => {
    // The lead's row lock: a second round at once waits here, then finds the notice written.
    const [lead] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.id, candidate.id))
      .for("update");
    if (!lead) return false;
    const [already] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.leadId, candidate.id), eq(outbox.purpose, "availability-notice")));
    if (already) return false;
    const [unit] = await tx
      .select({
        id: properties.id,
        name: properties.name,
        slug: properties.slug,
        building: properties.building,
        unitCode: properties.unitCode,
        status: properties.status,
        availableFrom: properties.availableFrom,
        statusOverride: properties.statusOverride,
      })
      .from(properties)
      .where(eq(properties.id, candidate.propertyId));
    if (!unit) return false;
    const stretch = await freeStretch(tx, unit, day);
    if (!stretch) return false;
    if (await suppressionOf(tx, candidate.email, "marketing")) return false;
    if (!(await takeReplyAllowance(tx, candidate.email, "availability-notice", now))) return false;
    const language: Language = candidate.language === "ru" ? "ru" : "en";
    const token = await mintEmailToken(
      tx,
      "marketing-unsubscribe",
      { email: candidate.email },
      now,
    );
    const message = availabilityNoticeEmail({
      email: candidate.email,
      language,
      unit,
      freeFrom: stretch.from,
      freeUntil: stretch.until,
      askedOn: businessToday(candidate.createdAt),
      publicUrl: settings.publicUrl,
      contacts: settings.contacts,
      unsubscribeUrl: newsletterUnsubscribeUrl(settings.publicUrl, token, language),
    });
    await tx.insert(outbox).values({
      channel: "email",
      purpose: "availability-notice",
      leadId: candidate.id,
      payload: message,
    });
    return true;
  });
}

/**
 * The round: every open "notify me" request of the last year without its notice, checked
 * against its unit's calendar now. Returns how many notices were written.
 */
export async function sendAvailabilityNotices(
  db: AppDatabase,
  settings: NoticeSettings,
  now: Date = new Date(),
): Promise<{ checked: number; mailed: number }> {
  if (!settings.notifications.email) return { checked: 0, mailed: 0 };
  const candidates = await db
    .select({
      id: leads.id,
      email: leads.email,
      language: leads.language,
      inputs: leads.inputs,
      createdAt: leads.createdAt,
      propertyId: leads.propertyId,
    })
    .from(leads)
    .where(
      and(
        eq(leads.kind, "availability-alert"),
        isNotNull(leads.email),
        isNotNull(leads.propertyId),
        sql`${leads.stage} not in ('won', 'lost')`,
        gt(leads.createdAt, new Date(now.getTime() - NOTICE_MAX_AGE_DAYS * DAY_MS)),
        sql`not exists (select 1 from ${outbox} where ${outbox.leadId} = ${leads.id} and ${outbox.purpose} = 'availability-notice')`,
      ),
    )
    .orderBy(leads.id);
  let mailed = 0;
  for (const c of candidates) {
    if (!c.email || c.propertyId === null) continue;
    const candidate: Candidate = { ...c, email: c.email, propertyId: c.propertyId };
    if (await noticeFor(db, candidate, settings, now)) mailed++;
  }
  return { checked: candidates.length, mailed };
}

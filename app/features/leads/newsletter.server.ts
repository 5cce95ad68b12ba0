/**
 * The newsletter, double opt-in: a signup stores the lead (the desk is told) and sends one mail
 * with a confirmation link; only that link subscribes. An address that unsubscribed stays
 * suppressed until a confirmation sent to it is used: nobody can undo someone else's unsubscribe
 * by signing them up again.
 */
import { and, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { findEmailToken, mintEmailToken } from "../../db/email-tokens.server.ts";
import { liftOnConfirmation, suppressionOf } from "../../db/mail-consent.server.ts";
import { takeReplyAllowance } from "../../db/reply-caps.server.ts";
import { leads, outbox } from "../../db/schema.ts";
import { type Language, localizePath } from "../../i18n/languages.ts";
import { type LeadForMessages, newsletterConfirmationEmail, replyEmail } from "./lead-messages.ts";
import type { LeadSource } from "./lead-source.ts";
import { enqueueLeadMessages, type MessageSettings } from "./outbox.server.ts";
import { newsletterUnsubscribeUrl } from "./unsubscribe.server.ts";

/** A confirmation link works this many days after its mail was written. */
export const NEWSLETTER_CONFIRM_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

const NO_SOURCE: LeadSource = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  referrer: null,
};

function leadForMessages(
  id: number,
  email: string,
  language: Language,
  sourcePage: string | null,
  source: LeadSource,
): Omit<LeadForMessages, "unit"> & { propertyId: null; email: string } {
  return {
    id,
    kind: "newsletter",
    name: null,
    email,
    phone: null,
    message: null,
    propertyId: null,
    inputs: {},
    language,
    sourcePage,
    utm: { source: source.utmSource, medium: source.utmMedium, campaign: source.utmCampaign },
    referrer: source.referrer,
  };
}

/** The newsletter stops for an address that left it, stopped all marketing, or bounced. */
async function isSuppressed(tx: Tx | AppDatabase, email: string): Promise<boolean> {
  return (await suppressionOf(tx, email, "marketing", "newsletter")) !== null;
}

export function newsletterConfirmUrl(publicUrl: string, token: string, lang: Language): string {
  return `${publicUrl}${localizePath("/newsletter/confirm", lang)}?token=${token}`;
}

/**
 * A signup: one lead per address (any letter case; a partial unique index holds it), the desk's
 * alerts for a new one, and a confirmation mail unless the address is already subscribed. The
 * mail counts against the address's daily caps; the suppression list is left as it is.
 */
export async function subscribeToNewsletter(
  db: AppDatabase,
  subscription: {
    email: string;
    language: Language;
    sourcePage: string | null;
    source?: LeadSource;
  },
  messages?: MessageSettings,
  now: Date = new Date(),
): Promise<{ created: boolean; mailed: boolean }> {
  const email = subscription.email.toLowerCase();
  const source = subscription.source ?? NO_SOURCE;
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(leads)
      .values({
        kind: "newsletter",
        email,
        inputs: { consent: true },
        language: subscription.language,
        sourcePage: subscription.sourcePage,
        ...source,
      })
      .onConflictDoNothing()
      .returning({ id: leads.id });
    const [lead] = inserted
      ? [{ id: inserted.id, confirmedAt: null }]
      : await tx
          .select({ id: leads.id, confirmedAt: leads.confirmedAt })
          .from(leads)
          .where(and(eq(leads.kind, "newsletter"), sql`lower(${leads.email}) = ${email}`));
    if (!lead) throw new Error("The subscription was neither stored nor found");
    const created = inserted !== undefined;
    const lang = subscription.language;
    const details = leadForMessages(lead.id, email, lang, subscription.sourcePage, source);
    // The desk hears of a new signup; enqueueLeadMessages writes no reply for a newsletter lead.
    if (messages && created) await enqueueLeadMessages(tx, details, messages);
    const subscribed = lead.confirmedAt !== null && !(await isSuppressed(tx, email));
    if (!messages?.notifications.email || subscribed) return { created, mailed: false };
    // The confirmation is transactional: only an earlier hard bounce of the address stops it.
    if (await suppressionOf(tx, email, "transactional")) return { created, mailed: false };
    if (!(await takeReplyAllowance(tx, email, "newsletter", now)))
      return { created, mailed: false };
    const token = await mintEmailToken(tx, "newsletter-confirm", { email }, now);
    const message = newsletterConfirmationEmail({
      email,
      language: lang,
      confirmUrl: newsletterConfirmUrl(messages.publicUrl, token, lang),
      contacts: messages.contacts,
      expiresInDays: NEWSLETTER_CONFIRM_DAYS,
    });
    await tx
      .insert(outbox)
      .values({ channel: "email", purpose: "reply", leadId: lead.id, payload: message });
    return { created, mailed: true };
  });
}

export type NewsletterConfirmOutcome =
  | { status: "confirmed"; email: string }
  | { status: "ask"; email: string }
  | { status: "expired" | "invalid" };

/** What a confirmation token would do, without doing it (GET: mail scanners open links). */
export async function readNewsletterConfirmation(
  db: AppDatabase,
  token: unknown,
  now: Date = new Date(),
): Promise<NewsletterConfirmOutcome> {
  const found = await findEmailToken(db, "newsletter-confirm", token);
  if (!found) return { status: "invalid" };
  if (now.getTime() - found.createdAt.getTime() > NEWSLETTER_CONFIRM_DAYS * DAY_MS)
    return { status: "expired" };
  return { status: "ask", email: found.email };
}

/**
 * Confirms a subscription (again is harmless): marks the lead confirmed, lifts the address's
 * suppression (the confirmation was sent to it, so its owner asked), and writes the welcome mail
 * with a one-click unsubscribe link, the first time only.
 */
export async function confirmNewsletter(
  db: AppDatabase,
  token: unknown,
  messages?: MessageSettings,
  now: Date = new Date(),
): Promise<NewsletterConfirmOutcome> {
  const checked = await readNewsletterConfirmation(db, token, now);
  if (checked.status !== "ask") return checked;
  const email = checked.email;
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, confirmedAt: leads.confirmedAt, language: leads.language })
      .from(leads)
      .where(and(eq(leads.kind, "newsletter"), sql`lower(${leads.email}) = ${email}`))
      .for("update");
    if (!lead) return { status: "invalid" } as const;
    // The link reached the address: its bounces are over, and asking for the newsletter again
    // undoes its unsubscribes from the newsletter and from all marketing.
    const lifted = await liftOnConfirmation(tx, email, ["newsletter", "marketing"]);
    if (lead.confirmedAt !== null && lifted === 0) return { status: "confirmed", email };
    await tx.update(leads).set({ confirmedAt: now }).where(eq(leads.id, lead.id));
    if (messages?.notifications.email) {
      const lang: Language = lead.language === "ru" ? "ru" : "en";
      const stop = await mintEmailToken(tx, "newsletter-unsubscribe", { email }, now);
      const unsubscribe = newsletterUnsubscribeUrl(messages.publicUrl, stop, lang);
      const welcome = replyEmail(
        { ...leadForMessages(lead.id, email, lang, null, NO_SOURCE), unit: null },
        messages.publicUrl,
        messages.contacts,
        unsubscribe,
      );
      await tx.insert(outbox).values({
        channel: "email",
        purpose: "reply",
        leadId: lead.id,
        payload: { ...welcome, oneClickUnsubscribe: true, kind: "marketing" },
      });
    }
    return { status: "confirmed", email };
  });
}

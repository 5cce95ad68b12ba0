/**
 * News for owners, written to the outbox in the caller's transaction: one function, alertOwner,
 * that every portal event calls (a stay decided, a quote waiting, a repair done, a document
 * added, a statement published; a new event adds a case to OwnerAlertEvent and its texts).
 *
 * The text is the owner's language, from the catalogues, and goes to each channel the owner
 * chose that can reach them: e-mail (SMTP set), their own Telegram chat (the site's bot set and
 * a chat id stored), LINE (a channel access token set and a user id stored). When none of the
 * chosen channels can, e-mail is used, so no owner misses news silently. A disabled owner gets
 * nothing. The outbox worker sends and retries these rows like every other message.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { outbox, owners, unitOwners } from "../../db/schema.ts";
import { plusDays } from "../../domain/date-time.ts";
import type { OwnerLanguage } from "../../domain/owners.ts";
import { createI18n } from "../../i18n/messages.server.ts";
import type { TranslationKey } from "../../i18n/translate.ts";
import type { NotificationConfig } from "../../lib/config.server.ts";
import { formatBaht, formatDate } from "../../lib/format.ts";
import { type OwnerMailSettings, portalUrl } from "./owner-messages.server.ts";

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** The same cut as the desk's Telegram alerts; LINE takes 5,000, Telegram 4,096. */
export const OWNER_CHAT_TEXT_LIMIT = 4000;
/** A name or title put into a text is cut here, whatever the stored limit was. */
const VALUE_LIMIT = 200;

export type OwnerAlertEvent =
  | {
      kind: "stay-decided";
      approved: boolean;
      unitName: string;
      startDate: string;
      endDate: string;
    }
  | { kind: "quote-waiting"; ticketId: number; unitName: string; title: string; baht: number }
  | { kind: "repair-done"; ticketId: number; unitName: string; title: string; baht: number }
  | { kind: "document-added"; title: string; unitName: string | null }
  | {
      kind: "statement-published";
      statementId: number;
      version: number;
      unitName: string;
      periodStart: string;
      periodEnd: string;
      /** This owner's payout on it, in baht. */
      payout: number;
    };

export interface OwnerAlertText {
  subject: string;
  text: string;
}

/**
 * A value from the database made safe for a plain-text message: control characters and
 * direction overrides removed (they could fake a line or reverse a figure), runs of space
 * folded, and cut at VALUE_LIMIT characters.
 */
export function plainValue(value: string): string {
  const clean = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > VALUE_LIMIT ? `${clean.slice(0, VALUE_LIMIT - 1)}…` : clean;
}

function bounded(text: string): string {
  return text.length > OWNER_CHAT_TEXT_LIMIT
    ? `${text.slice(0, OWNER_CHAT_TEXT_LIMIT - 1)}…`
    : text;
}

/** The subject and text of one event, in one language, with its link into the portal. */
export function ownerAlertText(
  event: OwnerAlertEvent,
  owner: { name: string; language: OwnerLanguage },
  publicUrl: string,
): OwnerAlertText {
  const lang = owner.language;
  const { t } = createI18n(lang);
  const name = plainValue(owner.name);
  const say = (subject: TranslationKey, text: TranslationKey, vars: Record<string, string>) => ({
    subject: bounded(t(subject, { name, ...vars })),
    text: bounded(t(text, { name, ...vars })),
  });
  switch (event.kind) {
    case "stay-decided": {
      const vars = {
        unit: plainValue(event.unitName),
        from: formatDate(event.startDate, lang),
        to: formatDate(event.endDate, lang),
        link: portalUrl(publicUrl, lang),
      };
      return event.approved
        ? say("ownerMail.stayApprovedSubject", "ownerMail.stayApprovedText", vars)
        : say("ownerMail.stayRefusedSubject", "ownerMail.stayRefusedText", vars);
    }
    case "quote-waiting":
    case "repair-done": {
      const vars = {
        unit: plainValue(event.unitName),
        title: plainValue(event.title),
        amount: formatBaht(event.baht, lang),
        link: portalUrl(publicUrl, lang, `/repairs/${event.ticketId}`),
      };
      return event.kind === "quote-waiting"
        ? say("ownerMail.quoteSubject", "ownerMail.quoteText", vars)
        : say("ownerMail.repairDoneSubject", "ownerMail.repairDoneText", vars);
    }
    case "document-added": {
      const vars = {
        title: plainValue(event.title),
        unit: event.unitName === null ? "" : plainValue(event.unitName),
        link: portalUrl(publicUrl, lang, "/documents"),
      };
      return event.unitName === null
        ? say("ownerMail.documentSubject", "ownerMail.documentOwnText", vars)
        : say("ownerMail.documentSubject", "ownerMail.documentUnitText", vars);
    }
    case "statement-published": {
      const vars = {
        unit: plainValue(event.unitName),
        period: `${formatDate(event.periodStart, lang)} – ${formatDate(plusDays(event.periodEnd, -1), lang)}`,
        amount: formatBaht(event.payout, lang),
        version: String(event.version),
        link: portalUrl(publicUrl, lang, `/statements/${event.statementId}`),
      };
      return event.version > 1
        ? say("ownerMail.statementSubject", "ownerMail.statementCorrectedText", vars)
        : say("ownerMail.statementSubject", "ownerMail.statementText", vars);
    }
  }
}

type AlertedOwner = Pick<
  typeof owners.$inferSelect,
  "email" | "name" | "language" | "alertChannels" | "telegramChatId" | "lineUserId"
>;

/** The outbox rows that carry one alert to one owner (none when no channel can). */
export function ownerAlertRows(
  owner: AlertedOwner,
  message: OwnerAlertText,
  notifications: NotificationConfig,
): (typeof outbox.$inferInsert)[] {
  const rows: (typeof outbox.$inferInsert)[] = [];
  const chosen = new Set(owner.alertChannels);
  if (chosen.has("telegram") && notifications.telegram && owner.telegramChatId)
    rows.push({
      channel: "telegram",
      purpose: "owner-alert",
      payload: { chatId: owner.telegramChatId, text: message.text },
    });
  if (chosen.has("line") && notifications.line && owner.lineUserId)
    // The LINE sender's message: the user, the text, and the retry key LINE deduplicates by.
    rows.push({
      channel: "line",
      purpose: "owner-alert",
      payload: { to: owner.lineUserId, text: message.text, retryKey: randomUUID() },
    });
  const email = chosen.has("email") || rows.length === 0;
  if (email && notifications.email)
    rows.push({
      channel: "email",
      purpose: "owner-alert",
      payload: { to: [owner.email], subject: message.subject, text: message.text },
    });
  return rows;
}

/** Writes one owner's alert of `event`; answers how many messages were queued. */
export async function alertOwner(
  tx: Tx | AppDatabase,
  ownerId: number,
  event: OwnerAlertEvent,
  settings: OwnerMailSettings,
): Promise<number> {
  const [owner] = await tx
    .select()
    .from(owners)
    .where(and(eq(owners.id, ownerId), isNull(owners.disabledAt)));
  if (!owner) return 0;
  const rows = ownerAlertRows(
    owner,
    ownerAlertText(event, owner, settings.publicUrl),
    settings.notifications,
  );
  if (rows.length > 0) await tx.insert(outbox).values(rows);
  return rows.length;
}

/** Writes the alert to every owner of a unit (co-owners each in their own language). */
export async function alertUnitOwners(
  tx: Tx | AppDatabase,
  propertyId: number,
  event: OwnerAlertEvent,
  settings: OwnerMailSettings,
): Promise<number> {
  const list = await tx
    .select({ ownerId: unitOwners.ownerId })
    .from(unitOwners)
    .where(eq(unitOwners.propertyId, propertyId));
  let queued = 0;
  for (const { ownerId } of list) queued += await alertOwner(tx, ownerId, event, settings);
  return queued;
}

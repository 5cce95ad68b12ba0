/**
 * Mail for owners' access (invitation, password reset) and alerts to the desk about owners'
 * requests, written to the outbox in the caller's transaction, in the owner's language. News for
 * owners (their stays decided, quotes, repairs, documents) is owner-alerts.server.ts's. The
 * outbox worker sends them like every other message.
 */
import { href } from "react-router";
import type { AppDatabase } from "../../db/client.server.ts";
import { outbox } from "../../db/schema.ts";
import type { OwnerLanguage } from "../../domain/owners.ts";
import { createI18n } from "../../i18n/messages.server.ts";
import type { NotificationConfig } from "../../lib/config.server.ts";

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export interface OwnerMailSettings {
  publicUrl: string;
  notifications: NotificationConfig;
}

export interface MailedOwner {
  email: string;
  name: string;
  language: OwnerLanguage;
}

/** The portal's address in the owner's language. */
export function portalUrl(publicUrl: string, lang: OwnerLanguage, path = ""): string {
  return `${publicUrl}${lang === "ru" ? "/ru" : ""}/owner${path}`;
}

/**
 * The link that sets a password. Whether the message was queued: false when the site sends no
 * e-mail, so the desk passes the link on by hand.
 */
export async function queueAccessMail(
  tx: Tx | AppDatabase,
  owner: MailedOwner,
  purpose: "invite" | "reset",
  token: string,
  settings: OwnerMailSettings,
): Promise<boolean> {
  if (!settings.notifications.email) return false;
  const { t } = createI18n(owner.language);
  const link = setPasswordLink(settings.publicUrl, owner.language, token);
  await tx.insert(outbox).values({
    channel: "email",
    purpose: "owner-access",
    payload: {
      to: [owner.email],
      subject: t(`ownerMail.${purpose}Subject`),
      text: t(`ownerMail.${purpose}Text`, { name: owner.name, link, days: 7 }),
    },
  });
  return true;
}

export function setPasswordLink(publicUrl: string, lang: OwnerLanguage, token: string) {
  return `${portalUrl(publicUrl, lang, "/set-password")}?token=${token}`;
}

/** Alerts the desk (e-mail and Telegram, as configured) to an owner's stay request. */
export async function queueDeskStayAlert(
  tx: Tx | AppDatabase,
  request: {
    ownerName: string;
    unitName: string;
    startDate: string;
    endDate: string;
    approved: boolean;
  },
  settings: OwnerMailSettings,
) {
  const { email, telegram } = settings.notifications;
  const text =
    `${request.ownerName} ${request.approved ? "blocked" : "asks to block"} ${request.unitName} ` +
    `for an owner stay from ${request.startDate} to ${request.endDate} (check-out).` +
    (request.approved ? "" : `\nDecide in ${settings.publicUrl}${href("/admin/owners")}`);
  const rows: (typeof outbox.$inferInsert)[] = [];
  if (email && email.desk.length > 0)
    rows.push({
      channel: "email",
      purpose: "alert",
      payload: { to: email.desk, subject: `Owner stay: ${request.unitName}`, text },
    });
  if (telegram) rows.push({ channel: "telegram", purpose: "alert", payload: { text } });
  if (rows.length > 0) await tx.insert(outbox).values(rows);
}

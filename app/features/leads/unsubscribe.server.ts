/**
 * Newsletter unsubscribe links: a random token, kept only as its SHA-256 in `email_tokens`
 * (decision 094). Links in mails written before carry a token that names the address and is
 * signed with the server's secret; those are still accepted. Addresses that unsubscribed are kept
 * in `email_suppressions` and never mailed again, until a confirmation sent to them is used.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppDatabase } from "../../db/client.server.ts";
import { findEmailToken } from "../../db/email-tokens.server.ts";
import { recordUnsubscribe, suppressionOf } from "../../db/mail-consent.server.ts";
import { type Language, localizePath } from "../../i18n/languages.ts";
import { isEmailAddress } from "../../lib/email-address.ts";

const MAX_TOKEN = 600;

function signature(email: string, secret: string): string {
  return createHmac("sha256", secret)
    .update(`unsubscribe:${email}`)
    .digest("base64url")
    .slice(0, 32);
}

/** The signed token of the links written before decision 094 (made here for tests). */
export function unsubscribeToken(email: string, secret: string): string {
  const address = email.toLowerCase();
  return `${Buffer.from(address).toString("base64url")}.${signature(address, secret)}`;
}

export function newsletterUnsubscribeUrl(publicUrl: string, token: string, lang: Language): string {
  return `${publicUrl}${localizePath("/unsubscribe", lang)}?token=${token}`;
}

/** The address an unsubscribe token acts for: a random one of ours, or an old signed one. */
export async function findUnsubscribeAddress(
  db: AppDatabase,
  token: string | null,
  secret: string,
): Promise<string | null> {
  return (await findUnsubscribeTarget(db, token, secret))?.email ?? null;
}

/**
 * What an unsubscribe token stops: the newsletter (its links, old or new), or all marketing (the
 * link of an availability notice, which is sent once per request and has no list of its own).
 */
export async function findUnsubscribeTarget(
  db: AppDatabase,
  token: string | null,
  secret: string,
): Promise<{ email: string; scope: "newsletter" | "marketing" } | null> {
  const signed = readUnsubscribeToken(token, secret);
  if (signed) return { email: signed, scope: "newsletter" };
  const newsletter = await findEmailToken(db, "newsletter-unsubscribe", token);
  if (newsletter) return { email: newsletter.email, scope: "newsletter" };
  const marketing = await findEmailToken(db, "marketing-unsubscribe", token);
  return marketing ? { email: marketing.email, scope: "marketing" } : null;
}

/** The address a token names, or null when it is malformed, too long or not signed by us. */
export function readUnsubscribeToken(token: string | null, secret: string): string | null {
  if (!token || token.length > MAX_TOKEN || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{32}$/.test(token))
    return null;
  const [encoded = "", given = ""] = token.split(".");
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  if (!isEmailAddress(email) || email !== email.toLowerCase()) return null;
  const expected = Buffer.from(signature(email, secret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? email : null;
}

/** The newsletter's unsubscribe, or "stop all marketing"; replies to requests still go. */
export async function suppressEmail(
  db: AppDatabase,
  email: string,
  scope: "newsletter" | "marketing" = "newsletter",
): Promise<void> {
  await recordUnsubscribe(db, email, scope);
}

/** Whether the newsletter may not go to `email` (it left the list, or all marketing, or bounced). */
export async function isSuppressed(db: AppDatabase, email: string): Promise<boolean> {
  return (await suppressionOf(db, email, "marketing", "newsletter")) !== null;
}

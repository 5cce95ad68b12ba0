/**
 * Two kinds of consent (docs/mail.md). Marketing mail (the newsletter, saved-search alerts,
 * availability notices) goes only to an address that has not left its list nor stopped all
 * marketing; transactional mail (a reply to a request just made, a confirmation link, a sign-in
 * code, a reminder or statement) is never stopped by an unsubscribe, only by a hard bounce of an
 * earlier transactional mail. A bounce stops its own kind until the address is confirmed again.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { MailKind } from "../domain/mail.ts";
import type { AppDatabase } from "./client.server.ts";
import { type EMAIL_SUPPRESSION_SCOPES, emailSuppressions } from "./schema.ts";

export type SuppressionScope = (typeof EMAIL_SUPPRESSION_SCOPES)[number];
/** A marketing list with an unsubscribe of its own in `email_suppressions`. */
export type MarketingList = "newsletter";

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export interface Suppression {
  scope: SuppressionScope;
  reason: "unsubscribed" | "bounced";
  detail: string | null;
  createdAt: Date;
}

/** The scopes that stop a mail of `kind` (of `list`, for the newsletter). */
export function scopesStopping(kind: MailKind, list?: MarketingList): SuppressionScope[] {
  if (kind === "desk") return [];
  if (kind === "transactional") return ["transactional"];
  return list ? ["marketing", list] : ["marketing"];
}

/** The first suppression that stops a mail of `kind` to `email`, or null when it may go. */
export async function suppressionOf(
  db: Tx | AppDatabase,
  email: string,
  kind: MailKind,
  list?: MarketingList,
): Promise<Suppression | null> {
  const scopes = scopesStopping(kind, list);
  if (scopes.length === 0) return null;
  const [row] = await db
    .select({
      scope: emailSuppressions.scope,
      reason: emailSuppressions.reason,
      detail: emailSuppressions.detail,
      createdAt: emailSuppressions.createdAt,
    })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.email, email.toLowerCase()),
        inArray(emailSuppressions.scope, scopes),
      ),
    )
    .orderBy(emailSuppressions.createdAt)
    .limit(1);
  return (row as Suppression | undefined) ?? null;
}

/** An unsubscribe from `scope` (the newsletter, or all marketing); never transactional mail. */
export async function recordUnsubscribe(
  db: Tx | AppDatabase,
  email: string,
  scope: "newsletter" | "marketing",
): Promise<void> {
  await db
    .insert(emailSuppressions)
    .values({ email: email.toLowerCase(), scope, reason: "unsubscribed" })
    .onConflictDoNothing();
}

/** A hard bounce of a mail of `kind`: that kind stops for the address, with the server's answer. */
export async function recordBounce(
  db: Tx | AppDatabase,
  email: string,
  kind: "marketing" | "transactional",
  detail: string,
  now: Date = new Date(),
): Promise<void> {
  const row = {
    email: email.toLowerCase(),
    scope: kind,
    reason: "bounced" as const,
    detail: detail.slice(0, 300),
    createdAt: now,
  };
  await db
    .insert(emailSuppressions)
    .values(row)
    .onConflictDoUpdate({
      target: [emailSuppressions.email, emailSuppressions.scope],
      set: { reason: row.reason, detail: row.detail, createdAt: row.createdAt },
    });
}

/**
 * The address's owner used a link mailed to it: its bounces are over, and for `scopes` its
 * unsubscribes too (a newsletter confirmation lifts the newsletter's and all marketing's).
 */
export async function liftOnConfirmation(
  db: Tx | AppDatabase,
  email: string,
  scopes: SuppressionScope[],
): Promise<number> {
  const address = email.toLowerCase();
  const bounced = await db
    .delete(emailSuppressions)
    .where(and(eq(emailSuppressions.email, address), eq(emailSuppressions.reason, "bounced")))
    .returning({ scope: emailSuppressions.scope });
  const lifted =
    scopes.length === 0
      ? []
      : await db
          .delete(emailSuppressions)
          .where(
            and(eq(emailSuppressions.email, address), inArray(emailSuppressions.scope, scopes)),
          )
          .returning({ scope: emailSuppressions.scope });
  return bounced.length + lifted.length;
}

/** Every suppression of an address, for the admin: one row per scope. */
export async function suppressionsOf(db: Tx | AppDatabase, email: string): Promise<Suppression[]> {
  const rows = await db
    .select({
      scope: emailSuppressions.scope,
      reason: emailSuppressions.reason,
      detail: emailSuppressions.detail,
      createdAt: emailSuppressions.createdAt,
    })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.email, email.toLowerCase()))
    .orderBy(emailSuppressions.scope);
  return rows as Suppression[];
}

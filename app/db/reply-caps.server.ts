/**
 * How often the site writes, unasked, to one address: a public form answers the address typed
 * into it, and anyone can type anyone's address. Limits per visitor IP do not protect the person
 * at that address, so these count per recipient, in the database (several servers may run),
 * under a hash of the normalised address (the address itself is not kept here).
 *
 * Only the mail to the visitor is withheld over a cap: the lead is stored and the desk alerted.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { normaliseEmail } from "../lib/email-address.ts";
import type { AppDatabase } from "./client.server.ts";
import { rateLimits } from "./schema.ts";

/** Replies to one address for one form (or confirmation kind) in a day. */
export const REPLIES_PER_FORM_PER_DAY = 1;
/** Replies and confirmations to one address from all forms together in a day. */
export const REPLIES_PER_RECIPIENT_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** SHA-256 of the address in lower case, hex: the key the caps are counted under. */
export function recipientHash(email: string): string {
  return createHash("sha256").update(normaliseEmail(email)).digest("hex");
}

/** Counts one against `key` in today's window unless it is at `limit`; true when counted. */
async function takeOne(db: Tx | AppDatabase, key: string, limit: number, now: Date) {
  const windowStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
      setWhere: sql`${rateLimits.hits} < ${limit}`,
    })
    .returning({ hits: rateLimits.hits });
  return rows.length > 0;
}

/**
 * Whether a mail of `form` (a lead kind, or a confirmation's kind) may go to `email` now, and if
 * so counts it: at most REPLIES_PER_FORM_PER_DAY for the form and REPLIES_PER_RECIPIENT_PER_DAY
 * in all, per day (UTC). Run it in the transaction that writes the mail.
 */
export async function takeReplyAllowance(
  db: Tx | AppDatabase,
  email: string,
  form: string,
  now: Date = new Date(),
): Promise<boolean> {
  const hash = recipientHash(email);
  if (!(await takeOne(db, `reply:${form}:${hash}`, REPLIES_PER_FORM_PER_DAY, now))) return false;
  return takeOne(db, `reply:any:${hash}`, REPLIES_PER_RECIPIENT_PER_DAY, now);
}

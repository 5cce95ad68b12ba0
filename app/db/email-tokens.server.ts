/**
 * Tokens for links in mails (confirm a subscription, unsubscribe): 32 random bytes in the link,
 * their SHA-256 in `email_tokens`. A row tells what the link does for which address or saved
 * search, and a stolen copy of the table opens no link. Each mail gets tokens of its own.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppDatabase } from "./client.server.ts";
import { type EMAIL_TOKEN_PURPOSES, emailTokens } from "./schema.ts";

export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];
type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export function hashEmailToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A token as links carry it (43 URL-safe characters), or null. */
export function readEmailToken(value: unknown): string | null {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** Makes a token for `purpose`, keeps its hash, and returns the token for the link. */
export async function mintEmailToken(
  db: Tx | AppDatabase,
  purpose: EmailTokenPurpose,
  target: { email: string; savedSearchId?: number | null },
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(emailTokens).values({
    purpose,
    tokenHash: hashEmailToken(token),
    email: target.email.toLowerCase(),
    savedSearchId: target.savedSearchId ?? null,
    createdAt: now,
  });
  return token;
}

export interface EmailTokenRow {
  email: string;
  savedSearchId: number | null;
  createdAt: Date;
}

/** What a token of `purpose` acts for, or null when it is malformed or unknown. */
export async function findEmailToken(
  db: Tx | AppDatabase,
  purpose: EmailTokenPurpose,
  token: unknown,
): Promise<EmailTokenRow | null> {
  const valid = readEmailToken(token);
  if (!valid) return null;
  const [row] = await db
    .select({
      email: emailTokens.email,
      savedSearchId: emailTokens.savedSearchId,
      createdAt: emailTokens.createdAt,
    })
    .from(emailTokens)
    .where(and(eq(emailTokens.purpose, purpose), eq(emailTokens.tokenHash, hashEmailToken(valid))));
  return row ?? null;
}

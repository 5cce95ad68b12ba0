/**
 * Owner sessions: the same token, expiry and cookie rules as the admin's (one implementation in
 * app/features/auth/sessions.server.ts), in a table and a cookie of their own, so an owner's
 * session never opens the admin panel and an admin's never opens the portal.
 */
import { eq, lt, or } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { ownerSessions, owners } from "../../db/schema.ts";
import type { OwnerLanguage } from "../../domain/owners.ts";
import {
  hashToken,
  newSessionToken,
  SESSION_IDLE_MS,
  sessionExpiry,
  sessionState,
} from "../auth/sessions.server.ts";

export const OWNER_SESSION_COOKIE = "owner_session";

export interface SessionOwner {
  id: number;
  name: string;
  email: string;
  language: OwnerLanguage;
}

export async function createOwnerSession(
  db: AppDatabase,
  ownerId: number,
  meta: { ipAddress?: string; userAgent?: string } = {},
  now: Date = new Date(),
): Promise<string> {
  const token = newSessionToken();
  await db.insert(ownerSessions).values({
    tokenHash: hashToken(token),
    ownerId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: sessionExpiry(now),
    ipAddress: meta.ipAddress ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** The signed-in owner of a token, or null once it is unknown, idle too long or too old. */
export async function readOwnerSession(
  db: AppDatabase,
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<SessionOwner | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      ownerId: ownerSessions.ownerId,
      lastSeenAt: ownerSessions.lastSeenAt,
      expiresAt: ownerSessions.expiresAt,
      name: owners.name,
      email: owners.email,
      language: owners.language,
      disabledAt: owners.disabledAt,
    })
    .from(ownerSessions)
    .innerJoin(owners, eq(owners.id, ownerSessions.ownerId))
    .where(eq(ownerSessions.tokenHash, tokenHash));
  if (!row) return null;
  const state = sessionState(row, now);
  if (state === "ended" || row.disabledAt) {
    await db.delete(ownerSessions).where(eq(ownerSessions.tokenHash, tokenHash));
    return null;
  }
  if (state === "touch") {
    await db
      .update(ownerSessions)
      .set({ lastSeenAt: now })
      .where(eq(ownerSessions.tokenHash, tokenHash));
  }
  return { id: row.ownerId, name: row.name, email: row.email, language: row.language };
}

export async function endOwnerSession(db: AppDatabase, token: string | null | undefined) {
  if (!token) return;
  await db.delete(ownerSessions).where(eq(ownerSessions.tokenHash, hashToken(token)));
}

export async function pruneOwnerSessions(db: AppDatabase, now: Date = new Date()) {
  await db
    .delete(ownerSessions)
    .where(
      or(
        lt(ownerSessions.expiresAt, now),
        lt(ownerSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
}

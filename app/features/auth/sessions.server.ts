import { createHash, randomBytes } from "node:crypto";
import { eq, lt, or } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { adminUsers, sessions } from "../../db/schema.ts";

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_AFTER_MS = 60 * 1000;

export const SESSION_COOKIE = "admin_session";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SessionUser {
  id: number;
  email: string;
  secondFactor: boolean;
  tokenHash: string;
}

export async function createSession(
  db: AppDatabase,
  userId: number,
  meta: { ipAddress?: string; userAgent?: string } = {},
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ipAddress: meta.ipAddress ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** The signed-in admin of a token, or null once it is unknown, idle too long or too old. */
export async function readSession(
  db: AppDatabase,
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<SessionUser | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      email: adminUsers.email,
      disabledAt: adminUsers.disabledAt,
      totpEnabledAt: adminUsers.totpEnabledAt,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) return null;
  const idle = now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS;
  if (idle || now >= row.expiresAt || row.disabledAt) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { id: row.userId, email: row.email, secondFactor: row.totpEnabledAt !== null, tokenHash };
}

export async function endSession(db: AppDatabase, token: string | null | undefined) {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Removes sessions past either limit; run now and then. */
export async function pruneSessions(db: AppDatabase, now: Date = new Date()) {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
}

/**
 * The value of cookie `name`, or null. A value that is not valid percent-encoding (such as
 * "%E0%A4%A") is no session of ours: null, never an exception.
 */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The session cookie: no Expires/Max-Age, so it ends with the browser; Path=/ so that React
 * Router's `.data` requests carry it too.
 */
export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

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

/** A new random session token, for the cookie; only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * What a stored session is at `now`, whoever it belongs to (admin or owner): ended (idle too long
 * or too old), live and due to have last_seen_at written again, or simply live.
 */
export function sessionState(
  row: { lastSeenAt: Date; expiresAt: Date },
  now: Date,
): "ended" | "touch" | "live" {
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor > SESSION_IDLE_MS || now >= row.expiresAt) return "ended";
  return idleFor > TOUCH_AFTER_MS ? "touch" : "live";
}

/** When a session started at `now` ends at the latest. */
export function sessionExpiry(now: Date): Date {
  return new Date(now.getTime() + SESSION_ABSOLUTE_MS);
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
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: sessionExpiry(now),
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
  const state = sessionState(row, now);
  if (state === "ended" || row.disabledAt) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (state === "touch") {
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
export function sessionCookie(token: string, secure: boolean, name = SESSION_COOKIE): string {
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearSessionCookie(secure: boolean, name = SESSION_COOKIE): string {
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

import { asc, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { adminUsers, sessions } from "../../db/schema.ts";
import { isEmailAddress } from "../../lib/email-address.ts";
import { hashPassword } from "./password.server.ts";
import { passwordProblem } from "./password-policy.ts";

export class AccountError extends Error {}

export interface AdminAccount {
  id: number;
  email: string;
  disabled: boolean;
  secondFactor: boolean;
  createdAt: Date;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAccountByEmail(db: AppDatabase, email: string) {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.email})`, normalizeEmail(email)));
  return row;
}

export async function createAccount(
  db: AppDatabase,
  email: string,
  password: string,
): Promise<AdminAccount> {
  const clean = normalizeEmail(email);
  if (clean.length > 254 || !isEmailAddress(clean))
    throw new AccountError(`"${email}" is not an e-mail address.`);
  const problem = passwordProblem(password, clean);
  if (problem) throw new AccountError(problem);
  if (await findAccountByEmail(db, clean)) {
    throw new AccountError(`An admin account for ${clean} exists already.`);
  }
  const [row] = await db
    .insert(adminUsers)
    .values({ email: clean, passwordHash: await hashPassword(password) })
    .returning();
  if (!row) throw new AccountError("The account was not created.");
  return toAccount(row);
}

/** Sets a new password, re-enables the account and ends every session it had. */
export async function resetPassword(db: AppDatabase, email: string, password: string) {
  const user = await findAccountByEmail(db, email);
  if (!user) throw new AccountError(`No admin account for ${normalizeEmail(email)}.`);
  const problem = passwordProblem(password, user.email);
  if (problem) throw new AccountError(problem);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ passwordHash, disabledAt: null, updatedAt: new Date() })
      .where(eq(adminUsers.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
}

/** Disables the account and ends its sessions; `reset-password` enables it again. */
export async function disableAccount(db: AppDatabase, email: string) {
  const user = await findAccountByEmail(db, email);
  if (!user) throw new AccountError(`No admin account for ${normalizeEmail(email)}.`);
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ disabledAt: new Date(), updatedAt: new Date() })
      .where(eq(adminUsers.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
}

export async function listAccounts(db: AppDatabase): Promise<AdminAccount[]> {
  const rows = await db.select().from(adminUsers).orderBy(asc(adminUsers.email));
  return rows.map(toAccount);
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD at start: creates that account once, when it does not exist.
 * An existing account is left alone (its password may have been changed since).
 */
export async function ensureBootstrapAccount(
  db: AppDatabase,
  email: string | undefined,
  password: string | undefined,
): Promise<"created" | "exists" | "skipped"> {
  if (!email || !password) return "skipped";
  if (await findAccountByEmail(db, email)) return "exists";
  await createAccount(db, email, password);
  return "created";
}

function toAccount(row: typeof adminUsers.$inferSelect): AdminAccount {
  return {
    id: row.id,
    email: row.email,
    disabled: row.disabledAt !== null,
    secondFactor: row.totpEnabledAt !== null,
    createdAt: row.createdAt,
  };
}

import { and, asc, desc, eq, lte } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { adminUsers, auditLog, currencyRates } from "../../db/schema.ts";
import type { DisplayCurrency, PriceCurrency } from "../../domain/currencies.ts";
import { businessToday } from "../../domain/date-time.ts";
import type { RateInput } from "./rate-schema.ts";

export interface StoredRate {
  id: number;
  currency: DisplayCurrency;
  thbPerUnit: number;
  appliesFrom: string;
  enteredBy: string | null;
  enteredAt: string;
}

/** Every rate entered, by currency, the latest day first. */
export async function listRates(db: AppDatabase): Promise<StoredRate[]> {
  const rows = await db
    .select({
      id: currencyRates.id,
      currency: currencyRates.currency,
      thbPerUnit: currencyRates.thbPerUnit,
      appliesFrom: currencyRates.appliesFrom,
      enteredBy: adminUsers.email,
      enteredAt: currencyRates.createdAt,
    })
    .from(currencyRates)
    .leftJoin(adminUsers, eq(adminUsers.id, currencyRates.enteredBy))
    .orderBy(asc(currencyRates.currency), desc(currencyRates.appliesFrom));
  return rows.map((r) => ({ ...r, enteredAt: r.enteredAt.toISOString() }));
}

/** The rate of `currency` in force on `day` (YYYY-MM-DD), or null when none has started. */
export async function rateInForceOn(
  db: AppDatabase,
  currency: DisplayCurrency,
  day: string,
): Promise<PriceCurrency["rate"]> {
  const [row] = await db
    .select({ thbPerUnit: currencyRates.thbPerUnit, appliesFrom: currencyRates.appliesFrom })
    .from(currencyRates)
    .where(and(eq(currencyRates.currency, currency), lte(currencyRates.appliesFrom, day)))
    .orderBy(desc(currencyRates.appliesFrom))
    .limit(1);
  return row ?? null;
}

/** What a public page needs to show prices in `currency` today (a Phuket day). */
export async function priceCurrencyFor(
  db: AppDatabase,
  currency: DisplayCurrency,
  now: Date = new Date(),
): Promise<PriceCurrency> {
  return { currency, rate: await rateInForceOn(db, currency, businessToday(now)) };
}

export class RateTakenError extends Error {}

const snapshot = (r: { currency: string; thbPerUnit: number; appliesFrom: string }) => ({
  currency: r.currency,
  thbPerUnit: r.thbPerUnit,
  appliesFrom: r.appliesFrom,
});

/**
 * Stores a new rate and records it in the audit log. A currency has one rate per day: a second
 * one for the same day is refused (RateTakenError); the admin removes the wrong one first.
 */
export async function addRate(
  db: AppDatabase,
  input: RateInput,
  adminUserId: number | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(currencyRates)
      .values({ ...input, enteredBy: adminUserId })
      .onConflictDoNothing()
      .returning({ id: currencyRates.id });
    if (!row) throw new RateTakenError();
    await tx.insert(auditLog).values({
      adminUserId,
      action: "create",
      entity: "currency_rate",
      entityId: String(row.id),
      before: null,
      after: snapshot(input),
    });
    return row.id;
  });
}

/** Removes a rate (recorded in the audit log); false when there is no such rate. */
export async function removeRate(
  db: AppDatabase,
  id: number,
  adminUserId: number | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(currencyRates).where(eq(currencyRates.id, id)).returning();
    if (!removed) return false;
    await tx.insert(auditLog).values({
      adminUserId,
      action: "delete",
      entity: "currency_rate",
      entityId: String(id),
      before: snapshot(removed),
      after: null,
    });
    return true;
  });
}

/**
 * The desk's entries in a unit's ledger: short stays (channel and commission), expenses (with a
 * receipt, a PDF or a picture checked by the owners' document pipeline and kept under
 * `private/receipts/`, which /media refuses) and each owner's withholding rate. Rent is not
 * entered here: it is the leases' payments, read where they are.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, lt } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  ledgerExpenses,
  ledgerStays,
  owners,
  ownerWithholding,
  properties,
} from "../../db/schema.ts";
import { WITHHOLDING_DEFAULTS_BP, type WithholdingBasis } from "../../domain/owner-money.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { prepareDocumentFile } from "../owner-portal/documents.server.ts";
import type { ExpenseFormInput, StayFormInput } from "./ledger-schema.ts";
import { StatementError } from "./statements.server.ts";

async function requireUnit(db: AppDatabase, propertyId: number) {
  const [unit] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!unit) throw new StatementError("Choose a unit", 400);
}

export async function addLedgerStay(db: AppDatabase, input: StayFormInput, adminId: number | null) {
  await requireUnit(db, input.propertyId);
  const [row] = await db
    .insert(ledgerStays)
    .values({
      propertyId: input.propertyId,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      channel: input.channel,
      grossBaht: input.gross,
      commissionBaht: input.commission,
      reference: input.reference,
      createdBy: adminId,
    })
    .returning({ id: ledgerStays.id });
  return row?.id as number;
}

/** Checks and stores a receipt; answers its private key and type. */
export async function storeReceipt(storage: MediaStorage, bytes: Buffer) {
  const file = await prepareDocumentFile(bytes);
  const key = `private/receipts/${randomBytes(16).toString("hex")}.${file.extension}`;
  await storage.put(key, file.data);
  return { key, type: file.contentType };
}

export async function addExpense(
  db: AppDatabase,
  input: ExpenseFormInput,
  receipt: { key: string; type: string } | null,
  adminId: number | null,
) {
  await requireUnit(db, input.propertyId);
  const [row] = await db
    .insert(ledgerExpenses)
    .values({
      propertyId: input.propertyId,
      spentOn: input.spentOn,
      category: input.category,
      vendor: input.vendor,
      amountBaht: input.amount,
      bearer: input.bearer,
      receiptKey: receipt?.key ?? null,
      receiptType: receipt?.type ?? null,
      note: input.note,
      createdBy: adminId,
    })
    .returning({ id: ledgerExpenses.id });
  return row?.id as number;
}

/** Sets (or, with `none`, removes) an owner's withholding; the defaults are 5% and 15%. */
export async function setWithholding(
  db: AppDatabase,
  input: { ownerId: number; basis: WithholdingBasis | "none"; rateBp: number | null },
  adminId: number | null,
) {
  const [owner] = await db
    .select({ id: owners.id })
    .from(owners)
    .where(eq(owners.id, input.ownerId));
  if (!owner) throw new StatementError("Choose an owner", 400);
  if (input.basis === "none") {
    await db.delete(ownerWithholding).where(eq(ownerWithholding.ownerId, input.ownerId));
    return;
  }
  const rateBp =
    input.basis === "custom" ? (input.rateBp ?? 0) : WITHHOLDING_DEFAULTS_BP[input.basis];
  await db
    .insert(ownerWithholding)
    .values({ ownerId: input.ownerId, basis: input.basis, rateBp, updatedBy: adminId })
    .onConflictDoUpdate({
      target: ownerWithholding.ownerId,
      set: { basis: input.basis, rateBp, updatedBy: adminId, updatedAt: new Date() },
    });
}

/** The ledger entries of a month (stays by check-out, expenses by date), newest first. */
export async function listLedger(db: AppDatabase, range: { start: string; end: string }) {
  const stays = await db
    .select({
      id: ledgerStays.id,
      unitName: properties.name,
      checkIn: ledgerStays.checkIn,
      checkOut: ledgerStays.checkOut,
      channel: ledgerStays.channel,
      gross: ledgerStays.grossBaht,
      commission: ledgerStays.commissionBaht,
      reference: ledgerStays.reference,
    })
    .from(ledgerStays)
    .innerJoin(properties, eq(properties.id, ledgerStays.propertyId))
    .where(and(gte(ledgerStays.checkOut, range.start), lt(ledgerStays.checkOut, range.end)))
    .orderBy(desc(ledgerStays.checkOut), desc(ledgerStays.id));
  const expenses = await db
    .select({
      id: ledgerExpenses.id,
      unitName: properties.name,
      spentOn: ledgerExpenses.spentOn,
      category: ledgerExpenses.category,
      vendor: ledgerExpenses.vendor,
      amount: ledgerExpenses.amountBaht,
      bearer: ledgerExpenses.bearer,
      hasReceipt: ledgerExpenses.receiptKey,
    })
    .from(ledgerExpenses)
    .innerJoin(properties, eq(properties.id, ledgerExpenses.propertyId))
    .where(and(gte(ledgerExpenses.spentOn, range.start), lt(ledgerExpenses.spentOn, range.end)))
    .orderBy(desc(ledgerExpenses.spentOn), desc(ledgerExpenses.id));
  return {
    stays,
    expenses: expenses.map(({ hasReceipt, ...e }) => ({ ...e, hasReceipt: hasReceipt !== null })),
  };
}

/** Every owner with their withholding (none when unset). */
export async function listWithholding(db: AppDatabase) {
  return db
    .select({
      id: owners.id,
      name: owners.name,
      residency: owners.residency,
      basis: ownerWithholding.basis,
      rateBp: ownerWithholding.rateBp,
    })
    .from(owners)
    .leftJoin(ownerWithholding, eq(ownerWithholding.ownerId, owners.id))
    .orderBy(asc(owners.name));
}

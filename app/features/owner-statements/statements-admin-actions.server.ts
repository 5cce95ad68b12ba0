/** The desk's statement pages: loaders and actions (the routes check the admin first). */

import { asc, eq, inArray, sql } from "drizzle-orm";
import { data } from "react-router";
import type { AppDatabase } from "../../db/client.server.ts";
import { getRuntime } from "../../db/runtime.server.ts";
import { ownerStatements, owners, properties } from "../../db/schema.ts";
import { businessToday } from "../../domain/date-time.ts";
import { EXPENSE_CATEGORIES, monthOf, STAY_CHANNELS } from "../../domain/owner-money.ts";
import { DocumentError } from "../owner-portal/documents.server.ts";
import {
  addExpense,
  addLedgerStay,
  listLedger,
  listWithholding,
  setWithholding,
  storeReceipt,
} from "./ledger.server.ts";
import {
  correctionFormSchema,
  expenseFormSchema,
  generateFormSchema,
  payoutFormSchema,
  stayFormSchema,
  withholdingFormSchema,
} from "./ledger-schema.ts";
import { alertStatementPublished } from "./statement-alerts.server.ts";
import {
  approveStatement,
  correctStatement,
  deleteDraft,
  generateDraft,
  generateDrafts,
  listStatements,
  loadStatement,
  publishStatement,
  recordPayout,
  returnToDraft,
  StatementError,
  statementUnits,
} from "./statements.server.ts";

export type AdminResult = { ok: boolean; message: string };

const refused = (message: string, status = 400) =>
  data<AdminResult>({ ok: false, message }, { status });

/** A month written `YYYY-MM` (the current Phuket month when absent or malformed). */
export function readMonth(value: string | null): string {
  return value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : businessToday().slice(0, 7);
}

export async function loadStatementsPage(month: string) {
  const { db } = getRuntime().database;
  return {
    month,
    statements: await listStatements(db, monthOf(`${month}-01`)),
    units: await statementUnits(db),
    waiting: await waitingStatements(db),
  };
}

/** A statement waiting for the desk: a draft to review or an approved one to publish. */
export type WaitingStatement = Awaited<ReturnType<typeof waitingStatements>>[number];

/** Every draft and approved statement, whatever month it closes in, oldest period first. */
async function waitingStatements(db: AppDatabase) {
  return db
    .select({
      id: ownerStatements.id,
      unitName: properties.name,
      program: ownerStatements.program,
      periodStart: ownerStatements.periodStart,
      periodEnd: ownerStatements.periodEnd,
      version: ownerStatements.version,
      status: ownerStatements.status,
      byRound: sql<boolean>`${ownerStatements.createdBy} is null`,
    })
    .from(ownerStatements)
    .innerJoin(properties, eq(properties.id, ownerStatements.propertyId))
    .where(inArray(ownerStatements.status, ["draft", "approved"]))
    .orderBy(asc(ownerStatements.periodStart), asc(properties.name))
    .limit(200);
}

/** Drafts for a month: every unit, or one. */
export async function generateAction(form: FormData, adminId: number) {
  const parsed = generateFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the form");
  const { db } = getRuntime().database;
  const day = `${parsed.data.month}-01`;
  try {
    if (parsed.data.propertyId !== undefined) {
      const id = await generateDraft(db, parsed.data.propertyId, day, adminId);
      return { ok: true, message: `Draft statement ${id} made.` } satisfies AdminResult;
    }
    const { made, skipped } = await generateDrafts(db, day, adminId);
    const notes = skipped.map((s) => `unit ${s.propertyId}: ${s.reason}`).join("; ");
    return {
      ok: true,
      message: `${made.length} draft(s) made.${skipped.length ? ` Left as they were: ${notes}.` : ""}`,
    } satisfies AdminResult;
  } catch (error) {
    if (error instanceof StatementError) return refused(error.message, error.status);
    throw error;
  }
}

export async function loadStatementPage(id: number) {
  return loadStatement(getRuntime().database.db, id);
}

/**
 * The statement page's forms: approve, back to draft, publish, delete, redraft, correct, payout.
 * `onPublished` sends the owners' alerts in the publication's transaction.
 */
export async function statementAction(
  id: number,
  form: FormData,
  adminId: number,
  onPublished?: Parameters<typeof publishStatement>[4],
): Promise<AdminResult | ReturnType<typeof refused> | { deleted: true } | { redirectTo: number }> {
  const { db } = getRuntime().database;
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent) {
      case "approve":
        await approveStatement(db, id, adminId);
        return { ok: true, message: "Approved. Publish it when it is right." };
      case "unapprove":
        await returnToDraft(db, id);
        return { ok: true, message: "Back to draft." };
      case "publish":
        await publishStatement(
          db,
          id,
          adminId,
          businessToday(),
          onPublished ?? ((tx, row) => alertStatementPublished(tx, row.id, getRuntime().config)),
        );
        getRuntime().outbox?.nudge();
        return { ok: true, message: "Published; the owners are told." };
      case "delete":
        await deleteDraft(db, id);
        return { deleted: true };
      case "redraft": {
        const statement = await loadStatement(db, id);
        if (!statement) return refused("No such statement.", 404);
        if (statement.version > 1)
          return refused("A correction is remade by deleting it and correcting again.", 409);
        return {
          redirectTo: await generateDraft(db, statement.propertyId, statement.periodStart, adminId),
        };
      }
      case "correct": {
        const parsed = correctionFormSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the reason");
        return { redirectTo: await correctStatement(db, id, parsed.data.reason, adminId) };
      }
      case "payout": {
        const parsed = payoutFormSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the payout");
        await recordPayout(db, id, parsed.data, adminId);
        return { ok: true, message: "Payout recorded." };
      }
      default:
        return refused("Unknown action.");
    }
  } catch (error) {
    if (error instanceof StatementError) return refused(error.message, error.status);
    throw error;
  }
}

export async function loadLedgerPage(month: string) {
  const { db } = getRuntime().database;
  return {
    month,
    ...(await listLedger(db, monthOf(`${month}-01`))),
    units: await statementUnits(db),
    withholding: await listWithholding(db),
    owners: await db.select({ id: owners.id, name: owners.name }).from(owners).orderBy(owners.name),
    channels: STAY_CHANNELS,
    categories: EXPENSE_CATEGORIES,
  };
}

/** The ledger page's forms: a stay, an expense with its receipt (multipart), a withholding rate. */
export async function ledgerAction(form: FormData, adminId: number) {
  const { database, storage } = getRuntime();
  const db = database.db;
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  try {
    if (intent === "stay") {
      const parsed = stayFormSchema.safeParse(fields);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the stay");
      await addLedgerStay(db, parsed.data, adminId);
      return { ok: true, message: "Stay added to the ledger." } satisfies AdminResult;
    }
    if (intent === "expense") {
      const parsed = expenseFormSchema.safeParse(fields);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the expense");
      const file = form.get("receipt");
      let receipt: { key: string; type: string } | null = null;
      if (file instanceof File && file.size > 0)
        receipt = await storeReceipt(storage, Buffer.from(await file.arrayBuffer()));
      await addExpense(db, parsed.data, receipt, adminId);
      return {
        ok: true,
        message: receipt ? "Expense added with its receipt." : "Expense added (no receipt).",
      } satisfies AdminResult;
    }
    if (intent === "withholding") {
      const parsed = withholdingFormSchema.safeParse(fields);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the rate");
      await setWithholding(db, parsed.data, adminId);
      return { ok: true, message: "Withholding saved." } satisfies AdminResult;
    }
    return refused("Unknown action.");
  } catch (error) {
    if (error instanceof DocumentError) return refused(error.message, 422);
    if (error instanceof StatementError) return refused(error.message, error.status);
    throw error;
  }
}

/** The desk's documents page; the route checks the admin first. */
import { data } from "react-router";
import { getRuntime } from "../../db/runtime.server.ts";
import { owners } from "../../db/schema.ts";
import { parseId } from "../../lib/request-body.server.ts";
import { documentFormSchema } from "./document-schema.ts";
import {
  addOwnerDocument,
  DocumentError,
  deleteOwnerDocument,
  listDocumentsForAdmin,
} from "./documents.server.ts";
import { listOwnedUnits } from "./repairs.server.ts";

export async function loadDocumentsPage() {
  const { db } = getRuntime().database;
  return {
    documents: await listDocumentsForAdmin(db),
    units: await listOwnedUnits(db),
    owners: await db.select({ id: owners.id, name: owners.name }).from(owners).orderBy(owners.name),
  };
}

/** A multipart form (read within the upload limit by the route): the fields and one file. */
export async function uploadDocumentAction(form: FormData, adminId: number) {
  const refused = (message: string, status = 400) =>
    data({ ok: false as const, message }, { status });
  const parsed = documentFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the form");
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return refused("Choose a file");
  const { config, database, storage } = getRuntime();
  try {
    await addOwnerDocument(
      database.db,
      storage,
      parsed.data,
      Buffer.from(await file.arrayBuffer()),
      adminId,
      config,
    );
    getRuntime().outbox?.nudge();
  } catch (error) {
    if (error instanceof DocumentError) return refused(error.message, 422);
    throw error;
  }
  return { ok: true as const, message: `Document “${parsed.data.title}” added.` };
}

/** Deletes one document (row, file, audit entry); a second click finds it gone: a 404. */
export async function deleteDocumentAction(form: FormData, adminId: number) {
  const id = parseId(form.get("documentId"));
  if (id === null)
    return data({ ok: false as const, message: "Unknown document" }, { status: 400 });
  const { database, storage, logger } = getRuntime();
  let deleted: { title: string } | null;
  try {
    deleted = await deleteOwnerDocument(database.db, storage, id, adminId);
  } catch (error) {
    logger.error({ err: error, documentId: id }, "could not delete an owner's document");
    return data(
      {
        ok: false as const,
        message: "The file could not be removed from storage, so nothing was deleted. Try again.",
      },
      { status: 503 },
    );
  }
  if (!deleted)
    return data(
      { ok: false as const, message: "This document was deleted already." },
      { status: 404 },
    );
  return { ok: true as const, message: `Document “${deleted.title}” deleted.` };
}

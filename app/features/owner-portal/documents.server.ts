/**
 * Documents for owners: the desk uploads a PDF or a picture for a unit (its owners see it) or for
 * one owner; the owner lists and downloads them in the portal. Files are kept in media storage
 * under `private/documents/<random>.pdf|webp`, which the public /media route refuses; every read
 * goes through `ownerDocumentFile`, which checks the owner first.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import type { AppDatabase } from "../../db/client.server.ts";
import { auditLog, ownerDocuments, owners, properties, unitOwners } from "../../db/schema.ts";
import { MAX_IMAGE_PIXELS } from "../../domain/media.ts";
import { MAX_OWNER_DOCUMENT_BYTES, type OwnerDocumentCategory } from "../../domain/owners.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import type { DocumentFormInput } from "./document-schema.ts";
import { alertOwner, alertUnitOwners } from "./owner-alerts.server.ts";
import type { OwnerMailSettings } from "./owner-messages.server.ts";

export class DocumentError extends Error {}

const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
const PICTURE_FORMATS = new Set(["jpeg", "png", "webp"]);

/**
 * Checks a file by its content: a PDF (it starts with `%PDF-`) is kept as it is; a JPEG, PNG or
 * WebP picture is decoded (40 megapixels at most), turned upright, stripped of its metadata and
 * kept as WebP. Anything else, empty or over 10 MB, is refused.
 */
export async function prepareDocumentFile(
  bytes: Buffer,
): Promise<{ data: Buffer; extension: "pdf" | "webp"; contentType: string }> {
  if (bytes.length === 0) throw new DocumentError("The file is empty.");
  if (bytes.length > MAX_OWNER_DOCUMENT_BYTES)
    throw new DocumentError("The file is larger than 10 MB.");
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    return { data: bytes, extension: "pdf", contentType: "application/pdf" };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    throw new DocumentError("The file is not a PDF or a PNG, JPEG or WebP picture.");
  }
  if (!meta.format || !PICTURE_FORMATS.has(meta.format))
    throw new DocumentError("The file is not a PDF or a PNG, JPEG or WebP picture.");
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_IMAGE_PIXELS)
    throw new DocumentError("The picture has too many pixels (40 megapixels at most).");
  try {
    const data = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .webp({ quality: 85 })
      .toBuffer();
    return { data, extension: "webp", contentType: "image/webp" };
  } catch {
    throw new DocumentError("The picture could not be read.");
  }
}

/**
 * Stores a checked file under a random private key and records it; answers the new id. With
 * `alerts`, the owners it is for are told in the same transaction (demo seeding passes none).
 */
export async function addOwnerDocument(
  db: AppDatabase,
  storage: MediaStorage,
  input: DocumentFormInput,
  bytes: Buffer,
  adminId: number | null,
  alerts?: OwnerMailSettings,
): Promise<number> {
  const target =
    input.target.kind === "unit"
      ? await db
          .select({ id: properties.id, name: properties.name })
          .from(properties)
          .where(eq(properties.id, input.target.id))
      : await db
          .select({ id: owners.id, name: owners.name })
          .from(owners)
          .where(eq(owners.id, input.target.id));
  if (target.length === 0) throw new DocumentError("Choose a unit or an owner");
  const file = await prepareDocumentFile(bytes);
  const mediaKey = `private/documents/${randomBytes(16).toString("hex")}.${file.extension}`;
  await storage.put(mediaKey, file.data);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ownerDocuments)
        .values({
          propertyId: input.target.kind === "unit" ? input.target.id : null,
          ownerId: input.target.kind === "owner" ? input.target.id : null,
          title: input.title,
          category: input.category,
          mediaKey,
          contentType: file.contentType,
          sizeBytes: file.data.length,
          uploadedBy: adminId,
        })
        .returning({ id: ownerDocuments.id });
      if (!row) throw new Error("The document was not stored");
      if (alerts) {
        const { id, kind } = input.target;
        const unitName = kind === "unit" ? (target[0]?.name ?? "") : null;
        const event = { kind: "document-added", title: input.title, unitName } as const;
        if (kind === "unit") await alertUnitOwners(tx, id, event, alerts);
        else await alertOwner(tx, id, event, alerts);
      }
      return row.id;
    });
  } catch (error) {
    await storage.remove(mediaKey);
    throw error;
  }
}

export interface OwnerDocumentLine {
  id: number;
  title: string;
  category: OwnerDocumentCategory;
  unitName: string | null;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
}

/** What the owner may see: documents of units they hold a share of, and their own. */
function ownedBy(ownerId: number, unitIds: number[]) {
  return or(
    eq(ownerDocuments.ownerId, ownerId),
    unitIds.length > 0 ? inArray(ownerDocuments.propertyId, unitIds) : undefined,
  );
}

async function unitsOf(db: AppDatabase, ownerId: number) {
  const rows = await db
    .select({ id: unitOwners.propertyId })
    .from(unitOwners)
    .where(eq(unitOwners.ownerId, ownerId));
  return rows.map((r) => r.id);
}

const lineColumns = {
  id: ownerDocuments.id,
  title: ownerDocuments.title,
  category: ownerDocuments.category,
  unitName: properties.name,
  contentType: ownerDocuments.contentType,
  sizeBytes: ownerDocuments.sizeBytes,
  createdAt: ownerDocuments.createdAt,
};

/** The owner's documents, newest first. */
export async function listOwnerDocuments(
  db: AppDatabase,
  ownerId: number,
  limit = 200,
): Promise<OwnerDocumentLine[]> {
  const rows = await db
    .select(lineColumns)
    .from(ownerDocuments)
    .leftJoin(properties, eq(properties.id, ownerDocuments.propertyId))
    .where(ownedBy(ownerId, await unitsOf(db, ownerId)))
    .orderBy(desc(ownerDocuments.createdAt), desc(ownerDocuments.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The desk deletes a document: its row and its file in private storage, with an audit entry of
 * what it was. The file is removed inside the transaction, last: when storage fails, nothing is
 * deleted and the desk may try again. False when there is no such document (deleted already).
 */
export async function deleteOwnerDocument(
  db: AppDatabase,
  storage: MediaStorage,
  documentId: number,
  adminId: number | null,
): Promise<{ title: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(ownerDocuments)
      .where(eq(ownerDocuments.id, documentId))
      .returning();
    if (!row) return null;
    const { createdAt, ...before } = row;
    await tx.insert(auditLog).values({
      adminUserId: adminId,
      action: "delete",
      entity: "owner_document",
      entityId: String(row.id),
      before: { ...before, createdAt: createdAt.toISOString() },
      after: null,
    });
    await storage.remove(row.mediaKey);
    return { title: row.title };
  });
}

/** Every document, for the desk, newest first. */
export async function listDocumentsForAdmin(db: AppDatabase) {
  const rows = await db
    .select({ ...lineColumns, ownerName: owners.name })
    .from(ownerDocuments)
    .leftJoin(properties, eq(properties.id, ownerDocuments.propertyId))
    .leftJoin(owners, eq(owners.id, ownerDocuments.ownerId))
    .where(or(isNotNull(ownerDocuments.propertyId), isNotNull(ownerDocuments.ownerId)))
    .orderBy(desc(ownerDocuments.createdAt), desc(ownerDocuments.id))
    .limit(300);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * A document's file for its owner: null when the id is not one of their documents (someone
 * else's, or none), or when its file is gone.
 */
export async function ownerDocumentFile(
  db: AppDatabase,
  storage: MediaStorage,
  ownerId: number,
  documentId: number,
): Promise<{ bytes: Uint8Array; contentType: string; fileName: string } | null> {
  const [row] = await db
    .select({
      title: ownerDocuments.title,
      mediaKey: ownerDocuments.mediaKey,
      contentType: ownerDocuments.contentType,
    })
    .from(ownerDocuments)
    .where(and(eq(ownerDocuments.id, documentId), ownedBy(ownerId, await unitsOf(db, ownerId))));
  if (!row) return null;
  const bytes = await storage.get(row.mediaKey);
  if (!bytes) return null;
  const extension = row.mediaKey.endsWith(".pdf") ? "pdf" : "webp";
  return { bytes, contentType: row.contentType, fileName: `${row.title}.${extension}` };
}

/**
 * The Content-Disposition of a download: always an attachment; an ASCII name for old clients
 * (anything else replaced) and the title in UTF-8 (RFC 6266/5987).
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9 ._-]/g, "_").slice(0, 100) || "document";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

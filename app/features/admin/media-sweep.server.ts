import { eq, like, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  auditLog,
  depositDeductions,
  leaseInspectionItems,
  propertyImages,
  repairEvents,
  repairTickets,
  tasks,
} from "../../db/schema.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";

const KEY_IN_TEXT = /uploads\/[a-f0-9]{32}/g;
const FILE = /^uploads\/([a-f0-9]{32})-\d+\.webp$/;

/**
 * Deletes uploaded pictures that nothing refers to: no property, lease inspection, deposit
 * deduction, TM30 receipt or repair ticket (its photos and quote) uses them and no recorded
 * deletion could restore them (typically uploaded into a form that was then cancelled). Only
 * files older than `minAgeMs` go, so a form being filled in right now keeps its uploads.
 */
export async function sweepUnusedUploads(
  db: AppDatabase,
  storage: MediaStorage,
  minAgeMs = 24 * 60 * 60 * 1000,
  now: Date = new Date(),
): Promise<number> {
  // Every file of an upload, by its key: its variants, whatever their widths.
  const filesByKey = new Map<string, string[]>();
  const candidates = new Set<string>();
  for (const file of await storage.list("uploads/")) {
    const match = FILE.exec(file.path);
    if (!match) continue;
    const key = `uploads/${match[1]}`;
    filesByKey.set(key, [...(filesByKey.get(key) ?? []), file.path]);
    if (now.getTime() - file.modifiedAt.getTime() >= minAgeMs) candidates.add(key);
  }
  if (candidates.size === 0) return 0;

  const used = new Set<string>();
  const images = await db
    .select({ key: propertyImages.mediaKey })
    .from(propertyImages)
    .where(like(propertyImages.mediaKey, "uploads/%"));
  for (const row of images) if (row.key) used.add(row.key);
  // Photos of lease inspections keep the path of a variant; its key is inside.
  const photos = await db
    .select({ paths: sql<string>`array_to_string(${leaseInspectionItems.photoKeys}, ' ')` })
    .from(leaseInspectionItems)
    .where(sql`cardinality(${leaseInspectionItems.photoKeys}) > 0`);
  for (const row of photos) for (const key of row.paths.match(KEY_IN_TEXT) ?? []) used.add(key);
  // Photos of repair tickets and pictures of their quotes, kept as a variant's path too.
  const repairPhotos = await db
    .select({ path: repairEvents.photoKey })
    .from(repairEvents)
    .where(sql`${repairEvents.photoKey} is not null`);
  const quotes = await db
    .select({ path: repairTickets.quoteKey })
    .from(repairTickets)
    .where(sql`${repairTickets.quoteKey} is not null`);
  // Photos of deposit deductions and of TM30 receipts, kept as a variant's path too.
  const deductionPhotos = await db
    .select({ path: depositDeductions.mediaKey })
    .from(depositDeductions)
    .where(sql`${depositDeductions.mediaKey} is not null`);
  const receipts = await db
    .select({ path: tasks.receiptMediaKey })
    .from(tasks)
    .where(sql`${tasks.receiptMediaKey} is not null`);
  for (const row of [...repairPhotos, ...quotes, ...deductionPhotos, ...receipts])
    for (const key of row.path?.match(KEY_IN_TEXT) ?? []) used.add(key);
  const deletions = await db
    .select({ before: sql<string>`${auditLog.before}::text` })
    .from(auditLog)
    .where(eq(auditLog.action, "delete"));
  for (const row of deletions)
    for (const key of row.before?.match(KEY_IN_TEXT) ?? []) used.add(key);

  let removed = 0;
  for (const key of candidates) {
    if (used.has(key)) continue;
    for (const file of filesByKey.get(key) ?? []) await storage.remove(file);
    removed++;
  }
  return removed;
}

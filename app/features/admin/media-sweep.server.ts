import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { auditLog, propertyImages } from "../../db/schema.ts";
import { MEDIA_WIDTHS, variantPath } from "../media/media-url.ts";
import type { MediaStorage } from "../media/storage.server.ts";

const KEY_IN_TEXT = /uploads\/[a-f0-9]{32}/g;
const FILE = /^([a-f0-9]{32})-\d+\.webp$/;

/**
 * Deletes uploaded pictures that nothing refers to: no property uses them and no recorded
 * deletion could restore them (typically uploaded into a form that was then cancelled). Only
 * files older than `minAgeMs` go, so a form being filled in right now keeps its uploads.
 */
export async function sweepUnusedUploads(
  db: AppDatabase,
  storage: MediaStorage,
  mediaRoot: string,
  minAgeMs = 24 * 60 * 60 * 1000,
  now: Date = new Date(),
): Promise<number> {
  const folder = path.join(mediaRoot, "uploads");
  const names = await readdir(folder).catch(() => [] as string[]);
  const candidates = new Set<string>();
  for (const name of names) {
    const match = FILE.exec(name);
    if (!match) continue;
    const info = await stat(path.join(folder, name)).catch(() => null);
    if (info && now.getTime() - info.mtimeMs >= minAgeMs) candidates.add(`uploads/${match[1]}`);
  }
  if (candidates.size === 0) return 0;

  const used = new Set<string>();
  const images = await db
    .select({ key: propertyImages.mediaKey })
    .from(propertyImages)
    .where(like(propertyImages.mediaKey, "uploads/%"));
  for (const row of images) if (row.key) used.add(row.key);
  const deletions = await db
    .select({ before: sql<string>`${auditLog.before}::text` })
    .from(auditLog)
    .where(eq(auditLog.action, "delete"));
  for (const row of deletions)
    for (const key of row.before?.match(KEY_IN_TEXT) ?? []) used.add(key);

  let removed = 0;
  for (const key of candidates) {
    if (used.has(key)) continue;
    for (const width of MEDIA_WIDTHS) await storage.remove(variantPath(key, width));
    // A picture narrower than 480 px is stored at its own width.
    for (const name of names) {
      if (name.startsWith(`${key.slice("uploads/".length)}-`))
        await storage.remove(`uploads/${name}`);
    }
    removed++;
  }
  return removed;
}

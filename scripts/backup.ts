/**
 * Backups of the database the configuration names (DATABASE_URL, or the embedded one in
 * DATA_DIR; stop the server first when it is the embedded one) and of the media in MEDIA_DIR:
 *   npm run db:backup [-- FILE]             one .tar.gz (default: DATA_DIR/backups/backup-<time>.tar.gz)
 *   npm run db:restore -- FILE [--force]    puts it back; --force replaces a database holding data
 */
import path from "node:path";
import {
  BackupError,
  createBackup,
  RestoreRefusedError,
  restoreBackup,
} from "../app/db/backup.server.ts";
import { createMediaStorage } from "../app/features/media/create-storage.server.ts";
import { openConfiguredDatabase } from "./configured-database.ts";

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes("--force");
const file = rest.find((arg) => !arg.startsWith("--"));
if ((command !== "backup" && command !== "restore") || (command === "restore" && !file)) {
  console.error("Usage: npm run db:backup [-- FILE]  |  npm run db:restore -- FILE [--force]");
  process.exit(2);
}

const { config, database, where } = await openConfiguredDatabase();
const storage = createMediaStorage(config);

try {
  if (command === "backup") {
    const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "");
    const target = path.resolve(
      file ?? path.join(config.dataDir, "backups", `backup-${stamp.replace("T", "-")}.tar.gz`),
    );
    const { manifest, missingMedia } = await createBackup(database, storage, target);
    const rows = manifest.tables.map((t) => `${t.name} ${t.rows}`).join(", ");
    console.log(`Backed up ${where} and ${config.mediaDir} into ${target}`);
    console.log(`  rows: ${rows}`);
    console.log(
      `  media: ${manifest.media.files} files, ${(manifest.media.bytes / 1_048_576).toFixed(1)} MB; migration ${manifest.migration.tag}`,
    );
    if (missingMedia.length > 0) {
      console.warn(
        `  ${missingMedia.length} pictures named in the database were not in the media folder, e.g. ${missingMedia[0]}`,
      );
    }
  } else {
    const source = path.resolve(file ?? "");
    const { manifest, rows, mediaFiles } = await restoreBackup(database, storage, source, {
      force,
    });
    console.log(
      `Restored ${source} (made ${manifest.createdAt} on ${manifest.engine}) into ${where}: ${rows} rows, ${mediaFiles} media files. Admins sign in again.`,
    );
  }
} catch (error) {
  if (error instanceof RestoreRefusedError || error instanceof BackupError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exitCode = 1;
} finally {
  await database.close();
}

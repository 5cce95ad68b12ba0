/**
 * Backups of the whole site in one file: the database and the media, in a format that does
 * not depend on the engine, so a backup of the embedded database restores into PostgreSQL and
 * back. An archive is a .tar.gz holding
 *   manifest.json          format version, migration level, date, row and file counts
 *   db/<table>.jsonl       one JSON object per row (PostgreSQL's to_jsonb), parents first
 *   media/<path>           every stored picture
 * See docs/decisions/040-backups.md and docs/operations.md.
 */
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { is, type SQL, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as tar from "tar";
import type { MediaStorage } from "../lib/media-storage.ts";
import { projectRoot } from "../lib/paths.server.ts";
import type { AppDatabase, Database } from "./client.server.ts";
import * as schema from "./schema.ts";

export const BACKUP_FORMAT = "kamala-living-backup";
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Tables left out of a backup, with why. Sessions (admins' and owners'): a restored session
 * could bring back a sign-in that was ended (signed out, password reset, account disabled) after
 * the backup, so a restore signs everyone out instead. Rate limits: counters of the last minutes,
 * meaningless later.
 */
export const TABLES_NOT_BACKED_UP = ["sessions", "owner_sessions", "rate_limits"] as const;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  engine: Database["kind"];
  /** The last migration applied to the database backed up (drizzle's `created_at`). */
  migration: { createdAt: number; tag: string | null };
  tables: { name: string; rows: number }[];
  media: { files: number; bytes: number };
}

export class BackupError extends Error {
  override name = "BackupError";
}

/** Restoring would overwrite data: it needs `force`. */
export class RestoreRefusedError extends BackupError {
  override name = "RestoreRefusedError";
}

interface TableInfo {
  name: string;
  table: PgTable;
  /** The primary key's columns: rows are read in their order, a page at a time. */
  primaryKey: string[];
  columns: Set<string>;
  identity: string | null;
}

/** Every table declared in schema.ts. */
function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
}

/** Every table of the schema that is backed up, each after the tables it refers to. */
export function backedUpTables(): TableInfo[] {
  const all = schemaTables();
  const infos = new Map<string, TableInfo & { parents: string[] }>();
  for (const table of all) {
    const config = getTableConfig(table);
    if ((TABLES_NOT_BACKED_UP as readonly string[]).includes(config.name)) continue;
    const primary =
      config.primaryKeys[0]?.columns.map((c) => c.name) ??
      config.columns.filter((c) => c.primary).map((c) => c.name);
    if (primary.length === 0) {
      throw new Error(`Table ${config.name} needs a primary key to be backed up`);
    }
    const identity = config.columns.find(
      (c) => (c as { generatedIdentity?: unknown }).generatedIdentity !== undefined,
    );
    infos.set(config.name, {
      name: config.name,
      table,
      primaryKey: primary,
      columns: new Set(config.columns.map((c) => c.name)),
      identity: identity?.name ?? null,
      parents: config.foreignKeys
        .map((fk) => getTableConfig(fk.reference().foreignTable).name)
        .filter((parent) => parent !== config.name),
    });
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < infos.size) {
    const next = [...infos.values()].find(
      (t) => !placed.has(t.name) && t.parents.every((p) => placed.has(p) || !infos.has(p)),
    );
    if (!next) throw new Error("The tables' foreign keys form a cycle");
    placed.add(next.name);
    const { parents: _parents, ...info } = next;
    ordered.push(info);
  }
  return ordered;
}

interface Migration {
  createdAt: number;
  tag: string;
}

/** The migrations this code ships, oldest first. */
export async function codeMigrations(): Promise<Migration[]> {
  const journal = JSON.parse(
    await readFile(path.join(projectRoot(), "drizzle", "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number; tag: string }[] };
  return journal.entries.map((e) => ({ createdAt: e.when, tag: e.tag }));
}

async function databaseMigrationLevel(db: AppDatabase): Promise<number | null> {
  const exists = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists[0]?.present) return null;
  const [row] = await rows<{ level: string | null }>(
    db,
    sql`select max(created_at)::text as level from drizzle.__drizzle_migrations`,
  );
  return row?.level ? Number(row.level) : null;
}

async function rows<T>(db: AppDatabase, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  /** Media files the database refers to that were not found (a picture removed meanwhile). */
  missingMedia: string[];
}

/**
 * Writes a backup of `database` and `media` to `file`. The tables are read in one
 * repeatable-read transaction, so they agree with each other even while the site runs; the
 * media are read afterwards, so every picture a row names was already stored. The archive is
 * written under a temporary name and renamed when complete.
 */
export async function createBackup(
  database: Database,
  media: MediaStorage,
  file: string,
  options: { pageSize?: number } = {},
): Promise<BackupResult> {
  // Rows are read a page at a time, in primary-key order (keyset pagination).
  const pageSize = options.pageSize ?? 1000;
  const staging = await mkdtemp(path.join(tmpdir(), "backup-"));
  try {
    await mkdir(path.join(staging, "db"));
    const level = await databaseMigrationLevel(database.db);
    if (level === null)
      throw new BackupError("The database has no tables yet: nothing to back up.");
    const tables = backedUpTables();
    const counts: BackupManifest["tables"] = [];
    const referenced = new Set<string>();
    await database.db.transaction(
      async (tx) => {
        for (const info of tables) {
          const lines: string[] = [];
          let last: unknown[] | null = null;
          const key = sql.join(
            info.primaryKey.map((column) => sql`t.${sql.identifier(column)}`),
            sql`, `,
          );
          for (;;) {
            const after: unknown[] | null = last;
            const page: { row: string; key: unknown[] }[] = await rows(
              tx as unknown as AppDatabase,
              sql`select to_jsonb(t)::text as row, jsonb_build_array(${key}) as key
                  from ${info.table} t
                  ${
                    after === null
                      ? sql``
                      : sql`where (${key}) > (${sql.join(
                          after.map((v) => sql`${v}`),
                          sql`, `,
                        )})`
                  }
                  order by ${key} limit ${pageSize}`,
            );
            for (const r of page) lines.push(r.row);
            if (page.length < pageSize) break;
            last = page[page.length - 1]?.key ?? null;
          }
          if (info.name === "property_images") {
            for (const line of lines) {
              const image = JSON.parse(line) as { media_key: string | null; variants: number[] };
              if (image.media_key) {
                for (const width of image.variants)
                  referenced.add(`${image.media_key}-${width}.webp`);
              }
            }
          }
          await writeFile(
            path.join(staging, "db", `${info.name}.jsonl`),
            lines.length ? `${lines.join("\n")}\n` : "",
          );
          counts.push({ name: info.name, rows: lines.length });
        }
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );

    let mediaFiles = 0;
    let mediaBytes = 0;
    const stored = new Set<string>();
    const files = (await media.list("")).map((file) => file.path).sort();
    for (const relative of files) {
      const bytes = await media.get(relative);
      if (!bytes) continue; // removed since it was listed
      const target = path.join(staging, "media", relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
      stored.add(relative);
      mediaFiles++;
      mediaBytes += bytes.length;
    }

    const known = (await codeMigrations()).find((m) => m.createdAt === level);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      engine: database.kind,
      migration: { createdAt: level, tag: known?.tag ?? null },
      tables: counts,
      media: { files: mediaFiles, bytes: mediaBytes },
    };
    await writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    try {
      await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, [
        "manifest.json",
        "db",
        ...(mediaFiles > 0 ? ["media"] : []),
      ]);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { file, manifest, missingMedia: [...referenced].filter((r) => !stored.has(r)).sort() };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Reads an archive's manifest without unpacking the rest. */
export async function readManifest(file: string): Promise<BackupManifest> {
  let text: string | undefined;
  await tar.t({
    file,
    filter: (entry) => entry === "manifest.json",
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      entry.on("end", () => {
        text = Buffer.concat(chunks).toString("utf8");
      });
    },
  });
  if (text === undefined) throw new BackupError(`${file} is not a backup: it has no manifest.`);
  return parseManifest(text);
}

function parseManifest(text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupError("The backup's manifest is not readable.");
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError("This file is not a backup of this site.");
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `The backup uses format ${manifest.formatVersion}; this version of the site reads up to ${BACKUP_FORMAT_VERSION}. Upgrade the site first.`,
    );
  }
  return manifest;
}

export interface RestoreOptions {
  /** Replace what the target holds (units, leads or accounts); without it, such a target is refused. */
  force?: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  rows: number;
  mediaFiles: number;
}

/** Whether the database holds anything a restore would overwrite: a unit, a lead or an account. */
export async function holdsData(db: AppDatabase): Promise<boolean> {
  const [row] = await rows<{ present: boolean }>(
    db,
    sql`select exists (select 1 from ${schema.properties})
          or exists (select 1 from ${schema.leads})
          or exists (select 1 from ${schema.adminUsers}) as present`,
  );
  return row?.present === true;
}

/**
 * Puts a backup back: migrates the target to this code's level (an archive from a newer level is
 * refused), then in one transaction empties every table and inserts the archive's rows, moves
 * identity sequences past the restored ids, and bumps the page-cache version; then writes the
 * media. A target holding units, leads or accounts is refused unless `force`. Sessions are not
 * in a backup: everyone signs in again.
 */
export async function restoreBackup(
  database: Database,
  storage: MediaStorage,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  await stat(file).catch(() => {
    throw new BackupError(`No backup at ${file}.`);
  });
  const staging = await mkdtemp(path.join(tmpdir(), "restore-"));
  try {
    await tar.x({ file, cwd: staging, strict: true });
    const manifest = parseManifest(
      await readFile(path.join(staging, "manifest.json"), "utf8").catch(() => {
        throw new BackupError(`${file} is not a backup: it has no manifest.`);
      }),
    );
    const migrations = await codeMigrations();
    const latest = migrations[migrations.length - 1];
    if (!latest || manifest.migration.createdAt > latest.createdAt) {
      throw new BackupError(
        `The backup comes from a newer version of the site (migration ${manifest.migration.tag ?? manifest.migration.createdAt}); this one knows up to ${latest?.tag}. Restore it with that version or newer.`,
      );
    }
    // The pictures are counted before anything changes: a damaged archive changes nothing.
    const mediaRoot = path.join(staging, "media");
    const media = (
      await readdir(mediaRoot, { recursive: true, withFileTypes: true }).catch(() => [])
    )
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(mediaRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
      );
    if (media.length !== manifest.media.files) {
      throw new BackupError(
        `The backup holds ${media.length} media files where its manifest says ${manifest.media.files}: the file is damaged.`,
      );
    }
    const tables = backedUpTables();
    const known = new Set(tables.map((t) => t.name));
    for (const entry of manifest.tables) {
      if (!known.has(entry.name)) {
        throw new BackupError(`The backup has a table this version does not know: ${entry.name}.`);
      }
    }

    let restoredRows = 0;
    await database.exclusive(async () => {
      await database.migrate();
      if (!options.force && (await holdsData(database.db))) {
        throw new RestoreRefusedError(
          "The target database already holds units, leads or admin accounts. Restoring would replace them all: run again with --force to do so.",
        );
      }
      await database.db.transaction(async (tx) => {
        const db = tx as unknown as AppDatabase;
        const before = await contentVersion(db);
        const allTables = schemaTables();
        await db.execute(
          sql`truncate table ${sql.join(
            allTables.map((t) => sql`${t}`),
            sql`, `,
          )} restart identity cascade`,
        );
        let archivedVersion = 0;
        for (const info of tables) {
          const expected = manifest.tables.find((t) => t.name === info.name)?.rows ?? 0;
          let inserted = 0;
          let batch: Record<string, unknown>[] = [];
          let batchBytes = 0;
          const flush = async () => {
            if (batch.length === 0) return;
            await insertRows(db, info, batch);
            inserted += batch.length;
            batch = [];
            batchBytes = 0;
          };
          const source = path.join(staging, "db", `${info.name}.jsonl`);
          const present = await stat(source).then(
            () => true,
            () => false,
          );
          if (present) {
            const lines = createInterface({ input: createReadStream(source), crlfDelay: Infinity });
            for await (const line of lines) {
              if (!line) continue;
              const row = JSON.parse(line) as Record<string, unknown>;
              // The page-cache version is set below, past both the target's and the archive's.
              if (info.table === schema.settings && row.key === "content_version") {
                archivedVersion = Number(row.value) || 0;
                inserted++;
                continue;
              }
              batch.push(row);
              batchBytes += line.length;
              if (batch.length >= 500 || batchBytes > 1_000_000) await flush();
            }
            await flush();
          }
          if (inserted !== expected) {
            throw new BackupError(
              `The backup's ${info.name} holds ${inserted} rows where its manifest says ${expected}: the file is damaged.`,
            );
          }
          restoredRows += expected;
          if (info.identity) {
            const column = sql.identifier(info.identity);
            await db.execute(
              sql`select setval(pg_get_serial_sequence(${info.name}, ${info.identity}),
                    coalesce((select max(${column}) from ${info.table}), 0) + 1, false)`,
            );
          }
        }
        const version = Math.max(before, archivedVersion, await contentVersion(db)) + 1;
        await db
          .insert(schema.settings)
          .values({ key: "content_version", value: version, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: schema.settings.key,
            set: { value: version, updatedAt: new Date() },
          });
      });
    });

    let mediaFiles = 0;
    for (const relative of media) {
      await storage.put(relative, await readFile(path.join(mediaRoot, relative)));
      mediaFiles++;
    }
    return { manifest, rows: restoredRows, mediaFiles };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function contentVersion(db: AppDatabase): Promise<number> {
  const [row] = await rows<{ version: string | null }>(
    db,
    sql`select value #>> '{}' as version from ${schema.settings} where key = 'content_version'`,
  );
  return Number(row?.version ?? 0) || 0;
}

/** Inserts archived rows as they were, ids included, naming only the columns the archive has. */
async function insertRows(db: AppDatabase, info: TableInfo, batch: Record<string, unknown>[]) {
  const names = Object.keys(batch[0] ?? {});
  for (const name of names) {
    if (!info.columns.has(name)) {
      throw new BackupError(
        `The backup has a column this version does not know: ${info.name}.${name}.`,
      );
    }
  }
  const columns = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${info.table} (${columns}) ${info.identity ? sql`overriding system value` : sql``}
        select ${columns} from jsonb_populate_recordset(null::${info.table}, ${JSON.stringify(batch)}::jsonb)`,
  );
}

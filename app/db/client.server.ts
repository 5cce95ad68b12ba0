import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectRoot } from "../lib/paths.server.ts";
import { DurableNodeFS, durableStartParams } from "./durable-fs.server.ts";
import { packedCluster } from "./empty-cluster.server.ts";
import * as schema from "./schema.ts";

export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction on the application's database. */
export type AppTransaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export type DatabaseKind = "embedded" | "postgres";

/** An open database: the Drizzle handle plus what the server needs around it. */
export interface Database {
  kind: DatabaseKind;
  db: AppDatabase;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Applies the committed SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a database-wide lock, so that several servers starting together
   * migrate and seed once. The embedded database has a single user, so there it just runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` only when no other server holds the advisory lock `lockId` (then returns
   * `{ ran: false }` at once): background jobs that one server at a time should do.
   * The embedded database has a single user, so there it just runs.
   */
  tryExclusive<T>(
    lockId: number,
    fn: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL: use that server. Otherwise the embedded database. */
  url?: string | undefined;
  /** Folder of the embedded database's files; omitted, it lives in memory only. */
  dataDir?: string | undefined;
}

const migrationsFolder = () => path.join(projectRoot(), "drizzle");
const LOCK_ID = 727_001;

/**
 * The embedded database's memory (decision 099): PostgreSQL's defaults size its buffers for a
 * server of its own (128 MB of shared buffers, touched as they fill); this site's whole database
 * is a few megabytes, so 16 MB of shared buffers and small WAL and temporary buffers hold it with
 * room to spare, and the WebAssembly memory stays near its 128 MB minimum.
 */
export const EMBEDDED_MEMORY_PARAMS = [
  "-c",
  "shared_buffers=16MB",
  "-c",
  "wal_buffers=1MB",
  "-c",
  "temp_buffers=2MB",
]; // an arbitrary, fixed advisory-lock id for start-up work

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url) : openEmbedded(options.dataDir);
}

async function openEmbedded(dataDir: string | undefined): Promise<Database> {
  let unlock = async () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockFolder(dataDir);
  }
  // On disk, commits are synced to the disk before they answer (see durable-fs.server.ts).
  // A new folder starts from the build's packed empty cluster when there is one.
  const fresh = dataDir !== undefined && !existsSync(path.join(dataDir, "PG_VERSION"));
  const loadDataDir = fresh ? await packedCluster() : undefined;
  const client = dataDir
    ? await PGlite.create({
        dataDir,
        fs: new DurableNodeFS(dataDir),
        startParams: [...durableStartParams(), ...EMBEDDED_MEMORY_PARAMS],
        ...(loadDataDir ? { loadDataDir } : {}),
      })
    : await PGlite.create({
        dataDir: "memory://",
        startParams: [...PGlite.defaultStartParams, ...EMBEDDED_MEMORY_PARAMS],
      });
  const db = drizzlePglite({ client, schema });
  return {
    kind: "embedded",
    db: db as unknown as AppDatabase,
    ping: async () => {
      await client.query("select 1");
    },
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    exclusive: (fn) => fn(),
    tryExclusive: async (_lockId, fn) => ({ ran: true, value: await fn() }),
    close: async () => {
      await client.close();
      await unlock();
    },
  };
}

/**
 * The embedded database's files must have one user at a time: a second process (a server, or
 * `npm run db:reset` while the server runs) would corrupt them. A lock file holding the owner's
 * process id guards the folder; one left behind by a process that died is taken over.
 */
async function lockFolder(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, "..", `${path.basename(dataDir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: "wx" });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(await readFile(lockFile, "utf8").catch(() => ""));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${owner}. Stop that server first.`,
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not take the process down; the next query
  // gets a fresh connection or a clear error.
  pool.on("error", () => {});
  const db = drizzleNodePg({ client: pool, schema });
  return {
    kind: "postgres",
    db: db as unknown as AppDatabase,
    ping: async () => {
      await pool.query("select 1");
    },
    migrate: () => migrateNodePg(db, { migrationsFolder: migrationsFolder() }),
    exclusive: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [LOCK_ID]);
        return await fn();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    tryExclusive: async (lockId, fn) => {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          "select pg_try_advisory_lock($1) as locked",
          [lockId],
        );
        if (!rows[0]?.locked) return { ran: false };
        try {
          return { ran: true, value: await fn() };
        } finally {
          await client.query("select pg_advisory_unlock($1)", [lockId]).catch(() => {});
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Drops every table and the migration journal: `npm run db:reset` and tests only. */
export async function dropEverything(db: AppDatabase): Promise<void> {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`create schema public`);
}

import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "./client.server.ts";

/** The engines tests run on: always the embedded one, and PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_ENGINES = [
  "embedded",
  ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : []),
] as const;
export type TestEngine = (typeof TEST_ENGINES)[number];

export interface TestDatabase extends Database {
  /** On PostgreSQL, the throwaway database's URL, so a test can open more connections to it. */
  url?: string;
  /** Closes the database and, on PostgreSQL, drops the throwaway database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: in memory for the embedded engine, a new database on
 * the TEST_DATABASE_URL server otherwise, so parallel runs never see each other's rows.
 */
export async function createTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  if (engine === "embedded") {
    const database = await openDatabase({});
    await database.migrate();
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    destroy: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

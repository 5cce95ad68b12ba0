/**
 * Migration 0016 moves the saved searches' plain tokens into `email_tokens` as SHA-256 hashes:
 * the links in mails sent before it keep working, and no plain token is left in the database.
 */
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSearchByToken } from "../features/saved-searches/saved-searches.server.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "./testing.server.ts";

const MIGRATION = "0016_mail_tokens";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A copy of drizzle/ that stops just before MIGRATION. */
function foldersBefore(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  cpSync("drizzle", dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === MIGRATION);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe.each(TEST_ENGINES)("migration %s on %s", (engine) => {
  let database: TestDatabase;
  let before: string;
  const migrateTo = async (folder: string) => {
    const db = database.db as never;
    if (database.url) await migrateNodePg(db, { migrationsFolder: folder });
    else await migratePglite(db, { migrationsFolder: folder });
  };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Start again from nothing, then migrate up to the one before.
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
    before = foldersBefore();
    await migrateTo(before);
  });
  afterAll(async () => {
    rmSync(before, { recursive: true, force: true });
    await database?.destroy();
  });

  it("keeps old links working as hashed tokens, and marks old subscriptions confirmed", async () => {
    const pendingToken = "P".repeat(43);
    const confirmedToken = "C".repeat(43);
    await database.db.execute(sql`
      insert into saved_searches (email, filters, language, token, confirmed_at)
      values ('pending@example.com', 'status=soon', 'en', ${pendingToken}, null),
             ('done@example.com', 'status=soon', 'en', ${confirmedToken}, now())`);
    await database.db.execute(sql`
      insert into leads (kind, email, language) values ('newsletter', 'old@example.com', 'en')`);

    await migrateTo(path.resolve("drizzle"));

    const rows = (
      (await database.db.execute(
        sql`select purpose, token_hash, email from email_tokens order by email, purpose`,
      )) as unknown as { rows: { purpose: string; token_hash: string; email: string }[] }
    ).rows;
    expect(rows).toEqual([
      {
        purpose: "search-unsubscribe",
        token_hash: sha256(confirmedToken),
        email: "done@example.com",
      },
      { purpose: "search-confirm", token_hash: sha256(pendingToken), email: "pending@example.com" },
      {
        purpose: "search-unsubscribe",
        token_hash: sha256(pendingToken),
        email: "pending@example.com",
      },
    ]);
    // The plain tokens are gone with their column.
    const columns = (
      (await database.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'saved_searches'`,
      )) as unknown as { rows: { column_name: string }[] }
    ).rows.map((r) => r.column_name);
    expect(columns).not.toContain("token");
    // The link of a mail sent before still finds its search.
    expect(await findSearchByToken(database.db, pendingToken, "confirm")).toMatchObject({
      email: "pending@example.com",
      confirmed: false,
    });
    expect(await findSearchByToken(database.db, confirmedToken, "confirm")).toBeNull();
    expect(await findSearchByToken(database.db, confirmedToken, "unsubscribe")).toMatchObject({
      email: "done@example.com",
      confirmed: true,
    });
    const leads = (
      (await database.db.execute(
        sql`select confirmed_at is not null as confirmed from leads where email = 'old@example.com'`,
      )) as unknown as { rows: { confirmed: boolean }[] }
    ).rows;
    expect(leads).toEqual([{ confirmed: true }]);
  });
});

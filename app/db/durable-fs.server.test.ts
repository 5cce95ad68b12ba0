import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client.server.ts";
import { DurableNodeFS, durableStartParams } from "./durable-fs.server.ts";

const WAL_SEGMENT = /[/\\]pg_wal[/\\][0-9A-F]{24}$/;

describe("the embedded database on disk", () => {
  let folder: string | undefined;
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
    folder = undefined;
  });

  it("syncs the write-ahead log to disk before a commit answers, in and out of transactions", async () => {
    folder = await mkdtemp(path.join(tmpdir(), "durable-"));
    const fs = new DurableNodeFS(folder);
    const client = await PGlite.create({ dataDir: folder, fs, startParams: durableStartParams() });
    try {
      await client.exec("create table notes (id int generated always as identity, body text)");

      fs.synced.length = 0;
      await client.query("insert into notes (body) values ('one')");
      expect(fs.synced.some((file) => WAL_SEGMENT.test(file))).toBe(true);

      fs.synced.length = 0;
      await client.transaction(async (tx) => {
        await tx.query("insert into notes (body) values ('two')");
        await tx.query("insert into notes (body) values ('three')");
        // Nothing is committed yet, so nothing needs to be on disk yet.
        expect(fs.synced).toEqual([]);
      });
      expect(fs.synced.some((file) => WAL_SEGMENT.test(file))).toBe(true);

      fs.synced.length = 0;
      await client.query("select count(*) from notes");
      expect(fs.synced).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("is opened by the application with fsync on", async () => {
    folder = await mkdtemp(path.join(tmpdir(), "durable-"));
    const database = await openDatabase({ dataDir: path.join(folder, "pglite") });
    try {
      const setting = async (name: string) => {
        const result = await database.db.execute(sql.raw(`show ${name}`));
        return Object.values(
          (result as unknown as { rows: Record<string, string>[] }).rows[0] ?? {},
        );
      };
      expect(await setting("fsync")).toEqual(["on"]);
      expect(await setting("wal_sync_method")).toEqual(["fsync"]);
      expect(await setting("synchronous_commit")).toEqual(["on"]);
    } finally {
      await database.close();
    }
  });
});

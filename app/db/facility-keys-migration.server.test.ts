/**
 * Migration 0025 moves the free-text facilities of every property onto the fixed set's keys, as
 * the form now stores them (app/features/listings/facilities.ts), and keeps the rest as typed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FACILITY_ALIASES,
  FACILITY_KEYS,
  normalName,
  storedFacilities,
} from "../features/listings/facilities.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "./testing.server.ts";

const MIGRATION = "0025_facility_keys";
const SQL_FILE = path.resolve("drizzle", `${MIGRATION}.sql`);

/** A copy of drizzle/ that stops just before MIGRATION. */
function foldersBefore(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  cpSync("drizzle", dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === MIGRATION),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("migration 0025's list of names", () => {
  it("is the code's: each key's own name and each other name, with the key's place in the set", () => {
    const text = readFileSync(SQL_FILE, "utf8");
    const rows = [...text.matchAll(/\('((?:[^']|'')+)', '([a-z-]+)', (\d+)\)/g)].map(
      ([, name, key, pos]) => [name?.replaceAll("''", "'"), key, Number(pos)],
    );
    const expected = [
      ...FACILITY_KEYS.map((key) => [normalName(key), key, FACILITY_KEYS.indexOf(key)]),
      ...Object.entries(FACILITY_ALIASES).map(([name, key]) => [
        name,
        key,
        FACILITY_KEYS.indexOf(key),
      ]),
    ];
    expect(rows).toEqual(expected);
  });
});

describe.each(TEST_ENGINES)("migration 0025 on %s", (engine) => {
  let database: TestDatabase;
  let before: string;
  const migrateTo = async (folder: string) => {
    const db = database.db as never;
    if (database.url) await migrateNodePg(db, { migrationsFolder: folder });
    else await migratePglite(db, { migrationsFolder: folder });
  };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
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

  it("maps the typed facilities onto the set and keeps the unknown ones as typed", async () => {
    const typed: Record<string, string[]> = {
      "A-1": ["Private pool", "Garden", " WiFi", "BBQ", "Rooftop helipad", "Air-Conditioning"],
      "A-2": ["Swimming pool", "wi-fi", "Gym", "", "Kids' club", "Rooftop Helipad", "pool"],
      "A-3": [],
    };
    for (const [code, facilities] of Object.entries(typed)) {
      await database.db.execute(sql`
        insert into properties (slug, name, building, unit_code, type, location, bedrooms,
          bathrooms, size_m2, pricing_monthly, pricing_six_month, pricing_yearly, facilities)
        values (${code.toLowerCase()}, ${code}, 'The Trees', ${code}, 'condo', 'Kamala', 1, 1,
          30, 30000, 25000, 20000, array(select jsonb_array_elements_text(${JSON.stringify(facilities)}::jsonb)))`);
    }

    await migrateTo(path.resolve("drizzle"));

    const rows = (
      (await database.db.execute(
        sql`select unit_code, facilities from properties order by unit_code`,
      )) as unknown as { rows: { unit_code: string; facilities: string[] }[] }
    ).rows;
    expect(rows).toEqual([
      {
        unit_code: "A-1",
        facilities: [
          "private-pool",
          "garden",
          "bbq",
          "wifi",
          "air-conditioning",
          "Rooftop helipad",
        ],
      },
      { unit_code: "A-2", facilities: ["pool", "gym", "kids-club", "wifi", "Rooftop Helipad"] },
      { unit_code: "A-3", facilities: [] },
    ]);
    // What the form would store from the same text, so a later save changes nothing.
    for (const row of rows) {
      expect(storedFacilities(typed[row.unit_code] ?? [])).toEqual(row.facilities);
    }
  });
});

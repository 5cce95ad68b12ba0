import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoUnits } from "../features/listings/demo-units.server.ts";
import { insertDemoUnits } from "../setup/seed.server.ts";
import {
  CONTENT_CHANGES_KEPT,
  contentChanges,
  contentVersion,
  lockContentVersion,
  recordUnitChange,
  unitsChangedBetween,
} from "./content-version.server.ts";
import { properties, propertyImages } from "./schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "./testing.server.ts";

describe.each(TEST_ENGINES)("content version on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("changes with every write to the listing tables, and only then", async () => {
    const { db } = database;
    const versions = [await contentVersion(db)];
    const next = async () => {
      const v = await contentVersion(db);
      expect(versions).not.toContain(v);
      versions.push(v);
    };
    await insertDemoUnits(db, demoUnits().slice(0, 2));
    await next();
    await db.update(properties).set({ name: "Renamed" }).where(eq(properties.unitCode, "V-01"));
    await next();
    await db.delete(propertyImages).where(eq(propertyImages.position, 0));
    await next();
    await db.select({ n: count() }).from(properties);
    expect(await contentVersion(db)).toBe(versions.at(-1));
    await db.delete(properties);
    await next();
  });
});

describe.each(TEST_ENGINES)("recorded unit changes on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertDemoUnits(database.db, demoUnits().slice(0, 2));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("names the one unit a recorded write changed, and nothing for an unrecorded write", async () => {
    const { db } = database;
    const [first = "", second = ""] = demoUnits().map((u) => u.slug);
    const start = Number(await contentVersion(db));
    await db.transaction(async (tx) => {
      const from = await lockContentVersion(tx);
      expect(from).toBe(start);
      await tx.update(properties).set({ name: "Renamed" }).where(eq(properties.slug, first));
      await tx.delete(propertyImages).where(eq(propertyImages.position, 5));
      await recordUnitChange(tx, from, [first]);
    });
    const afterSave = Number(await contentVersion(db));
    // Two statements, two versions: both covered by the one record.
    expect(afterSave).toBe(start + 2);
    const changes = await contentChanges(db);
    expect(changes.at(-1)).toEqual({ from: start, to: afterSave, units: [first] });
    expect(unitsChangedBetween(changes, start, afterSave)).toEqual(new Set([first]));

    // A write that records nothing (as a calendar sync): from before it, anything may have changed.
    await db.update(properties).set({ name: "Other" }).where(eq(properties.slug, second));
    const afterOther = Number(await contentVersion(db));
    expect(unitsChangedBetween(await contentChanges(db), start, afterOther)).toBeNull();

    // A transaction that writes nothing records nothing.
    await db.transaction(async (tx) => {
      await recordUnitChange(tx, await lockContentVersion(tx), [second]);
    });
    expect((await contentChanges(db)).length).toBe(changes.length);
  });

  it("keeps a bounded number of records", async () => {
    const { db } = database;
    const [first = ""] = demoUnits().map((u) => u.slug);
    for (let i = 0; i < CONTENT_CHANGES_KEPT + 3; i++) {
      await db.transaction(async (tx) => {
        const from = await lockContentVersion(tx);
        await tx
          .update(properties)
          .set({ sizeM2: 100 + i })
          .where(eq(properties.slug, first));
        await recordUnitChange(tx, from, [first]);
      });
    }
    const changes = await contentChanges(db);
    expect(changes.length).toBe(CONTENT_CHANGES_KEPT);
    expect(changes.at(-1)?.to).toBe(Number(await contentVersion(db)));
  });
});

describe("unitsChangedBetween", () => {
  const changes = [
    { from: 3, to: 5, units: ["a"] },
    { from: 5, to: 6, units: ["b"] },
    { from: 8, to: 9, units: ["c"] },
  ];
  it("joins the records that cover every version in between", () => {
    expect(unitsChangedBetween(changes, 3, 6)).toEqual(new Set(["a", "b"]));
    expect(unitsChangedBetween(changes, 5, 6)).toEqual(new Set(["b"]));
    expect(unitsChangedBetween(changes, 6, 6)).toEqual(new Set());
  });
  it("says anything may have changed when a version is not covered", () => {
    expect(unitsChangedBetween(changes, 3, 9)).toBeNull();
    expect(unitsChangedBetween(changes, 4, 6)).toBeNull();
    expect(unitsChangedBetween(changes, 3, 4)).toBeNull();
    expect(unitsChangedBetween(changes, 6, 3)).toBeNull();
    expect(unitsChangedBetween(changes, Number.NaN, 6)).toBeNull();
  });
});

import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoUnits } from "../features/listings/demo-units.server.ts";
import { insertDemoUnits } from "../setup/seed.server.ts";
import { contentVersion } from "./content-version.server.ts";
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

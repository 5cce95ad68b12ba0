import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentChanges,
  contentVersion,
  unitsChangedBetween,
} from "../app/db/content-version.server.ts";
import { adminUsers } from "../app/db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../app/db/testing.server.ts";
import { createProperty, updateProperty } from "../app/features/admin/properties.server.ts";
import { propertyFormSchema } from "../app/features/admin/property-schema.ts";
import { propertyForm } from "../app/features/admin/test-fixtures.ts";
import { LocalDiskStorage } from "../app/features/media/storage.server.ts";

/** What the page cache is told of an admin's save (page-cache-invalidation.test.ts: what it does). */
describe.each(TEST_ENGINES)("an admin's save on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("records the one unit it changed, for every version it made", async () => {
    const { db } = database;
    const [admin] = await db
      .insert(adminUsers)
      .values({ email: "saver@example.com", passwordHash: "x" })
      .returning({ id: adminUsers.id });
    const adminId = admin?.id ?? 0;
    const storage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "save-media-")));
    const form = propertyForm("S-1");
    const created = await createProperty(db, propertyFormSchema.parse(form), adminId);
    const from = Number(await contentVersion(db));
    await updateProperty(
      db,
      storage,
      created.id,
      created.version,
      propertyFormSchema.parse({ ...form, name: "Saved again" }),
      adminId,
    );
    const to = Number(await contentVersion(db));
    expect(to).toBeGreaterThan(from);
    expect(unitsChangedBetween(await contentChanges(db), from, to)).toEqual(
      new Set([created.slug]),
    );
  });
});

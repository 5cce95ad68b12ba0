import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../../../tests/support/s3-server.ts";
import { adminUsers, auditLog, properties, propertyImages } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadListing } from "../listings/listings.server.ts";
import { variantPath } from "../media/media-url.ts";
import { S3Storage } from "../media/s3-storage.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { sweepUnusedUploads } from "./media-sweep.server.ts";
import {
  CONFLICT_MESSAGE,
  createProperty,
  deleteProperty,
  getProperty,
  listProperties,
  updateProperty,
} from "./properties.server.ts";
import { listDeletedProperties, propertyHistory } from "./property-audit.server.ts";
import { describeChanges } from "./property-change-format.ts";
import { restoreProperty } from "./property-restore.server.ts";
import {
  fieldErrors,
  NEW_PROPERTY_DEFAULTS,
  type PropertyInput,
  propertyFormEntries,
  propertyFormSchema,
} from "./property-schema.ts";

/** Form fields as the browser sends them (all text). */
function form(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    unitCode: "A-101",
    building: "The Trees",
    name: "Garden Condo",
    type: "condo",
    status: "available",
    location: "Kamala",
    bedrooms: "1",
    bathrooms: "1",
    sizeM2: "30",
    floor: "1",
    pricingMonthly: "35000",
    pricingSixMonth: "30000",
    pricingYearly: "25000",
    availableFrom: "",
    rentedUntil: "",
    facilities: "Pool, Gym,, WiFi ",
    description: "A quiet condo.",
    descriptionRu: "Тихая квартира.",
    images: "[]",
    ...overrides,
  };
}

const input = (overrides: Record<string, string> = {}): PropertyInput =>
  propertyFormSchema.parse(form(overrides));

describe("the property form schema", () => {
  it("turns form text into a property, splitting facilities onto the set's keys", () => {
    const p = input();
    expect(p).toMatchObject({ bedrooms: 1, sizeM2: 30, pricingYearly: 25000 });
    // The set's order, not the typed one: Pool, Gym, WiFi.
    expect(p.facilities).toEqual(["pool", "gym", "wifi"]);
  });
  it("reads the ticked facilities and keeps the others as typed", () => {
    const sent = new FormData();
    for (const [name, value] of Object.entries(form({ facilities: "" }))) sent.set(name, value);
    sent.append("facility", "sauna");
    sent.append("facility", "sea-view");
    sent.set("facilitiesOther", "Rooftop deck, SAUNA");
    const p = propertyFormSchema.parse(propertyFormEntries(sent));
    expect(p.facilities).toEqual(["sea-view", "sauna", "Rooftop deck"]);
  });

  it("requires unit code, name and description; whole numbers within bounds", () => {
    const result = propertyFormSchema.safeParse(
      form({
        unitCode: " ",
        name: "",
        description: "",
        bedrooms: "0",
        bathrooms: "1.5",
        sizeM2: "abc",
        floor: "",
        pricingYearly: "-1",
      }),
    );
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((i) => i.path[0]));
    expect(fields).toEqual(
      new Set([
        "unitCode",
        "name",
        "description",
        "bedrooms",
        "bathrooms",
        "sizeM2",
        "floor",
        "pricingYearly",
      ]),
    );
    expect(propertyFormSchema.safeParse(form({ pricingMonthly: "0" })).success).toBe(true);
    expect(propertyFormSchema.safeParse(form({ building: "Elsewhere" })).success).toBe(false);
  });

  it("keeps only the date that belongs to the status; an empty date is null", () => {
    expect(
      input({ status: "soon", availableFrom: "2027-01-15", rentedUntil: "2027-05-01" }),
    ).toMatchObject({
      availableFrom: "2027-01-15",
      rentedUntil: null,
    });
    expect(
      input({ status: "occupied", availableFrom: "2027-01-15", rentedUntil: "2027-05-01" }),
    ).toMatchObject({
      availableFrom: null,
      rentedUntil: "2027-05-01",
    });
    expect(input({ status: "soon", availableFrom: "" }).availableFrom).toBeNull();
    expect(
      propertyFormSchema.safeParse(form({ status: "soon", availableFrom: "15/01/2027" })).success,
    ).toBe(false);
  });

  it("accepts http(s) image URLs and server-made media keys only", () => {
    const ok = input({
      images: JSON.stringify([
        { kind: "url", url: "https://example.com/a.jpg" },
        {
          kind: "media",
          mediaKey: `uploads/${"a".repeat(32)}`,
          width: 1200,
          height: 800,
          variants: [480, 960],
        },
      ]),
    });
    expect(ok.images).toHaveLength(2);
    for (const bad of [
      [{ kind: "url", url: "javascript:alert(1)" }],
      [{ kind: "url", url: "data:image/png;base64,AAAA" }],
      [{ kind: "media", mediaKey: "../../etc/passwd", width: 1, height: 1, variants: [480] }],
      [{ kind: "media", mediaKey: "uploads/evil.php", width: 1, height: 1, variants: [480] }],
    ]) {
      expect(propertyFormSchema.safeParse(form({ images: JSON.stringify(bad) })).success).toBe(
        false,
      );
    }
    expect(propertyFormSchema.safeParse(form({ images: "not json" })).success).toBe(false);
  });

  it("takes a position as both coordinates or neither, in range, rounded to six decimals", () => {
    expect(input({ latitude: "", longitude: "" })).toMatchObject({
      latitude: null,
      longitude: null,
    });
    expect(input({})).toMatchObject({ latitude: null, longitude: null });
    expect(input({ latitude: " 7,95231234 ", longitude: "98.2848" })).toMatchObject({
      latitude: 7.952312,
      longitude: 98.2848,
    });
    const errors = (fields: Record<string, string>) => {
      const result = propertyFormSchema.safeParse(form(fields));
      return result.success ? {} : fieldErrors(result.error);
    };
    expect(errors({ latitude: "7.95", longitude: "" })).toEqual({
      longitude: "Enter both latitude and longitude, or leave both empty",
    });
    expect(errors({ latitude: "", longitude: "98.3" })).toEqual({
      latitude: "Enter both latitude and longitude, or leave both empty",
    });
    expect(errors({ latitude: "91", longitude: "-180.5" })).toEqual({
      latitude: "Latitude must be between -90 and 90",
      longitude: "Longitude must be between -180 and 180",
    });
    for (const bad of ["7.9N", "1e2", "NaN", "Infinity", "0x10", "7.9.1", "1".repeat(30)]) {
      expect(errors({ latitude: bad, longitude: "98.3" }).latitude).toBe(
        "Latitude must be a number of degrees, like 7.9523",
      );
    }
  });

  it("has the spec's defaults for a new property", () => {
    expect(NEW_PROPERTY_DEFAULTS).toMatchObject({
      building: "The Trees",
      type: "condo",
      location: "Kamala",
      bedrooms: 1,
      bathrooms: 1,
      sizeM2: 30,
      floor: 1,
      status: "available",
      pricingMonthly: 35000,
      pricingSixMonth: 30000,
      pricingYearly: 25000,
    });
  });
});

describe.each(TEST_ENGINES)("property management on %s", (engine) => {
  let database: TestDatabase;
  let adminId: number;
  let otherAdminId: number;
  const storage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "admin-media-")));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const rows = await database.db
      .insert(adminUsers)
      .values([
        { email: "one@example.com", passwordHash: "x" },
        { email: "two@example.com", passwordHash: "x" },
      ])
      .returning({ id: adminUsers.id });
    adminId = rows[0]?.id ?? 0;
    otherAdminId = rows[1]?.id ?? 0;
  });
  afterAll(() => database.destroy());

  it("creates with a slug from name and unit code, unique, and refuses a taken unit code", async () => {
    const db = database.db;
    const a = await createProperty(db, input({ name: "Sea View", unitCode: "B-1" }), adminId);
    expect(a.slug).toBe("sea-view-b-1");
    expect(a.version).toBe(1);
    const b = await createProperty(
      db,
      input({ name: "Sea View", unitCode: "B 1", building: "The Trees" }),
      adminId,
    );
    expect(b.slug).toBe("sea-view-b-1-2");
    await expect(
      createProperty(db, input({ name: "Other", unitCode: "B-1" }), adminId),
    ).rejects.toThrow("Unit code B-1 is already used in The Trees.");
    // The same unit code in the other building is fine.
    const c = await createProperty(
      db,
      input({ name: "Other", unitCode: "B-1", building: "Zen Space" }),
      adminId,
    );
    expect(c.building).toBe("Zen Space");
    const thai = await createProperty(db, input({ name: "วิลล่า", unitCode: "ก" }), adminId);
    expect(thai.slug).toBe(`unit-${thai.id}`);
    const list = await listProperties(db);
    expect(list.map((p) => `${p.building}/${p.unitCode}`)).toEqual([
      "The Trees/B 1",
      "The Trees/B-1",
      "The Trees/ก",
      "Zen Space/B-1",
    ]);
  });

  it("shows a change on the public listing at once", async () => {
    const db = database.db;
    const p = await createProperty(
      db,
      input({
        name: "Brand New Villa",
        unitCode: "PUB-1",
        type: "pool-villa",
        pricingYearly: "999999",
      }),
      adminId,
    );
    const listing = await loadListing(db, { status: "available", page: 1 });
    expect(listing.units[0]?.slug).toBe(p.slug);
    await deleteProperty(db, p.id, adminId);
    const after = await loadListing(db, { status: "available", page: 1 });
    expect(after.units.map((u) => u.slug)).not.toContain(p.slug);
  });

  it("stores a position, returns it to the listing and the map, and records it readably", async () => {
    const db = database.db;
    const p = await createProperty(
      db,
      input({ unitCode: "MAP-1", name: "Pinned", latitude: "7.9523", longitude: "98.2848" }),
      adminId,
    );
    expect(await getProperty(db, p.id)).toMatchObject({ latitude: 7.9523, longitude: 98.2848 });
    const onMap = await loadListing(db, { status: "available", page: 1, view: "map" });
    expect(onMap.units.find((u) => u.slug === p.slug)).toMatchObject({
      latitude: 7.9523,
      longitude: 98.2848,
    });
    await updateProperty(
      db,
      storage,
      p.id,
      1,
      input({ unitCode: "MAP-1", name: "Pinned" }),
      adminId,
    );
    expect(await getProperty(db, p.id)).toMatchObject({ latitude: null, longitude: null });
    const [latest] = await propertyHistory(db, p.id);
    expect(describeChanges(latest?.before ?? null, latest?.after ?? null)).toEqual([
      "Position on the map: 7.9523, 98.2848 → —",
    ]);
    // The database holds the same rule as the form: one coordinate alone, or out of range, fails.
    await expect(
      db.update(properties).set({ latitude: 8 }).where(eq(properties.id, p.id)),
    ).rejects.toThrow();
    await expect(
      db.update(properties).set({ latitude: 95, longitude: 98 }).where(eq(properties.id, p.id)),
    ).rejects.toThrow();
  });

  it("refuses a save made on a stale version, keeping the other admin's edit", async () => {
    const db = database.db;
    const p = await createProperty(db, input({ unitCode: "V-1", name: "Versioned" }), adminId);
    const first = await updateProperty(
      db,
      storage,
      p.id,
      1,
      input({ unitCode: "V-1", name: "Edited by one" }),
      adminId,
    );
    expect(first.version).toBe(2);
    expect(first.slug).toBe(p.slug); // stable on edit
    await expect(
      updateProperty(
        db,
        storage,
        p.id,
        1,
        input({ unitCode: "V-1", name: "Edited by two" }),
        otherAdminId,
      ),
    ).rejects.toThrow(CONFLICT_MESSAGE);
    expect((await getProperty(db, p.id))?.name).toBe("Edited by one");
    const retried = await updateProperty(
      db,
      storage,
      p.id,
      2,
      input({ unitCode: "V-1", name: "Edited by two" }),
      otherAdminId,
    );
    expect(retried).toMatchObject({ name: "Edited by two", version: 3 });
  });

  it("records who did what with before and after, and restores a deleted property", async () => {
    const db = database.db;
    const key = `uploads/${"b".repeat(32)}`;
    await storage.put(variantPath(key, 480), new Uint8Array([1]));
    const images = JSON.stringify([
      { kind: "media", mediaKey: key, width: 480, height: 320, variants: [480] },
      { kind: "url", url: "https://example.com/x.jpg" },
    ]);
    const p = await createProperty(
      db,
      input({ unitCode: "H-1", name: "History", images }),
      adminId,
    );
    await updateProperty(
      db,
      storage,
      p.id,
      1,
      input({
        unitCode: "H-1",
        name: "History 2",
        status: "occupied",
        rentedUntil: "2027-03-01",
        images,
      }),
      otherAdminId,
    );
    await deleteProperty(db, p.id, adminId);
    expect(await getProperty(db, p.id)).toBeNull();
    expect(
      await db.select().from(propertyImages).where(eq(propertyImages.propertyId, p.id)),
    ).toEqual([]);

    const history = await propertyHistory(db, p.id);
    expect(history.map((h) => [h.action, h.by])).toEqual([
      ["delete", "one@example.com"],
      ["update", "two@example.com"],
      ["create", "one@example.com"],
    ]);
    expect(history[1]?.before?.name).toBe("History");
    expect(history[1]?.after).toMatchObject({ name: "History 2", rentedUntil: "2027-03-01" });
    expect(history[0]?.after).toBeNull();

    expect((await listDeletedProperties(db)).map((d) => d.id)).toContain(p.id);
    const restored = await restoreProperty(db, storage, p.id, otherAdminId);
    expect(restored).toMatchObject({
      id: p.id,
      slug: p.slug,
      name: "History 2",
      status: "occupied",
    });
    expect(restored.images).toHaveLength(2);
    expect((await listDeletedProperties(db)).map((d) => d.id)).not.toContain(p.id);
    expect((await propertyHistory(db, p.id))[0]?.action).toBe("restore");
    await expect(restoreProperty(db, storage, p.id, adminId)).rejects.toThrow(
      /no deleted property/,
    );
    // New properties still get fresh ids after an id was put back.
    const next = await createProperty(db, input({ unitCode: "H-2" }), adminId);
    expect(next.id).toBeGreaterThan(p.id);
  });

  it("refuses to restore a saved copy the property schema rejects, and inserts nothing", async () => {
    const db = database.db;
    const p = await createProperty(db, input({ unitCode: "R-1", name: "Damaged" }), adminId);
    await deleteProperty(db, p.id, adminId);
    // A copy the database would take but the form never would: a location the site does not list.
    const [entry] = await db
      .select({ id: auditLog.id, before: auditLog.before })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(p.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    await db
      .update(auditLog)
      .set({ before: { ...(entry?.before as object), location: "Atlantis" } })
      .where(eq(auditLog.id, entry?.id ?? 0));

    const refused = restoreProperty(db, storage, p.id, adminId);
    await expect(refused).rejects.toThrow(/saved copy of this property is not valid \(location: /);
    await expect(refused).rejects.toMatchObject({ kind: "invalid" });
    expect(await getProperty(db, p.id)).toBeNull();
    expect((await propertyHistory(db, p.id))[0]?.action).toBe("delete");
  });

  it("deletes an uploaded picture's files once no property uses it", async () => {
    const db = database.db;
    const shared = `uploads/${"c".repeat(32)}`;
    const own = `uploads/${"d".repeat(32)}`;
    for (const key of [shared, own]) await storage.put(variantPath(key, 480), new Uint8Array([1]));
    const item = (k: string) => ({
      kind: "media",
      mediaKey: k,
      width: 480,
      height: 320,
      variants: [480],
    });
    const a = await createProperty(
      db,
      input({ unitCode: "M-1", images: JSON.stringify([item(shared), item(own)]) }),
      adminId,
    );
    await createProperty(
      db,
      input({ unitCode: "M-2", images: JSON.stringify([item(shared)]) }),
      adminId,
    );
    await updateProperty(db, storage, a.id, 1, input({ unitCode: "M-1", images: "[]" }), adminId);
    expect(await storage.exists(variantPath(own, 480))).toBe(false);
    expect(await storage.exists(variantPath(shared, 480))).toBe(true);
  });

  it("writes an audit row for every change", async () => {
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.entity, "property"));
    expect(rows.every((r) => r.adminUserId !== null && r.createdAt instanceof Date)).toBe(true);
    const count = await database.db.select().from(properties);
    expect(rows.filter((r) => r.action === "create").length).toBeGreaterThanOrEqual(count.length);
  });
});

describe.each(TEST_ENGINES)("sweeping unused uploads on %s", (engine) => {
  it.each(["local disk", "S3"])(
    "deletes old unreferenced uploads, keeps used, restorable and recent ones (%s)",
    async (kind) => {
      const database = await createTestDatabase(engine);
      const bucket = kind === "S3" ? await startS3Server() : undefined;
      try {
        const db = database.db;
        const storage = bucket
          ? new S3Storage(bucket.settings)
          : new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "sweep-")));
        const [admin] = await db
          .insert(adminUsers)
          .values({ email: "s@example.com", passwordHash: "x" })
          .returning();
        const key = (c: string) => `uploads/${c.repeat(32)}`;
        for (const c of ["1", "2", "3", "4"])
          await storage.put(variantPath(key(c), 480), new Uint8Array([1]));
        // An upload narrower than 480 px is stored at its own width: swept all the same.
        await storage.put(variantPath(key("4"), 300), new Uint8Array([1]));
        const item = (k: string) => ({
          kind: "media",
          mediaKey: k,
          width: 480,
          height: 320,
          variants: [480],
        });
        await createProperty(
          db,
          input({ unitCode: "S-1", images: JSON.stringify([item(key("1"))]) }),
          admin?.id ?? 0,
        );
        const gone = await createProperty(
          db,
          input({ unitCode: "S-2", images: JSON.stringify([item(key("2"))]) }),
          admin?.id ?? 0,
        );
        await deleteProperty(db, gone.id, admin?.id ?? 0);
        const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
        // Keys 3 and 4 are used by nothing: swept, but only once they are old enough.
        expect(await sweepUnusedUploads(db, storage, 24 * 60 * 60 * 1000, new Date())).toBe(0);
        expect(await sweepUnusedUploads(db, storage, 24 * 60 * 60 * 1000, later)).toBe(2);
        expect(await storage.exists(variantPath(key("1"), 480))).toBe(true);
        expect(await storage.exists(variantPath(key("2"), 480))).toBe(true);
        expect(await storage.exists(variantPath(key("3"), 480))).toBe(false);
        expect(await storage.exists(variantPath(key("4"), 480))).toBe(false);
        expect((await storage.list("uploads/")).map((f) => f.path).sort()).toEqual([
          variantPath(key("1"), 480),
          variantPath(key("2"), 480),
        ]);
      } finally {
        await database.destroy();
        await bucket?.stop();
      }
    },
  );
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, properties } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { sweepUnusedUploads } from "../admin/media-sweep.server.ts";
import { storeUpload } from "../admin/uploads.server.ts";
import { leaseFormSchema } from "../leases/lease-schema.ts";
import { createLease } from "../leases/leases.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { DocumentError } from "./from-lease.ts";
import { inspectionFormSchema } from "./inspection-schema.ts";
import { applyInspectionForm, loadInspections, STARTING_ITEMS } from "./inspections.server.ts";

async function refusal(work: Promise<unknown>): Promise<DocumentError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe.each(TEST_ENGINES)("lease inspections on %s", (engine) => {
  let database: TestDatabase;
  let storage: LocalDiskStorage;
  let leaseId: number;
  let by: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    storage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "inspections-")));
    const [admin] = await database.db
      .insert(adminUsers)
      .values({ email: "desk@example.com", passwordHash: "x" })
      .returning({ id: adminUsers.id });
    by = admin?.id ?? 0;
    const [unit] = await database.db
      .insert(properties)
      .values({
        slug: "inspected",
        name: "Inspected",
        building: "The Trees",
        unitCode: "T-1",
        type: "condo",
        location: "Kamala",
        bedrooms: 1,
        bathrooms: 1,
        sizeM2: 40,
        pricingMonthly: 40000,
        pricingSixMonth: 35000,
        pricingYearly: 30000,
      })
      .returning({ id: properties.id });
    leaseId = await createLease(
      database.db,
      leaseFormSchema.parse({
        propertyId: String(unit?.id),
        term: "year",
        startDate: "2027-01-15",
        tenants: [{ name: "Anna", nationality: "Russian", passportNumber: "75", language: "ru" }],
      }),
      by,
    );
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const apply = (kind: "move-in" | "move-out", fields: Record<string, string>) =>
    applyInspectionForm(
      database.db,
      storage,
      leaseId,
      kind,
      inspectionFormSchema.parse(fields),
      by,
    );

  it("starts a move-in inspection with the usual items, once", async () => {
    expect(await apply("move-in", { intent: "start", inspectedOn: "2027-01-15" })).toBe(
      "Inspection started.",
    );
    const [inspection] = await loadInspections(database.db, leaseId, "move-in");
    expect(inspection?.inspectedOn).toBe("2027-01-15");
    expect(inspection?.items.map((i) => [i.room, i.item])).toEqual(STARTING_ITEMS);
    expect(inspection?.items.every((i) => i.condition === "good")).toBe(true);
    const again = await refusal(apply("move-in", { intent: "start", inspectedOn: "2027-01-16" }));
    expect(again.status).toBe(409);
  });

  it("adds, changes and removes items, and refuses another inspection's item", async () => {
    await apply("move-in", {
      intent: "add-item",
      room: " Garden ",
      item: "Sun loungers (2)",
      condition: "fair",
      notes: "Faded cushions",
    });
    let [inspection] = await loadInspections(database.db, leaseId, "move-in");
    const added = inspection?.items.at(-1);
    expect(added).toMatchObject({
      room: "Garden",
      item: "Sun loungers (2)",
      condition: "fair",
      notes: "Faded cushions",
      position: STARTING_ITEMS.length + 1,
    });
    const first = inspection?.items[0];
    await apply("move-in", {
      intent: "update-item",
      itemId: String(first?.id),
      condition: "damaged",
      notes: "Scratch on the door",
    });
    await apply("move-in", { intent: "remove-item", itemId: String(added?.id) });
    [inspection] = await loadInspections(database.db, leaseId, "move-in");
    expect(inspection?.items[0]).toMatchObject({
      condition: "damaged",
      notes: "Scratch on the door",
    });
    expect(inspection?.items).toHaveLength(STARTING_ITEMS.length);
    // No move-out yet: its items cannot be touched.
    const early = await refusal(
      apply("move-out", { intent: "remove-item", itemId: String(first?.id) }),
    );
    expect(early.status).toBe(409);
  });

  it("keeps photos that were uploaded, at most six, and the sweep leaves them", async () => {
    const [inspection] = await loadInspections(database.db, leaseId, "move-in");
    const itemId = String(inspection?.items[1]?.id);
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: "#88aa55" },
    })
      .png()
      .toBuffer();
    const photos: string[] = [];
    for (let i = 0; i < 7; i++) {
      const upload = await storeUpload(storage, png);
      photos.push(`${upload.mediaKey}-480.webp`);
    }
    for (const photo of photos.slice(0, 6))
      await apply("move-in", { intent: "add-photo", itemId, photo });
    const seventh = await refusal(
      apply("move-in", { intent: "add-photo", itemId, photo: photos[6] ?? "" }),
    );
    expect(seventh.status).toBe(400);
    const missing = await refusal(
      apply("move-in", {
        intent: "add-photo",
        itemId,
        photo: `uploads/${"0".repeat(32)}-480.webp`,
      }),
    );
    expect(missing.message).toMatch(/not found/);
    const [after] = await loadInspections(database.db, leaseId, "move-in");
    expect(after?.items[1]?.photoKeys).toEqual(photos.slice(0, 6));
    // A day later the sweep removes the seventh upload, which nothing uses, and keeps the six.
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await sweepUnusedUploads(database.db, storage, 24 * 60 * 60 * 1000, later)).toBe(1);
    for (const photo of photos.slice(0, 6)) expect(await storage.exists(photo)).toBe(true);
    expect(await storage.exists(photos[6] ?? "")).toBe(false);
  });

  it("starts a move-out inspection from the move-in's items", async () => {
    await apply("move-out", { intent: "start", inspectedOn: "2028-01-14" });
    const [moveIn] = await loadInspections(database.db, leaseId, "move-in");
    const [moveOut] = await loadInspections(database.db, leaseId, "move-out");
    expect(moveOut?.items.map((i) => [i.room, i.item])).toEqual(
      moveIn?.items.map((i) => [i.room, i.item]),
    );
    expect(moveOut?.items.every((i) => i.condition === "good" && i.photoKeys.length === 0)).toBe(
      true,
    );
  });
});

describe("the inspection forms", () => {
  it("refuse a photo path the upload endpoint did not make, and over-long texts", () => {
    const bad = ["../etc/passwd", "uploads/abc-480.webp", `uploads/${"a".repeat(32)}.png`];
    for (const photo of bad)
      expect(
        inspectionFormSchema.safeParse({ intent: "add-photo", itemId: "1", photo }).success,
      ).toBe(false);
    const long = inspectionFormSchema.safeParse({
      intent: "add-item",
      room: "x".repeat(81),
      item: "Bed",
      condition: "good",
    });
    expect(long.success).toBe(false);
    expect(
      inspectionFormSchema.safeParse({ intent: "start", inspectedOn: "2027-02-30" }).success,
    ).toBe(false);
  });
});

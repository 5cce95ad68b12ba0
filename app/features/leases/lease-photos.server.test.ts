import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, properties, tasks } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { sweepUnusedUploads } from "../admin/media-sweep.server.ts";
import { storeUpload } from "../admin/uploads.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { leaseFormSchema } from "./lease-schema.ts";
import { addDeduction, createLease, loadLease, signLease } from "./leases.server.ts";

const clock = { now: new Date("2027-01-10T03:00:00Z"), horizonDays: 60 };
const DAY = 24 * 60 * 60 * 1000;

describe.each(TEST_ENGINES)("photos of a lease on %s", (engine) => {
  let database: TestDatabase;
  let storage: LocalDiskStorage;
  let leaseId: number;
  let by: number;
  let png: Buffer;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    storage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "lease-photos-")));
    png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#5588aa" } })
      .png()
      .toBuffer();
    const [admin] = await database.db
      .insert(adminUsers)
      .values({ email: "desk@example.com", passwordHash: "x" })
      .returning({ id: adminUsers.id });
    by = admin?.id ?? 0;
    const [unit] = await database.db
      .insert(properties)
      .values({
        slug: "photographed",
        name: "Photographed",
        building: "The Trees",
        unitCode: "P-1",
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
        tenants: [{ name: "Anna Petrova", nationality: "Russian", language: "ru" }],
      }),
      by,
    );
    await signLease(database.db, leaseId, by, clock);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("the upload sweep keeps the photos of deposit deductions and TM30 receipts", async () => {
    const deductionPhoto = `${(await storeUpload(storage, png)).mediaKey}-480.webp`;
    const receiptPhoto = `${(await storeUpload(storage, png)).mediaKey}-480.webp`;
    const unused = `${(await storeUpload(storage, png)).mediaKey}-480.webp`;
    await addDeduction(
      database.db,
      leaseId,
      { amount: 1500, reason: "Broken lamp", isRepair: true, mediaKey: deductionPhoto },
      by,
    );
    const lease = await loadLease(database.db, leaseId);
    const task = lease?.tasks[0];
    expect(task?.kind).toBe("tm30");
    await database.db
      .update(tasks)
      .set({ receiptMediaKey: receiptPhoto })
      .where(eq(tasks.id, task?.id ?? 0));

    const later = new Date(Date.now() + 2 * DAY);
    expect(await sweepUnusedUploads(database.db, storage, DAY, later)).toBe(1);
    expect(await storage.exists(deductionPhoto)).toBe(true);
    expect(await storage.exists(receiptPhoto)).toBe(true);
    expect(await storage.exists(unused)).toBe(false);
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRuntime } from "../../db/runtime.server.ts";
import { depositDeductions, properties, tasks } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import * as leaseRoute from "../../routes/admin.lease.tsx";
import { sweepUnusedUploads } from "../admin/media-sweep.server.ts";
import { storeUpload } from "../admin/uploads.server.ts";
import { createAccount } from "../auth/accounts.server.ts";
import { createSession } from "../auth/sessions.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { leaseFormSchema } from "./lease-schema.ts";
import { addDeduction, createLease, loadLease, signLease } from "./leases.server.ts";

const clock = { now: new Date("2027-01-10T03:00:00Z"), horizonDays: 60 };
const DAY = 24 * 60 * 60 * 1000;
const SITE = "http://admin.test";

describe.each(TEST_ENGINES)("photos of a lease on %s", (engine) => {
  let database: TestDatabase;
  let storage: LocalDiskStorage;
  let leaseId: number;
  let by: number;
  let png: Buffer;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const dataDir = mkdtempSync(path.join(tmpdir(), "lease-photos-"));
    storage = new LocalDiskStorage(path.join(dataDir, "media"));
    setRuntime({
      config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: SITE }),
      database,
      databaseReady: true,
      storage,
      logger: createLogger("silent"),
    });
    png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#5588aa" } })
      .png()
      .toBuffer();
    const admin = await createAccount(database.db, "photos@example.com", "coral reef at dawn");
    by = admin.id;
    cookie = `admin_session=${await createSession(database.db, admin.id)}`;
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
    setRuntime(undefined);
    await database?.destroy();
  });

  async function post(fields: Record<string, string>) {
    const body = new URLSearchParams(fields).toString();
    const request = new Request(`${SITE}/admin/leases/${leaseId}`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
        origin: SITE,
        cookie,
      },
    });
    const outcome = (await leaseRoute.action({
      request,
      params: { id: String(leaseId) },
      context: new RouterContextProvider(),
    } as never)) as unknown;
    const init = (outcome as { init?: { status?: number } }).init;
    const value = (init ? (outcome as { data: unknown }).data : outcome) as {
      ok: boolean;
      message: string;
      fieldErrors?: Record<string, string>;
    };
    return { status: init?.status ?? 200, body: value };
  }

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

  it("a TM30 report is done with its receipt number and a stored photo, shown on the lease", async () => {
    const taskId = String((await loadLease(database.db, leaseId))?.tasks[0]?.id);
    const receipt = `${(await storeUpload(storage, png)).mediaKey}-480.webp`;
    const base = { intent: "tm30-done", taskId, receiptNumber: "TM30-2027-000777" };

    const withoutPhoto = await post(base);
    expect(withoutPhoto.status).toBe(400);
    expect(withoutPhoto.body.fieldErrors?.photo).toBe("Add a photo of the receipt");
    const notAnUpload = await post({ ...base, photo: "../secrets-480.webp" });
    expect(notAnUpload.status).toBe(400);
    expect(notAnUpload.body.fieldErrors?.photo).toBe("Upload the photo again");
    const neverStored = await post({ ...base, photo: `uploads/${"ab".repeat(16)}-480.webp` });
    expect(neverStored.status).toBe(400);
    expect(neverStored.body.fieldErrors?.photo).toMatch(/not found/);
    expect((await loadLease(database.db, leaseId))?.tasks[0]?.doneAt).toBeNull();

    const done = await post({ ...base, photo: receipt });
    expect(done).toMatchObject({ status: 200, body: { ok: true } });
    const [stored] = await database.db
      .select({ number: tasks.receiptNumber, photo: tasks.receiptMediaKey })
      .from(tasks)
      .where(eq(tasks.id, Number(taskId)));
    expect(stored).toEqual({ number: "TM30-2027-000777", photo: receipt });
    expect((await loadLease(database.db, leaseId))?.tasks[0]).toMatchObject({
      receiptNumber: "TM30-2027-000777",
      receiptMediaKey: receipt,
    });
  });

  it("a deposit deduction needs a stored photo, kept with it", async () => {
    const photo = `${(await storeUpload(storage, png)).mediaKey}-480.webp`;
    const base = { intent: "deduction", amount: "2,000", reason: "Cracked tile" };
    const before = await database.db
      .select({ id: depositDeductions.id })
      .from(depositDeductions)
      .where(eq(depositDeductions.leaseId, leaseId));

    const withoutPhoto = await post(base);
    expect(withoutPhoto.status).toBe(400);
    expect(withoutPhoto.body.fieldErrors?.photo).toBe("Add a photo of the damage");
    const neverStored = await post({ ...base, photo: `uploads/${"cd".repeat(16)}-480.webp` });
    expect(neverStored.status).toBe(400);
    expect(neverStored.body.fieldErrors?.photo).toMatch(/not found/);

    const added = await post({ ...base, photo });
    expect(added.body.message).toBe("Deduction added.");
    expect(added).toMatchObject({ status: 200, body: { ok: true } });
    const rows = await database.db
      .select({ amount: depositDeductions.amount, mediaKey: depositDeductions.mediaKey })
      .from(depositDeductions)
      .where(eq(depositDeductions.leaseId, leaseId));
    expect(rows.length).toBe(before.length + 1);
    expect(rows.at(-1)).toEqual({ amount: 2000, mediaKey: photo });
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { sweepUnusedUploads } from "../admin/media-sweep.server.ts";
import { storeUpload } from "../admin/uploads.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { createOwner, saveUnitOwnership } from "./owner-accounts.server.ts";
import { ownerFormSchema, unitOwnershipSchema } from "./owner-schema.ts";
import { repairOpenSchema } from "./repair-schema.ts";
import {
  addRepairPhoto,
  advanceRepair,
  decideRepair,
  listOwnerRepairs,
  loadOwnerRepair,
  loadRepairForAdmin,
  openRepair,
  quoteRepair,
  RepairError,
  repairDoneSchema,
  repairQuoteSchema,
} from "./repairs.server.ts";

async function refusal(promise: Promise<unknown>): Promise<RepairError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RepairError) return error;
    throw error;
  }
  throw new Error("not refused");
}

const owner = (email: string, threshold: string) =>
  ownerFormSchema.parse({
    name: `Owner ${email}`,
    email,
    language: "en",
    alertChannels: ["email"],
    approvalThresholdBaht: threshold,
  });

const open = (propertyId: number, title = "Leaking tap") =>
  repairOpenSchema.parse({ propertyId: String(propertyId), title, description: "Kitchen" });

describe.each(TEST_ENGINES)("repair tickets on %s", (engine) => {
  let database: TestDatabase;
  let storage: LocalDiskStorage;
  let desk: number;
  let anna: number;
  let boris: number;
  let annaOnly: number;
  let shared: number;
  let borisOnly: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    storage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "repairs-")));
    const db = database.db;
    const [admin] = await db
      .insert(adminUsers)
      .values({ email: "desk@example.com", passwordHash: "x" })
      .returning({ id: adminUsers.id });
    desk = admin?.id ?? 0;
    // Units' ids apart from owners' and tickets' ids, so a query mixing them cannot pass by chance.
    for (let i = 0; i < 7; i++) await insertTestUnit(db, `padding-${i}`);
    anna = await createOwner(db, owner("anna@example.com", "5000"), null);
    boris = await createOwner(db, owner("boris@example.com", "2000"), null);
    annaOnly = await insertTestUnit(db, "anna-villa");
    shared = await insertTestUnit(db, "shared-condo");
    borisOnly = await insertTestUnit(db, "boris-condo");
    const own = (propertyId: number, owners: { ownerId: number; sharePercent: number }[]) =>
      saveUnitOwnership(
        db,
        unitOwnershipSchema.parse({ propertyId, owners, program: "revenue-share" }),
        null,
      );
    await own(annaOnly, [{ ownerId: anna, sharePercent: 100 }]);
    await own(shared, [
      { ownerId: anna, sharePercent: 50 },
      { ownerId: boris, sharePercent: 50 },
    ]);
    await own(borisOnly, [{ ownerId: boris, sharePercent: 100 }]);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("refuses bad fields: no title, a long one, baht with a fraction or a sign, a foreign key", () => {
    expect(repairOpenSchema.safeParse({ propertyId: "1", title: "  " }).success).toBe(false);
    expect(repairOpenSchema.safeParse({ propertyId: "1", title: "x".repeat(121) }).success).toBe(
      false,
    );
    expect(repairOpenSchema.safeParse({ propertyId: "x", title: "Tap" }).success).toBe(false);
    for (const amountBaht of ["1.5", "-3", "", "12e3", "99999999"])
      expect(repairQuoteSchema.safeParse({ amountBaht }).success, amountBaht).toBe(false);
    expect(repairDoneSchema.parse({ finalCostBaht: " 4500 " }).finalCostBaht).toBe(4500);
    expect(
      repairQuoteSchema.safeParse({ amountBaht: "10", quoteKey: "../secret.webp" }).success,
    ).toBe(false);
  });

  it("lets an owner open a ticket only on a unit of theirs", async () => {
    const db = database.db;
    const id = await openRepair(db, open(annaOnly), { ownerId: anna });
    const page = await loadOwnerRepair(db, anna, id);
    expect(page?.ticket).toMatchObject({ stage: "reported", title: "Leaking tap" });
    expect(page?.history.map((h) => [h.kind, h.actor, h.who])).toEqual([
      ["reported", "owner", "Owner anna@example.com"],
    ]);
    expect((await refusal(openRepair(db, open(borisOnly), { ownerId: anna }))).status).toBe(404);
    // Boris holds no share of Anna's villa: her ticket is missing for him.
    expect(await loadOwnerRepair(db, boris, id)).toBeNull();
    expect((await refusal(decideRepair(db, boris, id, true))).status).toBe(404);
  });

  it("approves a quote at or below the threshold at once, recorded as the rule's", async () => {
    const db = database.db;
    const atLimit = await openRepair(db, open(annaOnly), { adminId: desk });
    const result = await quoteRepair(db, atLimit, desk, { amountBaht: 5000 }, storage);
    expect(result).toEqual({ stage: "approved", thresholdBaht: 5000 });
    const page = await loadRepairForAdmin(db, atLimit);
    expect(page?.history.map((h) => [h.kind, h.actor, h.who, h.amountBaht])).toEqual([
      ["reported", "desk", "desk@example.com", null],
      ["quoted", "desk", "desk@example.com", 5000],
      ["approved", "auto", null, 5000],
    ]);
    const above = await openRepair(db, open(annaOnly), { adminId: desk });
    expect((await quoteRepair(db, above, desk, { amountBaht: 5001 }, storage)).stage).toBe(
      "quoted",
    );
    // The desk cannot start work an owner has not approved.
    const early = await refusal(advanceRepair(db, above, desk, { to: "in-progress" }));
    expect(early.status).toBe(409);
  });

  it("takes the lowest threshold of a unit's owners, and either owner decides once", async () => {
    const db = database.db;
    const id = await openRepair(db, open(shared, "Aircon"), { ownerId: boris });
    // 3,000 is under Anna's 5,000 but over Boris's 2,000: it waits.
    expect((await quoteRepair(db, id, desk, { amountBaht: 3000 }, storage)).stage).toBe("quoted");
    await decideRepair(db, anna, id, false);
    expect((await loadOwnerRepair(db, boris, id))?.ticket.stage).toBe("declined");
    expect((await refusal(decideRepair(db, boris, id, true))).status).toBe(409);
    // Quoted again after the decline, approved by Boris, then the work and its cost.
    await quoteRepair(db, id, desk, { amountBaht: 2500 }, storage);
    await decideRepair(db, boris, id, true);
    await advanceRepair(db, id, desk, { to: "in-progress" });
    expect((await refusal(advanceRepair(db, id, desk, { to: "in-progress" }))).status).toBe(409);
    await advanceRepair(db, id, desk, { to: "done", finalCostBaht: 2700 });
    const page = await loadOwnerRepair(db, anna, id);
    expect(page?.ticket).toMatchObject({ stage: "done", quoteBaht: 2500, finalCostBaht: 2700 });
    expect(page?.history.map((h) => `${h.kind}:${h.actor}:${h.who ?? ""}`)).toEqual([
      "reported:owner:Owner boris@example.com",
      "quoted:desk:desk@example.com",
      "declined:owner:Owner anna@example.com",
      "quoted:desk:desk@example.com",
      "approved:owner:Owner boris@example.com",
      "in-progress:desk:desk@example.com",
      "done:desk:desk@example.com",
    ]);
    // Done is not open; each owner lists the tickets of their own units only.
    const annaOpen = await listOwnerRepairs(db, anna, { open: true });
    expect(annaOpen.map((t) => t.id)).not.toContain(id);
    const borisAll = await listOwnerRepairs(db, boris);
    expect(new Set(borisAll.map((t) => t.propertyId))).toEqual(new Set([shared]));
  });

  it("keeps photos and quote pictures of tickets from the upload sweep, at most 12 a ticket", async () => {
    const db = database.db;
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: "#5588aa" },
    })
      .png()
      .toBuffer();
    const uploads: string[] = [];
    for (let i = 0; i < 14; i++)
      uploads.push(`${(await storeUpload(storage, png)).mediaKey}-480.webp`);
    const id = await openRepair(db, open(borisOnly, "Broken door"), { ownerId: boris });
    for (const photo of uploads.slice(0, 12))
      await addRepairPhoto(db, id, photo, { ownerId: boris }, storage);
    const thirteenth = await refusal(
      addRepairPhoto(db, id, uploads[12] ?? "", { adminId: desk }, storage),
    );
    expect(thirteenth.message).toMatch(/12 photos/);
    expect(
      (await refusal(addRepairPhoto(db, id, uploads[12] ?? "", { ownerId: anna }, storage))).status,
    ).toBe(404);
    const missing = await refusal(
      addRepairPhoto(db, id, `uploads/${"0".repeat(32)}-480.webp`, { ownerId: boris }, storage),
    );
    expect(missing.message).toMatch(/not found/);
    await quoteRepair(db, id, desk, { amountBaht: 9000, quoteKey: uploads[13] }, storage);
    const page = await loadOwnerRepair(db, boris, id);
    expect(page?.history.filter((h) => h.kind === "photo").map((h) => h.photoKey)).toEqual(
      uploads.slice(0, 12),
    );
    expect(page?.ticket.quoteKey).toBe(uploads[13]);
    // Two days later only the 13th upload, which nothing refers to, is swept.
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await sweepUnusedUploads(db, storage, 24 * 60 * 60 * 1000, later)).toBe(1);
    expect(await storage.exists(uploads[12] ?? "")).toBe(false);
    for (const kept of [...uploads.slice(0, 12), uploads[13] ?? ""])
      expect(await storage.exists(kept)).toBe(true);
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { owners, stays, unitOwners, unitPrograms } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { verifyPassword } from "../auth/password.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { seedDemoOwner } from "./demo-owner.server.ts";
import { listOwnerDocuments, ownerDocumentFile } from "./documents.server.ts";
import { listOwnerRepairs, loadOwnerRepair } from "./repairs.server.ts";

const now = new Date("2026-11-26T03:00:00Z");

describe.each(TEST_ENGINES)("the demo owner on %s", (engine) => {
  let database: TestDatabase;
  let villa: number;
  let condo: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    // The villa with a lease is preferred (a calendar with stays), the condo without (free dates).
    await insertTestUnit(db, "a-free-villa", { type: "pool-villa" });
    villa = await insertTestUnit(db, "b-leased-villa", { type: "pool-villa" });
    const leasedCondo = await insertTestUnit(db, "a-leased-condo", { type: "condo" });
    condo = await insertTestUnit(db, "c-condo", { type: "condo" });
    for (const propertyId of [villa, leasedCondo])
      await db
        .insert(stays)
        .values({ propertyId, kind: "lease", startDate: "2026-11-01", endDate: "2027-11-01" });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("owns a leased villa on guaranteed return and a condo on revenue share, once", async () => {
    const db = database.db;
    const storage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "demo-owner-")));
    const first = await seedDemoOwner(db, { email: "Owner@Example.com", storage }, now);
    expect(first.created).toBe(true);
    expect(first.email).toBe("owner@example.com");
    const generated = first.generatedPassword ?? "";
    expect(generated.length).toBeGreaterThanOrEqual(20);
    const [owner] = await db.select().from(owners).where(eq(owners.email, "owner@example.com"));
    expect(await verifyPassword(generated, owner?.passwordHash ?? "")).toBe(true);
    const held = await db
      .select({ propertyId: unitOwners.propertyId, share: unitOwners.sharePercent })
      .from(unitOwners)
      .where(eq(unitOwners.ownerId, owner?.id ?? 0));
    expect(held.sort((a, b) => a.propertyId - b.propertyId)).toEqual([
      { propertyId: villa, share: 100 },
      { propertyId: condo, share: 100 },
    ]);
    const programs = await db.select().from(unitPrograms);
    expect(programs.map((p) => [p.propertyId, p.kind]).sort()).toEqual(
      [
        [villa, "guaranteed"],
        [condo, "revenue-share"],
      ].sort(),
    );
    // No stays of its own: the demo's calendars stay as the other demo data made them.
    expect(await db.select().from(stays).where(eq(stays.propertyId, condo))).toEqual([]);
    expect(await db.select().from(stays)).toHaveLength(2);

    // A quote above the owner's ฿5,000 waits for them on the villa; a finished job on the condo.
    const repairs = await listOwnerRepairs(db, owner?.id ?? 0);
    expect(
      repairs.map((r) => [r.propertyId, r.stage, r.quoteBaht, r.finalCostBaht]).sort(),
    ).toEqual(
      [
        [villa, "quoted", 12_000, null],
        [condo, "done", 1_800, 1_650],
      ].sort(),
    );
    const waiting = repairs.find((r) => r.stage === "quoted");
    const page = await loadOwnerRepair(db, owner?.id ?? 0, waiting?.id ?? 0);
    expect(page?.history.map((h) => h.kind)).toEqual(["reported", "quoted"]);

    // Two documents: the villa's agreement and the owner's own insurance, both real PDFs.
    const documents = await listOwnerDocuments(db, owner?.id ?? 0);
    expect(documents.map((d) => [d.title, d.category, d.unitName !== null]).sort()).toEqual([
      ["Insurance certificate", "insurance", false],
      ["Management agreement", "agreement", true],
    ]);
    for (const d of documents) {
      const file = await ownerDocumentFile(db, storage, owner?.id ?? 0, d.id);
      expect(
        Buffer.from(file?.bytes ?? [])
          .subarray(0, 5)
          .toString("latin1"),
      ).toBe("%PDF-");
    }

    const again = await seedDemoOwner(db, { email: "owner@example.com", password: "x" }, now);
    expect(again).toEqual({ created: false, email: "owner@example.com", generatedPassword: null });
  });

  it("takes the password it is given, and prints none", async () => {
    const result = await seedDemoOwner(
      database.db,
      { email: "second-demo@example.com", password: "mango season on the terrace" },
      now,
    );
    expect(result).toEqual({
      created: true,
      email: "second-demo@example.com",
      generatedPassword: null,
    });
  });
});

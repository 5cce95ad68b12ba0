import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { owners } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { seedDemoOwner } from "../owner-portal/demo-owner.server.ts";
import { seedDemoStatements } from "./demo-statements.server.ts";
import { listOwnerStatements, loadOwnerStatement, ownerReceipt } from "./statements.server.ts";

const now = new Date("2026-11-26T03:00:00Z");

describe.each(TEST_ENGINES)("the demo owner's statements on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertTestUnit(database.db, "a-villa", { type: "pool-villa" });
    await insertTestUnit(database.db, "b-condo", { type: "condo" });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("has ฿210,000 guaranteed quarters and a published 70 : 30 month with receipts", async () => {
    const db = database.db;
    const storage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "demo-statements-")));
    await seedDemoOwner(db, { email: "owner@example.com", storage }, now);
    expect(await seedDemoStatements(db, "owner@example.com", storage, now)).toEqual({
      published: 3,
    });
    const [owner] = await db.select().from(owners).where(eq(owners.email, "owner@example.com"));
    const ownerId = owner?.id ?? 0;
    const list = await listOwnerStatements(db, ownerId);
    // ฿12,000,000 × 7% ÷ 4 = ฿210,000 for each full quarter since 1 January 2026.
    expect(
      list
        .filter((s) => s.program === "guaranteed")
        .map((s) => [s.periodStart, s.status, s.payout]),
    ).toEqual([
      ["2026-07-01", "published", 210_000],
      ["2026-04-01", "paid", 210_000],
    ]);
    const month = list.find((s) => s.program === "revenue-share");
    // October: ฿48,000 stay less ฿7,200 commission less ฿2,500 + ฿1,800 = ฿36,500 net; 70% is ฿25,550.
    expect(month).toMatchObject({
      periodStart: "2026-10-01",
      status: "published",
      gross: 48_000,
      commissions: 7_200,
      expenses: 4_300,
      net: 36_500,
      ownerShare: 25_550,
      companyShare: 10_950,
    });
    const page = await loadOwnerStatement(db, ownerId, month?.id ?? 0);
    const expenses = page?.lines.filter((l) => l.kind === "expense") ?? [];
    expect(expenses).toHaveLength(2);
    const types = [];
    for (const line of expenses) {
      const receipt = await ownerReceipt(db, ownerId, month?.id ?? 0, line.id);
      expect(await storage.exists(receipt?.key ?? "missing")).toBe(true);
      types.push(receipt?.type);
    }
    expect(types.sort()).toEqual(["application/pdf", "image/webp"]);
  });
});

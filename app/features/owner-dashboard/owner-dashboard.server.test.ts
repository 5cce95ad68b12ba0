import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  leaseDues,
  leasePayments,
  leases,
  ledgerExpenses,
  ledgerStays,
  ownerStatementParts,
  ownerStatements,
  stays,
} from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { createOwner, saveUnitOwnership } from "../owner-portal/owner-accounts.server.ts";
import { ownerFormSchema, unitOwnershipSchema } from "../owner-portal/owner-schema.ts";
import { loadOwnerDashboard } from "./owner-dashboard.server.ts";

// 10:00 in Phuket on 26 November 2026: the window is 1 Dec 2025 – 26 Nov 2026 (361 days), the
// year before 1 Dec 2024 – 26 Nov 2025 (also 361 days).
const now = new Date("2026-11-26T03:00:00Z");

const ownerInput = (email: string) =>
  ownerFormSchema.parse({
    name: `Owner ${email}`,
    email,
    language: "en",
    alertChannels: ["email"],
    approvalThresholdBaht: "5000",
  });

describe.each(TEST_ENGINES)("the owner dashboard's figures on %s", (engine) => {
  let database: TestDatabase;
  let anna: number;
  let villa: number;
  let condo: number;
  let borisUnit: number;

  /** A lease of `unit` with its payments: [paid on, amount, due kind]. */
  async function leaseWithPayments(
    unit: number,
    payments: [string, number, "rent" | "deposit"][],
  ): Promise<void> {
    const db = database.db;
    const [lease] = await db
      .insert(leases)
      .values({
        propertyId: unit,
        startDate: "2024-01-01",
        endDate: "2027-01-01",
        term: "custom",
        monthlyRent: 60_000,
        deposit: 120_000,
        dueDay: 1,
        status: "active",
      })
      .returning({ id: leases.id });
    if (!lease) throw new Error("no lease");
    for (const [day, amount, kind] of payments) {
      const [due] = await db
        .insert(leaseDues)
        .values({ leaseId: lease.id, kind, dueDate: day, amount })
        .returning({ id: leaseDues.id });
      await db.insert(leasePayments).values({
        leaseId: lease.id,
        dueId: due?.id ?? null,
        paidOn: day,
        amount,
        method: "bank-transfer",
      });
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    for (let i = 0; i < 3; i++) await insertTestUnit(db, `dash-padding-${i}`);
    anna = await createOwner(db, ownerInput("anna.dash@example.com"), null);
    const boris = await createOwner(db, ownerInput("boris.dash@example.com"), null);
    villa = await insertTestUnit(db, "dash-villa");
    condo = await insertTestUnit(db, "dash-condo");
    borisUnit = await insertTestUnit(db, "dash-boris");
    const own = (propertyId: number, ownerId: number, program: object) =>
      saveUnitOwnership(
        db,
        unitOwnershipSchema.parse({
          propertyId,
          owners: [{ ownerId, sharePercent: 100 }],
          ...program,
        }),
        null,
      );
    await own(villa, anna, {
      program: "guaranteed",
      propertyValueBaht: "12000000",
      startDate: "2026-01-15",
    });
    await own(condo, anna, { program: "revenue-share" });
    await own(borisUnit, boris, { program: "revenue-share" });
    await db.insert(stays).values([
      // Villa: let 1 Oct – 1 Dec 2026 (31 October nights, 26 November nights so far).
      { propertyId: villa, kind: "lease", startDate: "2026-10-01", endDate: "2026-12-01" },
      // A year earlier: 7 nights let, then 5 owner nights.
      { propertyId: villa, kind: "short-stay", startDate: "2025-11-01", endDate: "2025-11-08" },
      { propertyId: villa, kind: "owner-block", startDate: "2025-11-10", endDate: "2025-11-15" },
      // Condo: 5 nights let.
      { propertyId: condo, kind: "short-stay", startDate: "2026-11-20", endDate: "2026-11-25" },
      // Another owner's unit, let the whole time: never in Anna's figures.
      { propertyId: borisUnit, kind: "lease", startDate: "2024-01-01", endDate: "2027-01-01" },
    ]);
    await leaseWithPayments(villa, [
      ["2025-11-05", 50_000, "rent"],
      ["2026-09-25", 120_000, "deposit"],
      ["2026-10-01", 60_000, "rent"],
      ["2026-11-01", 60_000, "rent"],
      // Tomorrow: outside the window.
      ["2026-11-27", 60_000, "rent"],
    ]);
    await leaseWithPayments(borisUnit, [["2026-11-02", 999_999, "rent"]]);
    // The condo's ledger: the short stay's price and the channel's commission (income on the
    // check-out day), an expense the owner bears, one the company bears (never the owner's).
    await db.insert(ledgerStays).values({
      propertyId: condo,
      checkIn: "2026-11-20",
      checkOut: "2026-11-25",
      channel: "airbnb",
      grossBaht: 30_000,
      commissionBaht: 4_500,
    });
    await db.insert(ledgerExpenses).values([
      {
        propertyId: condo,
        spentOn: "2026-11-10",
        category: "cleaning",
        vendor: "Clean Co",
        amountBaht: 1_500,
        bearer: "owner",
      },
      {
        propertyId: condo,
        spentOn: "2026-11-11",
        category: "maintenance",
        vendor: "Fix Co",
        amountBaht: 9_999,
        bearer: "company",
      },
    ]);
    // Statements' payouts: Anna was paid 200,000 and 7,000 this year and 150,000 last year;
    // a part not paid yet and Boris's payout are not hers to count.
    const paidPart = async (
      unit: number,
      owner: number,
      periodStart: string,
      payout: number,
      paidOn: string | null,
    ) => {
      const [st] = await db
        .insert(ownerStatements)
        .values({
          propertyId: unit,
          program: "guaranteed",
          periodStart,
          periodEnd: `${periodStart.slice(0, 8)}28`,
          status: paidOn ? "paid" : "published",
          gross: payout,
          commissions: 0,
          expenses: 0,
          net: payout,
          ownerShare: payout,
          companyShare: 0,
          withholding: 0,
          payout,
        })
        .returning({ id: ownerStatements.id });
      await db.insert(ownerStatementParts).values({
        statementId: st?.id ?? 0,
        ownerId: owner,
        sharePercent: 100,
        amount: payout,
        withholding: 0,
        payout,
        paidOn,
        payoutMethod: paidOn ? "bank-transfer" : null,
      });
    };
    await paidPart(villa, anna, "2026-01-01", 200_000, "2026-04-05");
    await paidPart(villa, anna, "2026-04-01", 7_000, "2026-11-26");
    await paidPart(villa, anna, "2025-10-01", 150_000, "2025-12-20");
    await paidPart(villa, anna, "2026-07-01", 210_000, null);
    await paidPart(borisUnit, boris, "2026-01-01", 555_555, "2026-03-01");
  });

  afterAll(async () => {
    await database?.close();
  });

  it("adds up the owner's units, and only theirs", async () => {
    const view = await loadOwnerDashboard(database.db, anna, null, now);
    expect(view?.units.map((u) => u.id).sort()).toEqual([villa, condo].sort());
    expect([view?.data.from, view?.data.to]).toEqual(["2025-12-01", "2026-11-26"]);
    // Rent 60,000 + 60,000 (the deposit is not income) and the condo's stay, 30,000. A year
    // earlier: 50,000. Nights let: 57 (villa) + 5 (condo) = 62 of 2 × 361 = 722 → 8.6%; a year
    // earlier 7 of 722 − 5 owner nights = 717 → 1.0%. Per night: 150,000 / 62 = 2,419.35;
    // 50,000 / 7 = 7,142.86.
    expect(view?.data.totals).toEqual({
      incomeBaht: 150_000,
      previousIncomeBaht: 50_000,
      incomeYearOnYear: 200,
      occupancy: 9,
      previousOccupancy: 1,
      averageDailyRate: 2_419,
      previousAverageDailyRate: 7_143,
      payoutsYearToDateBaht: 207_000,
    });
    expect(view?.data.months.at(-1)).toEqual({
      key: "2026-11",
      incomeBaht: 90_000,
      rentedNights: 31,
      availableNights: 52,
    });
    expect(view?.data.previousMonths.at(-1)).toEqual({
      key: "2025-11",
      incomeBaht: 50_000,
      rentedNights: 7,
      availableNights: 47,
    });
  });

  it("sets each unit's program against the other over the same months", async () => {
    const view = await loadOwnerDashboard(database.db, anna, null, now);
    const byName = Object.fromEntries((view?.data.comparisons ?? []).map((c) => [c.program, c]));
    // From 15 Jan: 76 of Q1's 90 days (177,333.33), Q2 and Q3 whole (420,000), 57 of Q4's 92
    // days (130,108.70): 727,442. Revenue share: 70% of 120,000.
    expect(byName.guaranteed).toMatchObject({ actualBaht: 727_442, otherBaht: 84_000 });
    // The condo: 30,000 − 4,500 commission − 1,500 owner's expense = 24,000 net; 70% is 16,800.
    expect(byName["revenue-share"]).toMatchObject({
      netRevenueBaht: 24_000,
      expensesBaht: 1_500,
      actualBaht: 16_800,
      otherBaht: null,
      missing: "property-value",
    });
  });

  it("shows one unit when asked, and nothing of a unit that is not the owner's", async () => {
    const one = await loadOwnerDashboard(database.db, anna, condo, now);
    expect(one?.data.totals.incomeBaht).toBe(30_000);
    expect(one?.data.months.at(-1)?.rentedNights).toBe(5);
    expect(one?.data.comparisons.map((c) => c.program)).toEqual(["revenue-share"]);
    // Nothing was paid for the condo.
    expect(one?.data.totals.payoutsYearToDateBaht).toBeNull();
    expect(await loadOwnerDashboard(database.db, anna, borisUnit, now)).toBeNull();
    expect(await loadOwnerDashboard(database.db, anna, 987_654, now)).toBeNull();
  });
});

import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminUsers,
  currencyRates,
  leaseDues,
  leasePayments,
  leases,
  ownerStatementLines,
  ownerStatementParts,
  ownerStatements,
  owners,
  repairEvents,
  repairTickets,
  unitOwners,
  unitPrograms,
} from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { addExpense, addLedgerStay, setWithholding } from "./ledger.server.ts";
import { expenseFormSchema, stayFormSchema } from "./ledger-schema.ts";
import {
  approveStatement,
  correctStatement,
  generateDraft,
  generateDrafts,
  listOwnerStatements,
  loadOwnerStatement,
  loadStatement,
  publishStatement,
  recordPayout,
  StatementError,
} from "./statements.server.ts";

async function refusal(promise: Promise<unknown>): Promise<StatementError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe.each(TEST_ENGINES)("owners' statements on %s", (engine) => {
  let database: TestDatabase;
  let desk: number;
  let anna: number;
  let boris: number;
  let vera: number;
  let shared: number;
  let villa: number;

  async function owner(name: string) {
    const [row] = await database.db
      .insert(owners)
      .values({ name, email: `${name.toLowerCase()}@example.com` })
      .returning({ id: owners.id });
    return row?.id as number;
  }

  async function rentPayment(
    propertyId: number,
    paidOn: string,
    amount: number,
    kind: "rent" | "deposit",
  ) {
    const db = database.db;
    const [lease] = await db
      .insert(leases)
      .values({
        propertyId,
        startDate: "2026-09-01",
        endDate: "2027-09-01",
        term: "year",
        monthlyRent: 40_000,
        deposit: 80_000,
        dueDay: 1,
        status: "active",
      })
      .returning({ id: leases.id });
    const [due] = await db
      .insert(leaseDues)
      .values({ leaseId: lease?.id as number, kind, dueDate: paidOn, amount })
      .returning({ id: leaseDues.id });
    const [payment] = await db
      .insert(leasePayments)
      .values({
        leaseId: lease?.id as number,
        dueId: due?.id as number,
        paidOn,
        amount,
        method: "bank-transfer",
      })
      .returning({ id: leasePayments.id });
    return payment?.id as number;
  }

  async function finishedRepair(propertyId: number, cost: number, doneAt: string) {
    const db = database.db;
    const [ticket] = await db
      .insert(repairTickets)
      .values({ propertyId, title: "New pump", stage: "done", finalCostBaht: cost })
      .returning({ id: repairTickets.id });
    await db.insert(repairEvents).values({
      ticketId: ticket?.id as number,
      kind: "done",
      actor: "desk",
      createdAt: new Date(doneAt),
    });
    return ticket?.id as number;
  }

  const stay = (
    propertyId: number,
    checkIn: string,
    checkOut: string,
    gross: string,
    commission: string,
  ) =>
    stayFormSchema.parse({
      propertyId: String(propertyId),
      checkIn,
      checkOut,
      channel: "airbnb",
      gross,
      commission,
    });
  const expense = (
    propertyId: number,
    spentOn: string,
    amount: string,
    bearer: "owner" | "company",
  ) =>
    expenseFormSchema.parse({
      propertyId: String(propertyId),
      spentOn,
      category: "cleaning",
      vendor: "Kamala Clean Co.",
      amount,
      bearer,
    });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    const [admin] = await db
      .insert(adminUsers)
      .values({ email: "desk@example.com", passwordHash: "x" })
      .returning({ id: adminUsers.id });
    desk = admin?.id as number;
    for (let i = 0; i < 5; i++) await insertTestUnit(db, `padding-${i}`);
    anna = await owner("Anna");
    boris = await owner("Boris");
    vera = await owner("Vera");
    shared = await insertTestUnit(db, "shared-condo");
    villa = await insertTestUnit(db, "vera-villa");
    await db.insert(unitPrograms).values([
      { propertyId: shared, kind: "revenue-share" },
      {
        propertyId: villa,
        kind: "guaranteed",
        propertyValueBaht: 12_000_000,
        startDate: "2026-02-15",
      },
    ]);
    await db.insert(unitOwners).values([
      { propertyId: shared, ownerId: anna, sharePercent: 60 },
      { propertyId: shared, ownerId: boris, sharePercent: 40 },
      { propertyId: villa, ownerId: vera, sharePercent: 100 },
    ]);
    await setWithholding(db, { ownerId: boris, basis: "non-resident", rateBp: null }, desk);
    await db.insert(currencyRates).values([
      { currency: "USD", thbPerUnit: 34.5, appliesFrom: "2026-10-01" },
      { currency: "USD", thbPerUnit: 99, appliesFrom: "2027-06-01" },
    ]);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("drafts a revenue-share month from its sources: rent, stays, commissions, owner-borne costs", async () => {
    const db = database.db;
    const rent = await rentPayment(shared, "2026-10-03", 40_000, "rent");
    await rentPayment(shared, "2026-10-03", 80_000, "deposit"); // the tenant's money, not income
    const october = await addLedgerStay(
      db,
      stay(shared, "2026-10-12", "2026-10-20", "30,000", "4,500"),
      desk,
    );
    await addLedgerStay(db, stay(shared, "2026-10-29", "2026-11-02", "9,000", "1,000"), desk); // November's
    const cleaning = await addExpense(
      db,
      expense(shared, "2026-10-21", "3000", "owner"),
      null,
      desk,
    );
    await addExpense(db, expense(shared, "2026-10-22", "9999", "company"), null, desk); // the company's
    const pump = await finishedRepair(shared, 2_000, "2026-10-25T10:00:00+07:00");
    await finishedRepair(shared, 7_000, "2026-10-31T18:00:00Z"); // 1 November in Phuket

    const id = await generateDraft(db, shared, "2026-10-15", desk);
    const s = await loadStatement(db, id);
    // Worked by hand: 40,000 + 30,000 income; 4,500 commission; 3,000 + 2,000 costs.
    expect(s).toMatchObject({
      status: "draft",
      program: "revenue-share",
      periodStart: "2026-10-01",
      periodEnd: "2026-11-01",
      gross: 70_000,
      commissions: 4_500,
      expenses: 5_000,
      net: 60_500,
      ownerShare: 42_350,
      companyShare: 18_150,
      withholding: 2_541,
      payout: 39_809,
    });
    expect(s?.lines.map((l) => [l.kind, l.amount, l.sourceKind, l.sourceId])).toEqual([
      ["rent", 40_000, "lease-payment", rent],
      ["stay", 30_000, "stay", october],
      ["commission", 4_500, "stay", october],
      ["expense", 3_000, "expense", cleaning],
      ["repair", 2_000, "repair-ticket", pump],
      ["management-fee", 18_150, null, null],
    ]);
    // Every line is dated inside October: the company's share on its last day, not 1 November.
    expect(s?.lines.map((l) => l.on)).toEqual([
      "2026-10-03",
      "2026-10-20",
      "2026-10-20",
      "2026-10-21",
      "2026-10-25",
      "2026-10-31",
    ]);
    // 60 : 40 of 42,350; Boris, a non-resident, has 15% withheld.
    expect(s?.parts.map((p) => [p.ownerId, p.amount, p.withholding, p.payout])).toEqual([
      [anna, 25_410, 0, 25_410],
      [boris, 16_940, 2_541, 14_399],
    ]);
  });

  it("drafts a guaranteed quarter: a partial first one prorated by days, expenses deducted", async () => {
    const db = database.db;
    const first = await loadStatement(db, await generateDraft(db, villa, "2026-03-31", desk));
    expect(first).toMatchObject({
      periodStart: "2026-01-01",
      periodEnd: "2026-04-01",
      gross: 105_000,
    });
    expect(first?.details).toMatchObject({ days: 45, quarterDays: 90 });
    await addExpense(db, expense(villa, "2026-11-05", "4000", "owner"), null, desk);
    const q4 = await loadStatement(db, await generateDraft(db, villa, "2026-10-01", desk));
    expect(q4).toMatchObject({ gross: 210_000, expenses: 4_000, net: 206_000, payout: 206_000 });
    expect(q4?.lines.map((l) => l.kind)).toEqual(["guaranteed-return", "expense"]);
  });

  it("drafts every unit's period at once, and again replaces the draft rather than adding one", async () => {
    const db = database.db;
    const { made } = await generateDrafts(db, "2026-10-10", desk);
    expect(made).toHaveLength(2);
    const again = await generateDrafts(db, "2026-10-10", desk);
    expect(again.made).toHaveLength(2);
    const rows = await db
      .select()
      .from(ownerStatements)
      .where(eq(ownerStatements.propertyId, shared));
    expect(rows.filter((r) => r.periodStart === "2026-10-01")).toHaveLength(1);
  });

  it("approves, publishes with the day's rates, pays each owner; published, it never changes", async () => {
    const db = database.db;
    const id = await generateDraft(db, shared, "2026-10-15", desk);
    expect(await listOwnerStatements(db, anna)).toEqual([]); // a draft is the desk's
    expect((await refusal(publishStatement(db, id, desk, "2026-11-03"))).status).toBe(409);
    await approveStatement(db, id, desk);
    await publishStatement(db, id, desk, "2026-11-03");
    const published = await loadStatement(db, id);
    expect(published?.rates).toEqual({ USD: { thbPerUnit: 34.5, appliesFrom: "2026-10-01" } });
    const before = {
      statement: await db.select().from(ownerStatements).where(eq(ownerStatements.id, id)),
      lines: await db
        .select()
        .from(ownerStatementLines)
        .where(eq(ownerStatementLines.statementId, id)),
    };

    // The ledger changes later: the published statement does not follow it.
    await addExpense(db, expense(shared, "2026-10-30", "1500", "owner"), null, desk);
    expect((await refusal(generateDraft(db, shared, "2026-10-15", desk))).message).toMatch(
      /correct/,
    );

    await recordPayout(
      db,
      id,
      { ownerId: anna, paidOn: "2026-11-05", method: "bank-transfer", reference: "TX-1" },
      desk,
    );
    expect((await loadStatement(db, id))?.status).toBe("published");
    expect(
      (
        await refusal(
          recordPayout(
            db,
            id,
            { ownerId: anna, paidOn: "2026-11-05", method: "cash", reference: "again" },
            desk,
          ),
        )
      ).status,
    ).toBe(409);
    await recordPayout(
      db,
      id,
      { ownerId: boris, paidOn: "2026-11-06", method: "wise", reference: "W-9" },
      desk,
    );
    expect((await loadStatement(db, id))?.status).toBe("paid");

    // A correction is a new version with its reason and the difference; version 1 is as it was.
    const v2 = await correctStatement(db, id, "Cleaning invoice of 30 October was missed", desk);
    const corrected = await loadStatement(db, v2);
    expect(corrected).toMatchObject({
      version: 2,
      status: "draft",
      supersedesId: id,
      correctionReason: "Cleaning invoice of 30 October was missed",
      expenses: 6_500,
      net: 59_000,
      ownerShare: 41_300,
    });
    expect(corrected?.difference).toMatchObject({
      expenses: 1_500,
      net: -1_500,
      ownerShare: -1_050,
    });
    expect((await refusal(correctStatement(db, id, "twice over", desk))).message).toMatch(/newer/);
    const after = await db.select().from(ownerStatements).where(eq(ownerStatements.id, id));
    expect(after).toEqual(
      before.statement.map((s) => ({ ...s, status: "paid", paidAt: after[0]?.paidAt })),
    );
    expect(
      await db.select().from(ownerStatementLines).where(eq(ownerStatementLines.statementId, id)),
    ).toEqual(before.lines);
    const parts = await db
      .select()
      .from(ownerStatementParts)
      .where(eq(ownerStatementParts.statementId, id));
    expect(parts.map((p) => [p.amount, p.paidOn, p.payoutReference]).sort()).toEqual(
      [
        [25_410, "2026-11-05", "TX-1"],
        [16_940, "2026-11-06", "W-9"],
      ].sort(),
    );
  });

  it("shows an owner only their published statements and their own part; another's is null", async () => {
    const db = database.db;
    const annas = await listOwnerStatements(db, anna);
    expect(annas.map((s) => [s.periodStart, s.version, s.part])).toEqual([
      ["2026-10-01", 1, 25_410],
    ]);
    const id = annas[0]?.id as number;
    const seen = await loadOwnerStatement(db, anna, id);
    expect(seen?.parts.map((p) => p.ownerId)).toEqual([anna]);
    expect(seen?.coOwners).toBe(1);
    expect(await loadOwnerStatement(db, vera, id)).toBeNull();
    expect(await loadOwnerStatement(db, anna, 999_999)).toBeNull();
    // Vera's drafts are not hers to see yet.
    expect(await listOwnerStatements(db, vera)).toEqual([]);
  });

  it("keeps the arithmetic's promises on stored statements for any ledger", async () => {
    const db = database.db;
    const money = fc.integer({ min: 1, max: 2_000_000 });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(money, { maxLength: 3 }),
        fc.array(
          money.chain((g) => fc.tuple(fc.constant(g), fc.integer({ min: 0, max: g }))),
          { maxLength: 3 },
        ),
        fc.array(money, { maxLength: 3 }),
        fc.integer({ min: 1, max: 99 }),
        async (rents, stays, costs, percent) => {
          run++;
          const unit = await insertTestUnit(db, `prop-${run}`);
          await db.insert(unitPrograms).values({ propertyId: unit, kind: "revenue-share" });
          await db
            .insert(unitOwners)
            .values([
              { propertyId: unit, ownerId: anna, sharePercent: percent },
              ...(percent < 100
                ? [{ propertyId: unit, ownerId: vera, sharePercent: 100 - percent }]
                : []),
            ]);
          for (const r of rents) await rentPayment(unit, "2027-01-10", r, "rent");
          for (const [g, c] of stays)
            await addLedgerStay(
              db,
              stay(unit, "2027-01-02", "2027-01-05", String(g), String(c)),
              null,
            );
          for (const c of costs)
            await addExpense(db, expense(unit, "2027-01-20", String(c), "owner"), null, null);
          const s = await loadStatement(db, await generateDraft(db, unit, "2027-01-31", null));
          if (!s) throw new Error("no statement");
          let gross = 0;
          for (const r of rents) gross += r;
          for (const [g] of stays) gross += g;
          let commission = 0;
          for (const [, c] of stays) commission += c;
          let spent = 0;
          for (const c of costs) spent += c;
          const net = gross - commission - spent;
          expect([s.gross, s.commissions, s.expenses, s.net]).toEqual([
            gross,
            commission,
            spent,
            net,
          ]);
          // 70% to the baht, half away from zero, with BigInt.
          const n = BigInt(net) * 70n;
          const abs = n < 0n ? -n : n;
          const owner = Number((n < 0n ? -1n : 1n) * ((2n * abs + 100n) / 200n));
          expect(s.ownerShare).toBe(owner);
          expect(s.ownerShare + s.companyShare).toBe(net);
          expect(s.parts.reduce((a, p) => a + p.amount, 0)).toBe(s.ownerShare);
          expect(s.parts.reduce((a, p) => a + p.sharePercent, 0)).toBe(100);
        },
      ),
      { numRuns: 12 },
    );
  });
});

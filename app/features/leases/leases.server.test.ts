import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminUsers,
  auditLog,
  leads,
  leaseTenants,
  outbox,
  properties,
  stays,
} from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { addStay } from "../availability/stays.server.ts";
import { leaseFormSchema } from "./lease-schema.ts";
import {
  activateLease,
  addDeduction,
  cancelLease,
  changeEndDate,
  completeTask,
  createLease,
  endLease,
  eraseExpiredPersonalData,
  erasePersonalData,
  LeaseError,
  leaseDraftFromLead,
  loadLease,
  recordPayment,
  returnDeposit,
  signLease,
  tenantReturned,
} from "./leases.server.ts";

// 10:00 in Phuket on 2027-01-10.
const clock = { now: new Date("2027-01-10T03:00:00Z"), horizonDays: 60 };

const anna = {
  name: "Anna Petrova",
  nationality: "Russian",
  passportNumber: "753912345",
  email: "anna@example.com",
  phone: "+66 81 000 0000",
  language: "ru",
};

async function unit(database: TestDatabase, slug: string) {
  const [row] = await database.db
    .insert(properties)
    .values({
      slug,
      name: `Unit ${slug}`,
      building: "The Trees",
      unitCode: slug.toUpperCase(),
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
  return row?.id ?? 0;
}

const input = (fields: Record<string, unknown>) =>
  leaseFormSchema.parse({ term: "year", startDate: "2027-01-15", tenants: [anna], ...fields });

async function refusal(work: Promise<unknown>): Promise<LeaseError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof LeaseError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe.each(TEST_ENGINES)("leases on %s", (engine) => {
  let database: TestDatabase;
  let by: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const [admin] = await database.db
      .insert(adminUsers)
      .values({ email: "desk@example.com", passwordHash: "x" })
      .returning({ id: adminUsers.id });
    by = admin?.id ?? 0;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("turns a lead into a signed lease: Won, its stay on the calendar, a year's dues, a TM30 task", async () => {
    const db = database.db;
    const propertyId = await unit(database, "from-lead");
    const [lead] = await db
      .insert(leads)
      .values({
        kind: "unit-enquiry",
        name: "Anna Petrova",
        email: "anna@example.com",
        language: "ru",
        propertyId,
        stage: "viewing-booked",
      })
      .returning({ id: leads.id });
    const leadId = lead?.id ?? 0;
    const draft = await leaseDraftFromLead(db, leadId);
    expect(draft).toMatchObject({ propertyId, tenant: { name: "Anna Petrova", language: "ru" } });

    const id = await createLease(
      db,
      input({ propertyId: String(propertyId), leadId: String(leadId) }),
      by,
    );
    const [won] = await db.select({ stage: leads.stage }).from(leads).where(eq(leads.id, leadId));
    expect(won?.stage).toBe("won");
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(leadId)));
    expect(audit.map((a) => [a.action, a.entity, a.adminUserId])).toEqual([
      ["pipeline", "lead", by],
    ]);

    let lease = await loadLease(db, id, clock);
    // The year's price of the unit, two months' deposit, due on the 15th, a year to the day.
    expect(lease).toMatchObject({
      status: "draft",
      monthlyRent: 30000,
      deposit: 60000,
      dueDay: 15,
      endDate: "2028-01-15",
      stayId: null,
    });
    expect(lease?.dues).toEqual([]);

    await signLease(db, id, by, clock);
    lease = await loadLease(db, id, clock);
    expect(lease?.status).toBe("signed");
    const unitStays = await db.select().from(stays).where(eq(stays.propertyId, propertyId));
    expect(unitStays.map((s) => [s.id, s.kind, s.startDate, s.endDate, s.tenantName])).toEqual([
      [lease?.stayId, "lease", "2027-01-15", "2028-01-15", null],
    ]);
    const rent = lease?.dues.filter((d) => d.kind === "rent") ?? [];
    expect(rent).toHaveLength(12);
    expect(rent.map((d) => d.amount)).toEqual(Array(12).fill(30000));
    expect(rent[11]?.dueDate).toBe("2027-12-15");
    expect(lease?.dues.filter((d) => d.kind === "deposit").map((d) => d.amount)).toEqual([60000]);
    // Signed on the 10th for the 15th: the report is due 24 hours after the move-in day starts.
    expect(lease?.tasks).toEqual([
      expect.objectContaining({
        kind: "tm30",
        tenantId: lease?.tenants[0]?.id,
        dueAt: "2027-01-15T17:00:00.000Z",
        doneAt: null,
        reason: "signing",
      }),
    ]);
    expect(lease?.events.map((e) => [e.what, e.actor])).toEqual([
      ["tm30-opened", "desk@example.com"],
      ["signed", "desk@example.com"],
      ["created", "desk@example.com"],
    ]);
  });

  it("refuses a lease whose dates clash with another stay, naming it, and stores nothing", async () => {
    const db = database.db;
    const propertyId = await unit(database, "clash");
    await addStay(
      db,
      propertyId,
      { kind: "owner-block", startDate: "2027-06-01", endDate: "2027-06-10" },
      clock,
    );
    const id = await createLease(db, input({ propertyId: String(propertyId) }), by);
    const error = await refusal(signLease(db, id, by, clock));
    expect(error.status).toBe(409);
    expect(error.message).toContain("owner block from 2027-06-01 to 2027-06-10");
    const lease = await loadLease(db, id, clock);
    expect(lease?.status).toBe("draft");
    expect(lease?.dues).toEqual([]);
    expect(lease?.tasks).toEqual([]);
    const unitStays = await db.select().from(stays).where(eq(stays.propertyId, propertyId));
    expect(unitStays.map((s) => s.kind)).toEqual(["owner-block"]);
  });

  it("adds partial payments until the due is paid; the deposit's due marks it received", async () => {
    const db = database.db;
    const propertyId = await unit(database, "payments");
    const id = await createLease(db, input({ propertyId: String(propertyId), term: "month" }), by);
    await signLease(db, id, by, clock);
    let lease = await loadLease(db, id, clock);
    // 1 month at the monthly price, one month's deposit.
    expect(lease?.dues.map((d) => [d.kind, d.dueDate, d.amount])).toEqual([
      ["deposit", "2027-01-15", 40000],
      ["rent", "2027-01-15", 40000],
    ]);
    const rent = lease?.dues.find((d) => d.kind === "rent");
    const deposit = lease?.dues.find((d) => d.kind === "deposit");
    await recordPayment(
      db,
      id,
      { dueId: rent?.id ?? 0, paidOn: "2027-01-15", amount: 25000, method: "cash" },
      by,
    );
    const later = { ...clock, now: new Date("2027-01-20T03:00:00Z") };
    lease = await loadLease(db, id, later);
    expect(lease?.dues.find((d) => d.id === rent?.id)).toMatchObject({
      paid: 25000,
      state: "overdue",
    });
    expect(lease?.totals.overdue).toBe(15000 + 40000);
    await recordPayment(
      db,
      id,
      {
        dueId: rent?.id ?? 0,
        paidOn: "2027-01-21",
        amount: 15000,
        method: "promptpay",
        reference: "PP-1",
      },
      by,
    );
    await recordPayment(
      db,
      id,
      { dueId: deposit?.id ?? 0, paidOn: "2027-01-21", amount: 40000, method: "bank-transfer" },
      by,
    );
    lease = await loadLease(db, id, later);
    expect(lease?.dues.map((d) => [d.kind, d.paid, d.state])).toEqual([
      ["deposit", 40000, "paid"],
      ["rent", 40000, "paid"],
    ]);
    expect(lease?.depositInfo).toMatchObject({ status: "received", receivedOn: "2027-01-21" });
    // A due of another lease is refused.
    const other = await createLease(
      db,
      input({ propertyId: String(await unit(database, "payments-2")) }),
      by,
    );
    await signLease(db, other, by, clock);
    const error = await refusal(
      recordPayment(
        db,
        other,
        { dueId: rent?.id ?? 0, paidOn: "2027-01-21", amount: 1, method: "cash" },
        by,
      ),
    );
    expect([error.status, error.field]).toEqual([400, "dueId"]);
  });

  it("moves the end, ends early (shortening the stay and prorating the rent), then returns the deposit less deductions", async () => {
    const db = database.db;
    const propertyId = await unit(database, "ending");
    const id = await createLease(
      db,
      input({ propertyId: String(propertyId), term: "six-months", startDate: "2027-02-01" }),
      by,
    );
    await signLease(db, id, by, clock);
    await changeEndDate(db, id, "2027-09-01", by, clock);
    let lease = await loadLease(db, id, clock);
    expect(lease?.dues.filter((d) => d.kind === "rent")).toHaveLength(7);
    let [stay] = await db.select().from(stays).where(eq(stays.propertyId, propertyId));
    expect(stay?.endDate).toBe("2027-09-01");

    await activateLease(db, id, by);
    // Leaves on 16 March: 15 of March's 31 days, 35000 × 15 / 31 = 16935.48… → 16935.
    await endLease(db, id, "2027-03-16", by, clock);
    lease = await loadLease(db, id, clock);
    expect(lease?.dues.filter((d) => d.kind === "rent").map((d) => [d.dueDate, d.amount])).toEqual([
      ["2027-02-01", 35000],
      ["2027-03-01", 16935],
    ]);
    [stay] = await db.select().from(stays).where(eq(stays.propertyId, propertyId));
    expect([stay?.startDate, stay?.endDate]).toEqual(["2027-02-01", "2027-03-16"]);
    expect(lease?.depositInfo.deadline).toBe("2027-03-23");

    const deposit = lease?.dues.find((d) => d.kind === "deposit");
    await recordPayment(
      db,
      id,
      { dueId: deposit?.id ?? 0, paidOn: "2027-02-01", amount: 35000, method: "cash" },
      by,
    );
    await addDeduction(
      db,
      id,
      { amount: 4500, reason: "Broken shower screen", isRepair: true },
      by,
    );
    const tooMuch = await refusal(
      addDeduction(db, id, { amount: 30501, reason: "x", isRepair: false }, by),
    );
    expect([tooMuch.status, tooMuch.field]).toEqual([400, "amount"]);
    lease = await loadLease(db, id, clock);
    // A repair: 14 days.
    expect(lease?.depositInfo).toMatchObject({
      deducted: 4500,
      toReturn: 30500,
      deadline: "2027-03-30",
    });
    expect(await returnDeposit(db, id, "2027-03-20", by)).toBe(30500);
    lease = await loadLease(db, id, clock);
    expect(lease?.depositInfo).toMatchObject({ status: "returned", returnedAmount: 30500 });
  });

  it("cancels a signed lease: its stay leaves the calendar and the unit is free again", async () => {
    const db = database.db;
    const propertyId = await unit(database, "cancel");
    const id = await createLease(
      db,
      input({ propertyId: String(propertyId), startDate: "2027-01-05" }),
      by,
    );
    await signLease(db, id, by, clock);
    const [taken] = await db
      .select({ status: properties.status })
      .from(properties)
      .where(eq(properties.id, propertyId));
    expect(taken?.status).toBe("occupied");
    await cancelLease(db, id, by, clock);
    expect(await db.select().from(stays).where(eq(stays.propertyId, propertyId))).toEqual([]);
    const [free] = await db
      .select({ status: properties.status })
      .from(properties)
      .where(eq(properties.id, propertyId));
    expect(free?.status).toBe("available");
    const lease = await loadLease(db, id, clock);
    expect([lease?.status, lease?.stayId, lease?.dues.length]).toEqual(["cancelled", null, 0]);
    const wrong = await refusal(activateLease(db, id, by));
    expect(wrong.status).toBe(409);
  });

  it("opens a TM30 task for a tenant back from abroad and closes it with the receipt", async () => {
    const db = database.db;
    const propertyId = await unit(database, "tm30");
    const id = await createLease(
      db,
      input({ propertyId: String(propertyId), tenants: [{ ...anna, nationality: "Thai" }] }),
      by,
    );
    await signLease(db, id, by, clock);
    expect((await loadLease(db, id, clock))?.tasks).toEqual([]);
    const tenantId = (await loadLease(db, id, clock))?.tenants[0]?.id ?? 0;
    await tenantReturned(
      db,
      id,
      { tenantId, arrivalDate: "2027-01-09", portOfEntry: "Phuket Airport" },
      by,
      clock,
    );
    let lease = await loadLease(db, id, clock);
    expect(lease?.tasks).toEqual([
      expect.objectContaining({
        reason: "return-from-abroad",
        dueAt: "2027-01-11T03:00:00.000Z",
        overdue: false,
      }),
    ]);
    expect(lease?.tenants[0]).toMatchObject({
      arrivalDate: "2027-01-09",
      portOfEntry: "Phuket Airport",
    });
    const taskId = lease?.tasks[0]?.id ?? 0;
    const late = { now: new Date("2027-01-12T03:00:00Z") };
    expect((await loadLease(db, id, late))?.tasks[0]?.overdue).toBe(true);
    await completeTask(db, id, taskId, "TM30-2027-000123", by, late);
    lease = await loadLease(db, id, late);
    expect(lease?.tasks[0]).toMatchObject({ receiptNumber: "TM30-2027-000123", overdue: false });
    const again = await refusal(completeTask(db, id, taskId, "again", by, late));
    expect(again.status).toBe(409);
  });

  it("erases tenants' personal data by hand and after the retention period, and records it", async () => {
    const db = database.db;
    const propertyId = await unit(database, "erase");
    const running = await createLease(db, input({ propertyId: String(propertyId) }), by);
    const refused = await refusal(erasePersonalData(db, running, by, "by-hand", clock));
    expect(refused.status).toBe(409);

    const old = await createLease(
      db,
      input({ propertyId: String(propertyId), startDate: "2020-01-01" }),
      by,
    );
    await cancelLease(db, old, by, { now: new Date("2020-01-02T03:00:00Z") });
    const recent = await createLease(
      db,
      input({ propertyId: String(propertyId), startDate: "2026-12-01" }),
      by,
    );
    await cancelLease(db, recent, by, clock);
    await db.insert(outbox).values({
      channel: "email",
      purpose: "lease-reminder",
      leaseId: old,
      payload: { to: ["anna@example.com"], subject: "Rent", text: "…" },
    });

    // Kept 365 days: the lease cancelled in 2020 goes, the one cancelled this month stays.
    expect(await eraseExpiredPersonalData(db, 365, clock)).toBe(1);
    const [tenant] = await db.select().from(leaseTenants).where(eq(leaseTenants.leaseId, old));
    expect(tenant).toMatchObject({
      name: null,
      passportNumber: null,
      email: null,
      phone: null,
      nationality: null,
    });
    expect(await db.select().from(outbox).where(eq(outbox.leaseId, old))).toEqual([]);
    const [kept] = await db.select().from(leaseTenants).where(eq(leaseTenants.leaseId, recent));
    expect(kept?.passportNumber).toBe("753912345");
    const erased = await loadLease(db, old, clock);
    expect(erased?.personalDataErasedAt).not.toBeNull();
    expect(erased?.events[0]).toMatchObject({
      what: "personal-data-erased",
      actor: null,
      details: { why: "retention" },
    });

    await erasePersonalData(db, recent, by, "by-hand", clock);
    const [gone] = await db.select().from(leaseTenants).where(eq(leaseTenants.leaseId, recent));
    expect(gone?.passportNumber).toBeNull();
    // The history never held the passport.
    const history = JSON.stringify((await loadLease(db, recent, clock))?.events);
    expect(history).not.toContain("753912345");
    expect(history).not.toContain("anna@example.com");
  });
});

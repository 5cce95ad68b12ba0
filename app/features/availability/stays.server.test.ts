import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, properties, settings, stays } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { stayFormSchema } from "./stay-schema.ts";
import {
  addStay,
  listStays,
  refreshAllAvailability,
  removeStay,
  StayError,
  stayChanges,
  updateStay,
} from "./stays.server.ts";
import { insertTestUnit, unitStatus } from "./test-units.server.ts";

// 10:00 in Phuket on 2026-11-23.
const clock = { now: new Date("2026-11-23T03:00:00Z"), horizonDays: 60 };

const stay = (fields: Record<string, string>) => stayFormSchema.parse({ kind: "lease", ...fields });

describe.each(TEST_ENGINES)("stays on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Units' ids apart from their stays' ids, so a query mixing the two cannot pass by chance.
    for (let i = 0; i < 7; i++) await insertTestUnit(database.db, `padding-${i}`);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("records who added, changed and removed a stay by hand, with the stay before and after", async () => {
    const db = database.db;
    const id = await insertTestUnit(db, "audited");
    const other = await insertTestUnit(db, "audited-other");
    const [admin] = await db
      .insert(adminUsers)
      .values({ email: "desk@example.com", passwordHash: "x" })
      .returning({ id: adminUsers.id });
    const by = admin?.id ?? 0;
    const lease = { startDate: "2027-01-01", endDate: "2027-07-01", tenantName: "Anna" };
    const stayId = await addStay(db, id, stay({ ...lease, leaseMonths: "6" }), clock, by);
    await addStay(db, other, stay({ startDate: "2027-01-01", endDate: "2027-02-01" }), clock, by);
    // Saved unchanged: nothing to record.
    await updateStay(db, id, stayId, stay({ ...lease, leaseMonths: "6" }), clock, by);
    await updateStay(db, id, stayId, stay({ ...lease, endDate: "2027-08-01" }), clock, by);
    await removeStay(db, id, stayId, clock, by);

    const changes = await stayChanges(db, id);
    expect(changes.map((c) => [c.action, c.by])).toEqual([
      ["delete", "desk@example.com"],
      ["update", "desk@example.com"],
      ["create", "desk@example.com"],
    ]);
    const [removed, changed, added] = changes;
    expect(added?.before).toBeNull();
    expect(added?.after).toEqual({
      stayId,
      kind: "lease",
      ...lease,
      leaseMonths: 6,
    });
    expect(changed?.before).toMatchObject({ endDate: "2027-07-01", leaseMonths: 6 });
    expect(changed?.after).toMatchObject({ endDate: "2027-08-01", leaseMonths: null });
    expect(removed?.before).toMatchObject({ stayId, endDate: "2027-08-01" });
    expect(removed?.after).toBeNull();
    expect(await stayChanges(db, other)).toHaveLength(1);
  });

  it("a lease covering today makes the unit occupied until its last night; removing it frees it", async () => {
    const db = database.db;
    const id = await insertTestUnit(db, "lease-1");
    const stayId = await addStay(
      db,
      id,
      stay({
        startDate: "2026-10-01",
        endDate: "2027-10-01",
        tenantName: "A. Tenant",
        leaseMonths: "12",
      }),
      clock,
    );
    expect(await unitStatus(db, id)).toEqual({
      status: "occupied",
      availableFrom: null,
      rentedUntil: "2027-09-30",
    });
    const [row] = await listStays(db, id);
    expect(row).toMatchObject({ tenantName: "A. Tenant", leaseMonths: 12, feedId: null });

    await updateStay(
      db,
      id,
      stayId,
      stay({ startDate: "2026-10-01", endDate: "2026-12-01" }),
      clock,
    );
    expect(await unitStatus(db, id)).toEqual({
      status: "soon",
      availableFrom: "2026-12-01",
      rentedUntil: null,
    });

    await removeStay(db, id, stayId, clock);
    expect(await unitStatus(db, id)).toEqual({
      status: "available",
      availableFrom: null,
      rentedUntil: null,
    });
    expect(await listStays(db, id)).toEqual([]);
  });

  it("refuses a stay overlapping another by even one night, accepts one that touches", async () => {
    const db = database.db;
    const id = await insertTestUnit(db, "overlap-1");
    await addStay(db, id, stay({ startDate: "2026-12-01", endDate: "2026-12-10" }), clock);
    const attempt = addStay(
      db,
      id,
      stay({ kind: "owner-block", startDate: "2026-12-09", endDate: "2026-12-20" }),
      clock,
    );
    await expect(attempt).rejects.toThrow(StayError);
    await expect(attempt).rejects.toThrow(
      "These dates overlap a lease from 2026-12-01 to 2026-12-10",
    );
    await addStay(
      db,
      id,
      stay({ kind: "maintenance", startDate: "2026-12-10", endDate: "2026-12-12" }),
      clock,
    );
    expect((await listStays(db, id)).map((s) => s.kind)).toEqual(["lease", "maintenance"]);
    // Another unit's dates never clash.
    const other = await insertTestUnit(db, "overlap-2");
    await addStay(db, other, stay({ startDate: "2026-12-01", endDate: "2026-12-10" }), clock);
  });

  it("an edit may keep its own dates but not move onto another stay", async () => {
    const db = database.db;
    const id = await insertTestUnit(db, "edit-1");
    const first = await addStay(
      db,
      id,
      stay({ startDate: "2027-01-01", endDate: "2027-02-01" }),
      clock,
    );
    await addStay(db, id, stay({ startDate: "2027-03-01", endDate: "2027-04-01" }), clock);
    await updateStay(
      db,
      id,
      first,
      stay({ startDate: "2027-01-01", endDate: "2027-02-15" }),
      clock,
    );
    await expect(
      updateStay(db, id, first, stay({ startDate: "2027-01-01", endDate: "2027-03-02" }), clock),
    ).rejects.toThrow("overlap");
    await expect(
      updateStay(db, id, 999_999, stay({ startDate: "2027-06-01", endDate: "2027-06-02" }), clock),
    ).rejects.toThrow("no longer exists");
  });

  it("a unit without stays keeps its hand-set status; an override wins over the calendar", async () => {
    const db = database.db;
    const manual = await insertTestUnit(db, "manual-1", {
      status: "soon",
      availableFrom: "2027-02-01",
    });
    const overridden = await insertTestUnit(db, "override-1", { status: "available" });
    await db.update(properties).set({ statusOverride: true }).where(eq(properties.id, overridden));
    await addStay(db, overridden, stay({ startDate: "2026-11-01", endDate: "2028-01-01" }), clock);
    await refreshAllAvailability(db, clock);
    expect(await unitStatus(db, manual)).toEqual({
      status: "soon",
      availableFrom: "2027-02-01",
      rentedUntil: null,
    });
    expect((await unitStatus(db, overridden))?.status).toBe("available");
  });

  it("the midnight refresh moves statuses on with the date, and a second run changes nothing", async () => {
    const db = database.db;
    const id = await insertTestUnit(db, "midnight-1");
    await addStay(db, id, stay({ startDate: "2026-11-01", endDate: "2026-11-24" }), clock);
    expect((await unitStatus(db, id))?.status).toBe("soon");

    // 16:59 UTC is still the 23rd in Phuket; 17:00 UTC is midnight there, the 24th.
    const before = { now: new Date("2026-11-23T16:59:00Z"), horizonDays: 60 };
    const after = { now: new Date("2026-11-23T17:00:00Z"), horizonDays: 60 };
    await refreshAllAvailability(db, before);
    expect((await unitStatus(db, id))?.status).toBe("soon");
    expect(await refreshAllAvailability(db, after)).toBeGreaterThanOrEqual(1);
    expect(await unitStatus(db, id)).toEqual({
      status: "available",
      availableFrom: null,
      rentedUntil: null,
    });

    const version = async () =>
      (await db.select().from(settings).where(eq(settings.key, "content_version")))[0]?.value;
    const v1 = await version();
    expect(await refreshAllAvailability(db, after)).toBe(0);
    expect(await version()).toEqual(v1);
  });

  it("a stay's change bumps the content version, so cached pages are dropped", async () => {
    const db = database.db;
    const id = await insertTestUnit(db, "version-1");
    const version = async () =>
      Number(
        (await db.select().from(settings).where(eq(settings.key, "content_version")))[0]?.value,
      );
    const v1 = await version();
    await addStay(db, id, stay({ startDate: "2027-05-01", endDate: "2027-05-03" }), clock);
    expect(await version()).toBeGreaterThan(v1);
  });

  it("the table refuses an end before the start and unknown kinds", async () => {
    const db = database.db;
    const id = await insertTestUnit(db, "checks-1");
    await expect(
      db
        .insert(stays)
        .values({ propertyId: id, kind: "lease", startDate: "2027-01-02", endDate: "2027-01-02" }),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into stays (property_id, kind, start_date, end_date) values (${id}, 'party', '2027-01-01', '2027-01-02')`,
      ),
    ).rejects.toThrow();
  });
});

describe("stay form", () => {
  it("accepts a lease with its tenant and length, and explains what is wrong", () => {
    expect(
      stayFormSchema.safeParse({
        kind: "lease",
        startDate: "2026-12-01",
        endDate: "2027-12-01",
        tenantName: " Ann ",
        leaseMonths: "12",
      }).data,
    ).toEqual({
      kind: "lease",
      startDate: "2026-12-01",
      endDate: "2027-12-01",
      tenantName: "Ann",
      leaseMonths: 12,
    });
    const messages = (input: Record<string, string>) =>
      stayFormSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ kind: "lease", startDate: "2026-12-01", endDate: "2026-12-01" })).toEqual([
      "End (the first free day) must be after the start",
    ]);
    expect(messages({ kind: "lease", startDate: "2026-02-30", endDate: "2026-12-01" })).toEqual([
      "Start must be a date like 2026-12-01",
    ]);
    expect(
      messages({
        kind: "maintenance",
        startDate: "2026-12-01",
        endDate: "2026-12-02",
        tenantName: "X",
      }),
    ).toEqual(["Tenant name and lease length are for leases only"]);
    expect(messages({ kind: "party", startDate: "2026-12-01", endDate: "2026-12-02" })).toEqual([
      "Choose a kind of stay",
    ]);
    expect(messages({ kind: "lease", startDate: "2026-12-01", endDate: "2037-12-01" })).toEqual([
      "A stay can last ten years at most",
    ]);
    expect(
      messages({ kind: "lease", startDate: "x".repeat(100_000), endDate: "2026-12-01" }),
    ).toEqual(["Start must be a date like 2026-12-01"]);
  });
});

import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRouteRuntime } from "../../../tests/support/admin-runtime.ts";
import { setRuntime } from "../../db/runtime.server.ts";
import { stays } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import * as calendarRoute from "../../routes/admin.property-calendar.tsx";
import { loadUnitCalendar } from "../availability/calendar-admin.server.ts";
import { removeStay, StayError, updateStay } from "../availability/stays.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { leaseFormSchema } from "./lease-schema.ts";
import { cancelLease, changeEndDate, createLease, loadLease, signLease } from "./leases.server.ts";

const SITE = "http://admin.test";
const clock = { now: new Date("2027-01-10T03:00:00Z"), horizonDays: 60 };

describe.each(TEST_ENGINES)("a lease's stay on the admin calendar on %s", (engine) => {
  let database: TestDatabase;
  let cookie: string;
  let by: number;
  let unit: number;
  let leaseId: number;
  let stayId: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ adminId: by, cookie } = await adminRouteRuntime(database, {
      site: SITE,
      email: "stay@example.com",
      folder: "lease-stay",
    }));
    unit = await insertTestUnit(database.db, "leased-unit", { status: "available" });
    leaseId = await createLease(
      database.db,
      leaseFormSchema.parse({
        propertyId: String(unit),
        term: "year",
        startDate: "2027-01-15",
        tenants: [{ name: "Tom Baker", nationality: "Thai", language: "en" }],
      }),
      by,
    );
    await signLease(database.db, leaseId, by, clock);
    stayId = (await loadLease(database.db, leaseId))?.stayId ?? 0;
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database?.destroy();
  });

  async function post(fields: Record<string, string>) {
    const body = new URLSearchParams(fields).toString();
    const request = new Request(`${SITE}/admin/properties/${unit}/calendar`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
        origin: SITE,
        cookie,
      },
    });
    const outcome = (await calendarRoute.action({
      request,
      params: { id: String(unit) },
      context: new RouterContextProvider(),
    } as never)) as unknown;
    const init = (outcome as { init?: { status?: number } }).init;
    const value = (init ? (outcome as { data: unknown }).data : outcome) as {
      ok: boolean;
      message: string;
      leaseId?: number;
    };
    return { status: init?.status ?? 200, body: value };
  }

  const storedStay = async () =>
    (
      await database.db
        .select({ start: stays.startDate, end: stays.endDate })
        .from(stays)
        .where(eq(stays.id, stayId))
    )[0];

  it("refuses to change or remove it by hand with a 409 naming the lease", async () => {
    expect(stayId).toBeGreaterThan(0);
    const before = await storedStay();
    expect(before).toEqual({ start: "2027-01-15", end: "2028-01-15" });

    const edit = await post({
      intent: "update-stay",
      id: String(stayId),
      kind: "lease",
      startDate: "2027-01-15",
      endDate: "2027-03-01",
    });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ ok: false, form: `stay-${stayId}`, leaseId });
    expect(edit.body.message).toBe(
      `This stay belongs to lease #${leaseId}: change the lease instead.`,
    );
    const removal = await post({ intent: "remove-stay", id: String(stayId) });
    expect(removal.status).toBe(409);
    expect(removal.body).toMatchObject({ ok: false, leaseId });
    expect(await storedStay()).toEqual(before);

    // The services refuse it too, whoever calls them without being its lease.
    const direct = await removeStay(database.db, unit, stayId, clock, by).catch((e) => e);
    expect(direct).toBeInstanceOf(StayError);
    expect(direct).toMatchObject({ reason: "lease-owned", leaseId });
    const other = await updateStay(
      database.db,
      unit,
      stayId,
      { kind: "lease", startDate: "2027-01-15", endDate: "2027-02-01" },
      clock,
      by,
      { leaseId: leaseId + 1 },
    ).catch((e) => e);
    expect(other).toMatchObject({ reason: "lease-owned" });
    expect(await storedStay()).toEqual(before);

    // The page lists it with its lease, to offer a link instead of the buttons.
    const calendar = await loadUnitCalendar(unit, 1, clock.now);
    expect(calendar?.stays.find((s) => s.id === stayId)?.leaseId).toBe(leaseId);
  });

  it("lets the lease itself move and remove it", async () => {
    await changeEndDate(database.db, leaseId, "2027-07-15", by, clock);
    expect(await storedStay()).toEqual({ start: "2027-01-15", end: "2027-07-15" });
    await cancelLease(database.db, leaseId, by, clock);
    expect(await storedStay()).toBeUndefined();
  });
});

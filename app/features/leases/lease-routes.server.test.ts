import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRouteRuntime } from "../../../tests/support/admin-runtime.ts";
import { setRuntime } from "../../db/runtime.server.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import * as leaseRoute from "../../routes/admin.lease.tsx";
import * as newLeaseRoute from "../../routes/admin.lease-new.tsx";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { loadLease } from "./leases.server.ts";

const SITE = "http://admin.test";

describe.each(TEST_ENGINES)("the lease pages' posts on %s", (engine) => {
  let database: TestDatabase;
  let cookie: string;
  let unit: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ cookie } = await adminRouteRuntime(database, {
      site: SITE,
      email: "lease@example.com",
      folder: "lease-routes",
    }));
    unit = await insertTestUnit(database.db, "lease-unit", { status: "available" });
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database.destroy();
  });

  async function post(
    route: { action: (args: never) => Promise<unknown> },
    url: string,
    fields: Record<string, string>,
    params: Record<string, string> = {},
  ) {
    const body = new URLSearchParams(fields).toString();
    const request = new Request(`${SITE}${url}`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
        origin: SITE,
        cookie,
      },
    });
    let outcome: unknown;
    try {
      outcome = await route.action({
        request,
        params,
        context: new RouterContextProvider(),
      } as never);
    } catch (thrown) {
      outcome = thrown;
    }
    if (outcome instanceof Response)
      return { status: outcome.status, location: outcome.headers.get("location"), body: null };
    const init = (outcome as { init?: { status?: number } }).init;
    const value = init ? (outcome as { data: unknown }).data : outcome;
    return {
      status: init?.status ?? 200,
      location: null,
      body: value as { ok: boolean; message: string; fieldErrors?: Record<string, string> },
    };
  }

  const draft = (fields: Record<string, string> = {}) => ({
    propertyId: String(unit),
    term: "year",
    startDate: "2031-01-10",
    "tenants.0.name": "Anna Petrova",
    "tenants.0.nationality": "Russian",
    "tenants.0.language": "ru",
    "tenants.1.language": "en",
    ...fields,
  });

  it("answers bad input with 400 and the field's message, never a 500", async () => {
    const bad = await post(newLeaseRoute, "/admin/leases/new", {
      ...draft(),
      "tenants.0.name": "",
      startDate: "2031-02-30",
      dueDay: "1e3",
      monthlyRent: "-5",
      term: "forever",
    });
    expect(bad.status).toBe(400);
    expect(bad.body?.fieldErrors).toMatchObject({
      startDate: "Start must be a date like 2027-01-15",
      term: "Choose a term",
      dueDay: "Due day must be a whole number",
      monthlyRent: "Monthly rent must be a whole number",
    });
    const long = await post(
      newLeaseRoute,
      "/admin/leases/new",
      draft({ "tenants.0.name": "x".repeat(201) }),
    );
    expect([long.status, long.body?.fieldErrors?.["tenants.0.name"]]).toEqual([
      400,
      "Name must be at most 200 characters",
    ]);
    const noUnit = await post(newLeaseRoute, "/admin/leases/new", draft({ propertyId: "999999" }));
    expect([noUnit.status, noUnit.body?.fieldErrors?.propertyId]).toEqual([
      400,
      "Choose a unit that exists.",
    ]);
  });

  it("saves a draft (redirect to its page), signs it, and refuses a clash with 409 naming the stay", async () => {
    const saved = await post(newLeaseRoute, "/admin/leases/new", draft());
    expect(saved.status).toBe(302);
    const id = saved.location?.match(/^\/admin\/leases\/(\d+)$/)?.[1] ?? "";
    expect(id).not.toBe("");
    const lease = await loadLease(database.db, Number(id));
    // The empty second tenant's slot is left out.
    expect(lease?.tenants.map((t) => t.name)).toEqual(["Anna Petrova"]);

    const signed = await post(leaseRoute, `/admin/leases/${id}`, { intent: "sign" }, { id });
    expect(signed).toMatchObject({ status: 200, body: { ok: true } });

    const other = await post(
      newLeaseRoute,
      "/admin/leases/new",
      draft({ term: "month", startDate: "2031-06-01" }),
    );
    const otherId = other.location?.split("/").at(-1) ?? "";
    const clash = await post(
      leaseRoute,
      `/admin/leases/${otherId}`,
      { intent: "sign" },
      { id: otherId },
    );
    expect(clash.status).toBe(409);
    expect(clash.body?.message).toContain("overlap a lease from 2031-01-10 to 2032-01-10");

    // A payment of no amount, or for a due of no lease, is a 400 naming the field.
    const due = lease && (await loadLease(database.db, lease.id))?.dues[0];
    const noAmount = await post(
      leaseRoute,
      `/admin/leases/${id}`,
      {
        intent: "payment",
        dueId: String(due?.id),
        paidOn: "2031-01-10",
        amount: "",
        method: "cash",
      },
      { id },
    );
    expect([noAmount.status, noAmount.body?.fieldErrors?.amount]).toEqual([
      400,
      "Amount is required",
    ]);
    const wrongDue = await post(
      leaseRoute,
      `/admin/leases/${id}`,
      { intent: "payment", dueId: "999999", paidOn: "2031-01-10", amount: "100", method: "cash" },
      { id },
    );
    expect([wrongDue.status, wrongDue.body?.fieldErrors?.dueId]).toEqual([
      400,
      "Choose a due of this lease.",
    ]);
    const unknown = await post(leaseRoute, `/admin/leases/${id}`, { intent: "explode" }, { id });
    expect(unknown.status).toBe(400);
    // A second signing is a status move the lease does not allow.
    const again = await post(leaseRoute, `/admin/leases/${id}`, { intent: "sign" }, { id });
    expect(again.status).toBe(409);
    const missing = await post(
      leaseRoute,
      "/admin/leases/999999",
      { intent: "sign" },
      { id: "999999" },
    );
    expect(missing.status).toBe(404);
  });
});

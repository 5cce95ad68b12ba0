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

describe.each(TEST_ENGINES)("editing a draft lease on %s", (engine) => {
  let database: TestDatabase;
  let cookie: string;
  let unit: number;
  let other: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ cookie } = await adminRouteRuntime(database, {
      site: SITE,
      email: "draft@example.com",
      folder: "lease-draft",
    }));
    unit = await insertTestUnit(database.db, "draft-unit", { status: "available" });
    other = await insertTestUnit(database.db, "draft-other", { status: "available" });
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
    ...fields,
  });

  async function newDraft(fields: Record<string, string> = {}) {
    const saved = await post(newLeaseRoute, "/admin/leases/new", draft(fields));
    expect(saved.status).toBe(302);
    return Number(saved.location?.match(/^\/admin\/leases\/(\d+)$/)?.[1]);
  }

  const edit = (id: number, version: number, fields: Record<string, string>) =>
    post(
      leaseRoute,
      `/admin/leases/${id}`,
      { intent: "edit", version: String(version), ...fields },
      { id: String(id) },
    );

  it("changes a draft's unit, dates, term, rent, deposit, due day and tenants", async () => {
    const id = await newDraft();
    const before = await loadLease(database.db, id);
    expect(before).toMatchObject({ monthlyRent: 30000, deposit: 60000, dueDay: 10 });

    const saved = await edit(id, before?.version ?? 0, {
      propertyId: String(other),
      term: "custom",
      startDate: "2031-02-01",
      endDate: "2031-05-01",
      monthlyRent: "42,000",
      deposit: "84000",
      dueDay: "5",
      notes: "Two cats",
      "tenants.0.name": "Anna Petrova",
      "tenants.0.language": "ru",
      "tenants.0.passportNumber": "753912345",
      "tenants.1.name": "Ivan Petrov",
      "tenants.1.language": "en",
    });
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: "Draft saved." } });
    const after = await loadLease(database.db, id);
    expect(after).toMatchObject({
      status: "draft",
      term: "custom",
      startDate: "2031-02-01",
      endDate: "2031-05-01",
      monthlyRent: 42000,
      deposit: 84000,
      dueDay: 5,
      notes: "Two cats",
      unit: { id: other },
      version: (before?.version ?? 0) + 1,
    });
    expect(after?.tenants.map((t) => [t.name, t.passportNumber, t.language])).toEqual([
      ["Anna Petrova", "753912345", "ru"],
      ["Ivan Petrov", null, "en"],
    ]);
    // A form read before that change is refused, and changes nothing.
    const stale = await edit(id, before?.version ?? 0, { ...draft(), monthlyRent: "1000" });
    expect(stale.status).toBe(409);
    expect((await loadLease(database.db, id))?.monthlyRent).toBe(42000);
  });

  it("answers bad fields with 400 and each field's message, leaving the draft as it was", async () => {
    const id = await newDraft();
    const before = await loadLease(database.db, id);
    const bad = await edit(id, before?.version ?? 0, {
      ...draft(),
      "tenants.0.name": "",
      dueDay: "29",
      deposit: "12.5",
    });
    expect(bad.status).toBe(400);
    expect(bad.body?.fieldErrors).toMatchObject({
      "tenants.0.name": "Name is required",
      dueDay: "Due day must be at most 28",
      deposit: "Deposit must be a whole number",
    });
    const backwards = await edit(id, before?.version ?? 0, {
      ...draft(),
      term: "custom",
      endDate: "2030-12-01",
    });
    expect([backwards.status, backwards.body?.fieldErrors?.endDate]).toEqual([
      400,
      "End (the first free day) must be after the start",
    ]);
    const noVersion = await post(
      leaseRoute,
      `/admin/leases/${id}`,
      { intent: "edit", ...draft() },
      { id: String(id) },
    );
    expect(noVersion.status).toBe(400);
    expect(await loadLease(database.db, id)).toEqual(before);
  });

  it("refuses a deposit that with a month's rent in advance passes three months' rent", async () => {
    // Rent 30,000: three months are 90,000, so the deposit can be 60,000 at most.
    const cap =
      "The deposit and a month's rent in advance come to more than 3 months' rent: the deposit can be 60,000 baht at most";
    const tooMuch = await post(
      newLeaseRoute,
      "/admin/leases/new",
      draft({ monthlyRent: "30000", deposit: "60001" }),
    );
    expect([tooMuch.status, tooMuch.body?.fieldErrors?.deposit]).toEqual([400, cap]);
    // The rent left empty is the unit's yearly price (30,000): the service checks the sum.
    const fromUnit = await post(newLeaseRoute, "/admin/leases/new", draft({ deposit: "60001" }));
    expect([fromUnit.status, fromUnit.body?.fieldErrors?.deposit]).toEqual([400, cap]);
    // At the cap it is a draft.
    const id = await newDraft({ monthlyRent: "30000", deposit: "60000" });
    const lease = await loadLease(database.db, id);
    const raised = await edit(id, lease?.version ?? 0, { ...draft(), deposit: "90000" });
    expect([raised.status, raised.body?.fieldErrors?.deposit]).toEqual([400, cap]);
    expect((await loadLease(database.db, id))?.deposit).toBe(60000);
  });

  it("edits only a draft: a signed lease is a 409", async () => {
    const id = await newDraft({ startDate: "2032-01-10" });
    await post(leaseRoute, `/admin/leases/${id}`, { intent: "sign" }, { id: String(id) });
    const lease = await loadLease(database.db, id);
    expect(lease?.status).toBe("signed");
    const refused = await edit(id, lease?.version ?? 0, draft({ startDate: "2032-01-10" }));
    expect(refused.status).toBe(409);
    expect(refused.body?.message).toMatch(/Only a draft can be edited/);
  });
});

import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminRouteRuntime } from "../../../tests/support/admin-runtime.ts";
import { contentVersion } from "../../db/content-version.server.ts";
import { setRuntime } from "../../db/runtime.server.ts";
import { auditLog, currencyRates } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { businessToday, plusDays } from "../../domain/date-time.ts";
import { clientAddressContext } from "../../lib/request-context.ts";
import * as ratesRoute from "../../routes/admin.settings-currencies.tsx";
import {
  addRate,
  listRates,
  priceCurrencyFor,
  RateTakenError,
  removeRate,
} from "./rates.server.ts";

const SITE = "http://admin.test";

/** What the action returned or threw, with its status (React Router's data() or a Response). */
async function post(fields: Record<string, string>, headers: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  const request = new Request(`${SITE}/admin/settings/currencies`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
      ...headers,
    },
  });
  const context = new RouterContextProvider();
  context.set(clientAddressContext, "192.0.2.60");
  let outcome: unknown;
  try {
    outcome = await ratesRoute.action({ request, params: {}, context } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return { status: outcome.status, body: undefined };
  const init = (outcome as { init?: { status?: number }; data?: unknown } | null)?.init;
  const value = init ? (outcome as { data: unknown }).data : outcome;
  return {
    status: init?.status ?? 200,
    body: value as { ok: boolean; message: string; fieldErrors?: Record<string, string> },
  };
}

describe.each(TEST_ENGINES)("exchange rates on %s", (engine) => {
  let database: TestDatabase;
  let adminId: number;
  let cookie: string;
  const today = businessToday(new Date());

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ adminId, cookie } = await adminRouteRuntime(database, {
      site: SITE,
      email: "ops@example.com",
      folder: "currency-rates",
    }));
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(currencyRates);
    await database.db.delete(auditLog);
  });

  it("stores rates exactly and finds the one in force on a Phuket day", async () => {
    await addRate(
      database.db,
      { currency: "USD", thbPerUnit: 34.123456, appliesFrom: "2026-01-01" },
      adminId,
    );
    await addRate(
      database.db,
      { currency: "USD", thbPerUnit: 36.5, appliesFrom: "2026-11-23" },
      adminId,
    );
    await addRate(
      database.db,
      { currency: "RUB", thbPerUnit: 0.4123, appliesFrom: "2026-11-01" },
      null,
    );
    const rates = await listRates(database.db);
    expect(rates.map((r) => [r.currency, r.thbPerUnit, r.appliesFrom, r.enteredBy])).toEqual([
      ["RUB", 0.4123, "2026-11-01", null],
      ["USD", 36.5, "2026-11-23", "ops@example.com"],
      ["USD", 34.123456, "2026-01-01", "ops@example.com"],
    ]);
    // 16:59:59 UTC on the 22nd is 23:59:59 in Phuket; a second later the new rate applies.
    expect(await priceCurrencyFor(database.db, "USD", new Date("2026-11-22T16:59:59Z"))).toEqual({
      currency: "USD",
      rate: { thbPerUnit: 34.123456, appliesFrom: "2026-01-01" },
    });
    expect(await priceCurrencyFor(database.db, "USD", new Date("2026-11-22T17:00:00Z"))).toEqual({
      currency: "USD",
      rate: { thbPerUnit: 36.5, appliesFrom: "2026-11-23" },
    });
    expect(await priceCurrencyFor(database.db, "EUR", new Date("2026-11-23T00:00:00Z"))).toEqual({
      currency: "EUR",
      rate: null,
    });
  });

  it("refuses a second rate of a currency for the same day, and records changes in the audit log", async () => {
    const id = await addRate(
      database.db,
      { currency: "EUR", thbPerUnit: 38, appliesFrom: "2026-05-01" },
      adminId,
    );
    await expect(
      addRate(database.db, { currency: "EUR", thbPerUnit: 39, appliesFrom: "2026-05-01" }, adminId),
    ).rejects.toBeInstanceOf(RateTakenError);
    expect(await removeRate(database.db, id, adminId)).toBe(true);
    expect(await removeRate(database.db, id, adminId)).toBe(false);
    const audit = await database.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entity, "currency_rate"))
      .orderBy(auditLog.id);
    const entry = { currency: "EUR", thbPerUnit: 38, appliesFrom: "2026-05-01" };
    expect(audit).toEqual([
      { action: "create", before: null, after: entry },
      { action: "delete", before: entry, after: null },
    ]);
  });

  it("bumps the content version on every change, so cached pages show the new rate", async () => {
    const v0 = await contentVersion(database.db);
    const id = await addRate(
      database.db,
      { currency: "GBP", thbPerUnit: 44, appliesFrom: today },
      adminId,
    );
    const v1 = await contentVersion(database.db);
    expect(v1).not.toBe(v0);
    await removeRate(database.db, id, adminId);
    expect(await contentVersion(database.db)).not.toBe(v1);
  });

  it("saves a rate from the admin's form and removes it again", async () => {
    const added = await post(
      { intent: "add", currency: "AUD", thbPerUnit: " 21,75 ", appliesFrom: today },
      { origin: SITE, cookie },
    );
    expect(added).toEqual({ status: 200, body: expect.objectContaining({ ok: true }) });
    const [row] = await database.db.select().from(currencyRates);
    expect(row).toMatchObject({
      currency: "AUD",
      thbPerUnit: 21.75,
      appliesFrom: today,
      enteredBy: adminId,
    });
    const again = await post(
      { intent: "add", currency: "AUD", thbPerUnit: "22", appliesFrom: today },
      { origin: SITE, cookie },
    );
    expect(again.status).toBe(409);
    expect(again.body?.message).toMatch(/already has a rate/);
    const removed = await post({ intent: "remove", id: String(row?.id) }, { origin: SITE, cookie });
    expect(removed.status).toBe(200);
    expect(await database.db.select().from(currencyRates)).toEqual([]);
    expect(
      (await post({ intent: "remove", id: String(row?.id) }, { origin: SITE, cookie })).status,
    ).toBe(404);
  });

  const good = { intent: "add", currency: "USD", thbPerUnit: "36.25", appliesFrom: "2026-06-01" };
  it.each([
    ["no currency", { currency: "" }, "currency"],
    ["baht as a currency", { currency: "THB" }, "currency"],
    ["a currency in lower case", { currency: "usd" }, "currency"],
    ["no rate", { thbPerUnit: "" }, "thbPerUnit"],
    ["a zero rate", { thbPerUnit: "0" }, "thbPerUnit"],
    ["a negative rate", { thbPerUnit: "-36" }, "thbPerUnit"],
    ["seven decimals", { thbPerUnit: "36.1234567" }, "thbPerUnit"],
    ["a rate above 100,000", { thbPerUnit: "100001" }, "thbPerUnit"],
    ["a rate in exponent form", { thbPerUnit: "3.6e1" }, "thbPerUnit"],
    ["a rate that is not a number", { thbPerUnit: "NaN" }, "thbPerUnit"],
    ["a very long rate", { thbPerUnit: "1".repeat(5000) }, "thbPerUnit"],
    ["no day", { appliesFrom: "" }, "appliesFrom"],
    ["a day that does not exist", { appliesFrom: "2026-02-30" }, "appliesFrom"],
    ["a day in another format", { appliesFrom: "01/06/2026" }, "appliesFrom"],
    ["a day before 2000", { appliesFrom: "1999-12-31" }, "appliesFrom"],
    ["a day more than a year ahead", { appliesFrom: plusDays(today, 367) }, "appliesFrom"],
  ])(
    "answers %s with 400 and the field's message, storing nothing",
    async (_name, change, field) => {
      const outcome = await post({ ...good, ...change }, { origin: SITE, cookie });
      expect(outcome.status).toBe(400);
      expect(outcome.body?.ok).toBe(false);
      expect(outcome.body?.fieldErrors?.[field]).toBeTruthy();
      expect(outcome.body?.message).toBe(outcome.body?.fieldErrors?.[field]);
      expect(await database.db.select().from(currencyRates)).toEqual([]);
    },
  );

  it("answers 400 to an unknown intent and 404 to a malformed id", async () => {
    expect((await post({ intent: "drop" }, { origin: SITE, cookie })).status).toBe(400);
    expect((await post({ intent: "remove", id: "1e9" }, { origin: SITE, cookie })).status).toBe(
      404,
    );
  });

  it("sends a visitor without a session to the sign-in form", async () => {
    const thrown = await ratesRoute
      .loader({
        request: new Request(`${SITE}/admin/settings/currencies`, {
          headers: { cookie: "admin_session=forged" },
        }),
        params: {},
        context: new RouterContextProvider(),
      } as never)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/admin");
  });

  it("refuses posts without a session (401) or from another site (403), storing nothing", async () => {
    expect((await post(good, { origin: SITE })).status).toBe(401);
    expect((await post(good, { origin: "https://evil.example", cookie })).status).toBe(403);
    expect(await database.db.select().from(currencyRates)).toEqual([]);
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRuntime } from "../../db/runtime.server.ts";
import {
  adminRecoveryCodes,
  adminUsers,
  auditLog,
  leads,
  properties,
  propertyImages,
  sessions,
  settings,
  stays,
} from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import { clientAddressContext } from "../../lib/request-context.ts";
import * as deletedRoute from "../../routes/admin.deleted.tsx";
import * as leadsRoute from "../../routes/admin.leads.tsx";
import * as exportRoute from "../../routes/admin.leads-export.ts";
import * as logoutRoute from "../../routes/admin.logout.ts";
import * as calendarRoute from "../../routes/admin.property-calendar.tsx";
import * as editRoute from "../../routes/admin.property-edit.tsx";
import * as historyRoute from "../../routes/admin.property-history.tsx";
import * as newRoute from "../../routes/admin.property-new.tsx";
import * as securityRoute from "../../routes/admin.security.tsx";
import * as adminRoute from "../../routes/admin.tsx";
import * as uploadsRoute from "../../routes/admin.uploads.ts";
import { createAccount } from "../auth/accounts.server.ts";
import { beginEnrolment, confirmEnrolment } from "../auth/second-factor.server.ts";
import { createSession, readSession, sessionCookie } from "../auth/sessions.server.ts";
import { base32Decode, totpCode, totpStep } from "../auth/totp.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { createProperty, deleteProperty } from "./properties.server.ts";
import { propertyFormSchema } from "./property-schema.ts";
import { propertyForm } from "./test-fixtures.ts";

const SITE = "http://admin.test";
const PASSWORD = "coral reef at dawn";
const EVIL = "https://evil.example";

type ActionModule = { action: (args: never) => Promise<unknown> };

interface Case {
  name: string;
  module: ActionModule;
  path: string;
  params?: Record<string, string>;
  body: () => Promise<{ body: BodyInit; contentType?: string }>;
}

function formBody(fields: Record<string, string>) {
  return async () => ({ body: new URLSearchParams(fields) });
}

async function pngUpload() {
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#f00" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "x.png");
  const encoded = new Response(form);
  return {
    body: await encoded.arrayBuffer(),
    contentType: encoded.headers.get("content-type") ?? "",
  };
}

async function call(c: Case, headers: Record<string, string>) {
  const { body, contentType } = await c.body();
  const bytes = body instanceof ArrayBuffer ? body : await new Response(body).arrayBuffer();
  const request = new Request(`${SITE}${c.path}`, {
    method: "POST",
    body: bytes,
    headers: {
      "content-type": contentType ?? "application/x-www-form-urlencoded",
      "content-length": String(bytes.byteLength),
      ...headers,
    },
  });
  const context = new RouterContextProvider();
  context.set(clientAddressContext, "192.0.2.50");
  try {
    return { value: await c.module.action({ request, params: c.params ?? {}, context } as never) };
  } catch (thrown) {
    return { thrown };
  }
}

/** The status of what an action returned or threw: a Response, or React Router's data(). */
function statusOf(outcome: { value?: unknown; thrown?: unknown }): number {
  const v = outcome.thrown ?? outcome.value;
  if (v instanceof Response) return v.status;
  const init = (v as { init?: { status?: number } } | null)?.init;
  return init?.status ?? 200;
}

describe.each(TEST_ENGINES)("admin actions on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const dataDir = mkdtempSync(path.join(tmpdir(), "admin-actions-"));
    setRuntime({
      config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: SITE }),
      database,
      databaseReady: true,
      storage: new LocalDiskStorage(path.join(dataDir, "media")),
      logger: createLogger("silent"),
    });
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database.destroy();
  });

  let made = 0;
  /**
   * Each test's own admin (with a session), property, deleted property and lead, so that what one
   * test changes (a session logged out, a property deleted) cannot fail another.
   */
  async function fresh() {
    made += 1;
    const db = database.db;
    const email = `ops-${made}@example.com`;
    const admin = await createAccount(db, email, PASSWORD);
    const input = propertyFormSchema.parse(propertyForm(`Z-${made}-1`));
    const propertyId = (await createProperty(db, input, admin.id)).id;
    const deletedId = (await createProperty(db, { ...input, unitCode: `Z-${made}-2` }, admin.id))
      .id;
    await deleteProperty(db, deletedId, admin.id);
    const [lead] = await db
      .insert(leads)
      .values({ kind: "roi", name: "Lead", email: `lead-${made}@example.com` })
      .returning({ id: leads.id });
    return {
      email,
      adminId: admin.id,
      cookie: `admin_session=${await createSession(db, admin.id)}`,
      propertyId,
      deletedId,
      leadId: lead?.id ?? 0,
      newUnitCode: `Z-${made}-9`,
    };
  }
  type Fixture = Awaited<ReturnType<typeof fresh>>;

  async function state(): Promise<string> {
    const db = database.db;
    return JSON.stringify(
      await Promise.all([
        db.select().from(properties),
        db.select().from(propertyImages),
        db.select().from(leads),
        db.select().from(auditLog),
        db.select().from(settings),
        db.select().from(adminUsers),
        db.select().from(adminRecoveryCodes),
        db.select({ t: sessions.tokenHash }).from(sessions),
        db.select().from(stays),
      ]),
    );
  }

  // Delete comes late: the actions before it edit the property it deletes.
  const cases = ({ propertyId, deletedId, leadId, newUnitCode }: Fixture): Case[] => [
    {
      name: "create a property",
      module: newRoute,
      path: "/admin/properties/new",
      body: formBody(propertyForm(newUnitCode)),
    },
    {
      name: "edit a property",
      module: editRoute,
      path: `/admin/properties/${propertyId}`,
      params: { id: String(propertyId) },
      body: formBody({ ...propertyForm(`${newUnitCode}-edited`), name: "Changed", version: "1" }),
    },
    {
      name: "add a stay",
      module: calendarRoute,
      path: `/admin/properties/${propertyId}/calendar`,
      params: { id: String(propertyId) },
      body: formBody({
        intent: "add-stay",
        kind: "owner-block",
        startDate: "2027-01-01",
        endDate: "2027-01-05",
      }),
    },
    {
      name: "restore a property",
      module: deletedRoute,
      path: "/admin/deleted",
      body: formBody({ id: String(deletedId) }),
    },
    {
      name: "mark a lead handled",
      module: leadsRoute,
      path: "/admin/leads",
      body: formBody({ id: String(leadId), handled: "true" }),
    },
    { name: "upload an image", module: uploadsRoute, path: "/admin/uploads", body: pngUpload },
    {
      name: "begin 2FA enrolment",
      module: securityRoute,
      path: "/admin/security",
      body: formBody({ intent: "begin" }),
    },
    {
      name: "delete a property",
      module: adminRoute,
      path: "/admin",
      body: formBody({ intent: "delete", id: String(propertyId) }),
    },
    { name: "log out", module: logoutRoute, path: "/admin/logout", body: formBody({}) },
  ];

  it("sends every admin page to the sign-in form without a session", async () => {
    const { propertyId } = await fresh();
    const pages: [string, { loader: (args: never) => Promise<unknown> }, Record<string, string>][] =
      [
        ["/admin/properties/new", newRoute, {}],
        [`/admin/properties/${propertyId}`, editRoute, { id: String(propertyId) }],
        [`/admin/properties/${propertyId}/history`, historyRoute, { id: String(propertyId) }],
        [`/admin/properties/${propertyId}/calendar`, calendarRoute, { id: String(propertyId) }],
        ["/admin/deleted", deletedRoute, {}],
        ["/admin/leads", leadsRoute, {}],
        ["/admin/leads/export.csv", exportRoute, {}],
        ["/admin/security", securityRoute, {}],
      ];
    for (const [url, module, params] of pages) {
      const request = new Request(`${SITE}${url}`, { headers: { cookie: "admin_session=forged" } });
      const thrown = await module
        .loader({ request, params, context: new RouterContextProvider() } as never)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(thrown, url).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("location"), url).toBe("/admin");
    }
    // The list itself answers with the sign-in form, and no data.
    const list = await adminRoute.loader({
      request: new Request(`${SITE}/admin`),
      params: {},
      context: new RouterContextProvider(),
    } as never);
    expect(list).toEqual({ signedIn: false });
  });

  it("refuses every action without a session, changing nothing", async () => {
    for (const c of cases(await fresh())) {
      const before = await state();
      const outcome = await call(c, { origin: SITE });
      expect(statusOf(outcome), c.name).toBe(401);
      expect(await state(), c.name).toBe(before);
    }
  });

  it("refuses every action from another site, even with a session, changing nothing", async () => {
    const mine = await fresh();
    const { cookie } = mine;
    for (const c of cases(mine)) {
      const before = await state();
      const outcome = await call(c, { origin: EVIL, cookie });
      expect(statusOf(outcome), c.name).toBe(403);
      expect(await state(), c.name).toBe(before);
    }
    const login = await call(
      {
        name: "sign in",
        module: adminRoute,
        path: "/admin",
        body: formBody({ intent: "login", email: mine.email, password: PASSWORD }),
      },
      { origin: EVIL },
    );
    expect(statusOf(login)).toBe(403);
  });

  it("does each action with a session from this site (so the refusals above mean something)", async () => {
    const mine = await fresh();
    const { cookie } = mine;
    for (const c of cases(mine)) {
      const before = await state();
      const outcome = await call(c, { origin: SITE, cookie });
      expect(statusOf(outcome), c.name).toBeLessThan(400);
      if (c.module !== uploadsRoute) expect(await state(), c.name).not.toBe(before);
    }
  });

  const login = (
    email: string,
    password: string,
    address: string,
    extra: Record<string, string> = {},
  ) => {
    const request = new Request(`${SITE}/admin`, {
      method: "POST",
      body: new URLSearchParams({ intent: "login", email, password }),
      headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded", ...extra },
    });
    const context = new RouterContextProvider();
    context.set(clientAddressContext, address);
    return adminRoute.action({ request, params: {}, context } as never);
  };

  it("signs in with a new session cookie, ending the one the browser held", async () => {
    const db = database.db;
    const { email, adminId } = await fresh();
    const held = await createSession(db, adminId);
    const response = (await login(email, PASSWORD, "192.0.2.60", {
      cookie: `admin_session=${held}`,
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^admin_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const token = setCookie.split(";")[0]?.split("=")[1] ?? "";
    expect(token).not.toBe(held);
    expect(await readSession(db, held)).toBeNull();
    expect((await readSession(db, token))?.email).toBe(email);
  });

  it("marks the cookie Secure when the site is served over HTTPS", () => {
    expect(sessionCookie("abc", true)).toBe(
      "admin_session=abc; Path=/; HttpOnly; SameSite=Lax; Secure",
    );
    expect(sessionCookie("abc", false)).not.toContain("Secure");
  });

  it("answers repeated failures with 429 and a clear message", async () => {
    const address = "203.0.113.90";
    const { email } = await fresh();
    for (let i = 0; i < 5; i++) {
      const outcome = await login(email, "wrong wrong wrong", address).catch((e: unknown) => e);
      expect(statusOf({ value: outcome })).toBe(401);
    }
    const blocked = await login(email, PASSWORD, address);
    expect(statusOf({ value: blocked })).toBe(429);
    const retryAfter = new Headers(
      (blocked as { init?: { headers?: HeadersInit } }).init?.headers,
    ).get("retry-after");
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60);
    const body = (blocked as { data: { error: string } }).data;
    expect(body.error).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
    );
  });

  it("says Failed to load properties when the list cannot be read", async () => {
    const db = database.db;
    const { cookie } = await fresh();
    const request = () => new Request(`${SITE}/admin`, { headers: { cookie } });
    const ok = await adminRoute.loader({
      request: request(),
      params: {},
      context: new RouterContextProvider(),
    } as never);
    expect(ok).toMatchObject({ signedIn: true, loadError: null });
    await db.execute(sql`alter table properties rename to properties_away`);
    try {
      const failed = await adminRoute.loader({
        request: request(),
        params: {},
        context: new RouterContextProvider(),
      } as never);
      expect(failed).toMatchObject({ signedIn: true, properties: [] });
      expect((failed as { loadError: string }).loadError).toMatch(/\(ref [0-9a-f]{6}\)$/);
    } finally {
      await db.execute(sql`alter table properties_away rename to properties`);
    }
  });

  it("sends an admin without a second factor to enrol when the setting requires it", async () => {
    const db = database.db;
    const { cookie } = await fresh();
    await db.insert(settings).values({ key: "admin_require_totp", value: true });
    try {
      const request = new Request(`${SITE}/admin/leads`, { headers: { cookie } });
      const thrown = await leadsRoute
        .loader({ request, params: {}, context: new RouterContextProvider() } as never)
        .catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("location")).toBe("/admin/security");
      const security = await securityRoute.loader({
        request: new Request(`${SITE}/admin/security`, { headers: { cookie } }),
        params: {},
        context: new RouterContextProvider(),
      } as never);
      expect(security.required).toBe(true);
    } finally {
      await db.execute(sql`delete from settings where key = 'admin_require_totp'`);
    }
  });

  it("asks for a current code before the second factor is replaced or turned off", async () => {
    const db = database.db;
    const { cookie, adminId: id } = await fresh();
    const begun = await beginEnrolment(db, id);
    if (!begun.ok) throw new Error(`enrolment refused: ${begun.reason}`);
    const codes =
      (await confirmEnrolment(db, id, totpCode(base32Decode(begun.secret), totpStep()))) ?? [];
    const security = (fields: Record<string, string>) =>
      call(
        {
          name: "security",
          module: securityRoute,
          path: "/admin/security",
          body: formBody(fields),
        },
        { origin: SITE, cookie },
      );
    const answer = (outcome: { value?: unknown }) =>
      (outcome.value as { data: Record<string, unknown> }).data;

    for (const intent of ["disable", "begin"]) {
      const before = await state();
      const outcome = await security({ intent, currentCode: "" });
      expect(statusOf(outcome), intent).toBe(400);
      expect(answer(outcome), intent).toEqual({
        form: "change",
        error: "Enter a current code from your authenticator app, or one of your recovery codes.",
      });
      expect(await state(), intent).toBe(before);
    }

    // With a recovery code a replacement begins; the authenticator in force stays.
    expect(statusOf(await security({ intent: "begin", currentCode: codes[0] ?? "" }))).toBe(200);
    const [row] = await db.select().from(adminUsers).where(sql`${adminUsers.id} = ${id}`);
    expect(row?.totpEnabledAt).not.toBeNull();
    expect(row?.totpSecret).toBe(begun.secret);
    expect(row?.totpPendingSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(statusOf(await security({ intent: "cancel" }))).toBe(200);

    // Wrong codes are counted; past the limit the answer is 429 with Retry-After.
    for (let i = 0; i < 5; i++) {
      const wrong = await security({ intent: "disable", currentCode: "000000" });
      expect(answer(wrong).error).toMatch(/That code is not right/);
    }
    const blocked = await security({ intent: "disable", currentCode: codes[1] ?? "" });
    expect(statusOf(blocked)).toBe(429);
    const init = (blocked.value as { init?: { headers?: HeadersInit } }).init;
    expect(Number(new Headers(init?.headers).get("retry-after"))).toBeGreaterThan(0);
    expect(answer(blocked)).toMatchObject({ form: "change", error: /Too many wrong codes/ });
    const [still] = await db.select().from(adminUsers).where(sql`${adminUsers.id} = ${id}`);
    expect(still?.totpEnabledAt).not.toBeNull();
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client.server.ts";
import { setRuntime } from "../../db/runtime.server.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { clientAddressContext } from "../../lib/request-context.ts";
import * as deletedRoute from "../../routes/admin.deleted.tsx";
import * as leadsRoute from "../../routes/admin.leads.tsx";
import * as editRoute from "../../routes/admin.property-edit.tsx";
import * as newRoute from "../../routes/admin.property-new.tsx";
import * as codeRoute from "../../routes/admin.sign-in-code.tsx";
import * as adminRoute from "../../routes/admin.tsx";
import { createAccount } from "../auth/accounts.server.ts";
import { pendingSignInCookie } from "../auth/guard.server.ts";
import { createSession } from "../auth/sessions.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { createProperty, deleteProperty } from "./properties.server.ts";
import { propertyFormSchema } from "./property-schema.ts";
import { propertyForm } from "./test-fixtures.ts";

const SITE = "http://admin.test";
/** Nothing listens on port 1: every query is refused, as with PostgreSQL stopped. */
const CLOSED_PORT_URL = "postgres://nobody@127.0.0.1:1/nothing";

const DOWN_SENTENCE =
  /The database is not answering\. Please try again in a moment\. \(ref ([0-9a-f]{6})\)$/;
const UNEXPECTED_SENTENCE =
  /Something unexpected went wrong\. Please try again\. \(ref ([0-9a-f]{6})\)$/;
/** What must never reach an admin: SQL, the driver's words, table names. */
const LEAKS =
  /select|insert|delete from|update |ECONNREFUSED|Failed query|audit_log|sessions|leads"/i;

interface LogLine {
  msg: string;
  ref?: string;
  err?: { message?: string };
}

/** The server runtime around `database`, logging into a list; after the hook that opens it. */
function useRuntime(database: () => Database) {
  const lines: LogLine[] = [];
  beforeAll(() => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "database-down-"));
    const logger = pino(
      { level: "info", base: undefined },
      { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
    );
    setRuntime({
      config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: SITE }),
      database: database(),
      databaseReady: true,
      storage: new LocalDiskStorage(path.join(dataDir, "media")),
      logger,
    });
  });
  beforeEach(() => {
    lines.length = 0;
  });
  afterAll(() => setRuntime(undefined));
  /** The log line that carries `ref`: the details an admin's reference leads to. */
  return (ref: string | undefined) => lines.find((line) => ref && line.ref === ref);
}

function context() {
  const provider = new RouterContextProvider();
  provider.set(clientAddressContext, "192.0.2.70");
  return provider;
}

function get(url: string, cookie?: string) {
  return new Request(`${SITE}${url}`, { headers: cookie ? { cookie } : {} });
}

function post(url: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${SITE}${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      origin: SITE,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
  });
}

type Loader = (args: never) => Promise<unknown>;

/** What a loader or action threw (a 503 from the guard is thrown). */
async function thrownBy(run: Promise<unknown>) {
  return run.then(
    (value) => {
      throw new Error(`expected a throw, got ${JSON.stringify(value)}`);
    },
    (thrown: unknown) => thrown as { data: { error: string }; init: { status: number } },
  );
}

/** What an action returned with `data()`: the answer stays beside the form. */
function returned(value: unknown) {
  const result = value as { data?: { error?: string }; init?: { status?: number } };
  return { status: result.init?.status, error: result.data?.error ?? "" };
}

describe("with the database unreachable", () => {
  let database: Database;
  const cookie = "admin_session=a-token-that-cannot-be-checked";

  beforeAll(async () => {
    database = await openDatabase({ url: CLOSED_PORT_URL });
  });
  afterAll(async () => {
    await database.close();
  });
  const logLine = useRuntime(() => database);

  it("answers the property list 503 with a plain sentence and a reference found in the log", async () => {
    const thrown = await thrownBy(
      adminRoute.loader({
        request: get("/admin", cookie),
        params: {},
        context: context(),
      } as never),
    );
    expect(thrown.init.status).toBe(503);
    expect(thrown.data).toMatchObject({ databaseDown: true, database: "postgres" });
    expect(thrown.data.error).toMatch(DOWN_SENTENCE);
    const ref = DOWN_SENTENCE.exec(thrown.data.error)?.[1];
    const line = logLine(ref);
    expect(line?.msg).toBe("could not check the admin session");
    // The details are in the log, not on the page.
    expect(line?.err?.message).toMatch(/ECONNREFUSED|Failed query/);
  });

  it("still shows the sign-in form to a browser without a session", async () => {
    const result = await adminRoute.loader({
      request: get("/admin"),
      params: {},
      context: context(),
    } as never);
    expect(result).toEqual({ signedIn: false });
  });

  it("answers every signed-in page 503 the same way, leads and the property form included", async () => {
    const pages: [string, { loader: Loader }, Record<string, string>][] = [
      ["/admin/leads", leadsRoute, {}],
      ["/admin/properties/new", newRoute, {}],
      ["/admin/properties/1", editRoute, { id: "1" }],
    ];
    for (const [url, module, params] of pages) {
      const thrown = await thrownBy(
        module.loader({ request: get(url, cookie), params, context: context() } as never),
      );
      expect(thrown.init.status, url).toBe(503);
      expect(thrown.data.error, url).toMatch(DOWN_SENTENCE);
      expect(thrown.data.error, url).not.toMatch(LEAKS);
    }
  });

  it("says Login failed and that the database is not answering, not a 500", async () => {
    const result = returned(
      await adminRoute.action({
        request: post("/admin", {
          intent: "login",
          email: "ops@example.com",
          password: "coral reef at dawn",
        }),
        params: {},
        context: context(),
      } as never),
    );
    expect(result.status).toBe(503);
    expect(result.error).toMatch(/^Login failed: The database is not answering/);
    expect(result.error).toMatch(DOWN_SENTENCE);
    expect(result.error).not.toMatch(LEAKS);
    expect(logLine(DOWN_SENTENCE.exec(result.error)?.[1])?.msg).toBe("sign-in failed");
  });

  it("says Login failed at the second-factor step too", async () => {
    const pending = await pendingSignInCookie().serialize({
      userId: 1,
      expires: Date.now() + 60_000,
    });
    const result = returned(
      await codeRoute.action({
        request: post("/admin/sign-in/code", { code: "123456" }, pending.split(";")[0]),
        params: {},
        context: context(),
      } as never),
    );
    expect(result.status).toBe(503);
    expect(result.error).toMatch(/^Login failed: The database is not answering/);
    expect(result.error).toMatch(DOWN_SENTENCE);
  });

  it("keeps the property form on screen with Error saving property and the reason", async () => {
    const saves: [string, { action: Loader }, Record<string, string>, Record<string, string>][] = [
      ["/admin/properties/new", newRoute, {}, propertyForm("D-1")],
      ["/admin/properties/1", editRoute, { id: "1" }, { ...propertyForm("D-1"), version: "1" }],
    ];
    for (const [url, module, params, fields] of saves) {
      const result = returned(
        await module.action({
          request: post(url, fields, cookie),
          params,
          context: context(),
        } as never),
      );
      expect(result.status, url).toBe(503);
      expect(result.error, url).toMatch(/^Error saving property: The database is not answering/);
      expect(result.error, url).toMatch(DOWN_SENTENCE);
    }
  });

  it("answers a delete with Error deleting property and the reason, in the toast", async () => {
    const result = returned(
      await adminRoute.action({
        request: post("/admin", { intent: "delete", id: "1" }, cookie),
        params: {},
        context: context(),
      } as never),
    );
    expect(result.status).toBe(503);
    expect(result.error).toMatch(/^Error deleting property: The database is not answering/);
    expect(result.error).toMatch(DOWN_SENTENCE);
  });

  it("still refuses a post from another site before anything else", async () => {
    const request = new Request(`${SITE}/admin`, {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id: "1" }),
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
        cookie,
      },
    });
    const thrown = await thrownBy(
      adminRoute.action({ request, params: {}, context: context() } as never),
    );
    expect(thrown.init.status).toBe(403);
  });
});

describe.each(TEST_ENGINES)("with the database answering but a query failing, on %s", (engine) => {
  let database: TestDatabase;
  let cookie: string;
  let propertyId: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const admin = await createAccount(database.db, "ops@example.com", "coral reef at dawn");
    cookie = `admin_session=${await createSession(database.db, admin.id)}`;
    const input = propertyFormSchema.parse(propertyForm("Q-1"));
    propertyId = (await createProperty(database.db, input, admin.id)).id;
  });
  afterAll(async () => {
    await database.destroy();
  });
  const logLine = useRuntime(() => database);

  /** Runs `fn` with table `name` out of the way, so that queries on it fail. */
  async function withoutTable<T>(name: string, fn: () => Promise<T>): Promise<T> {
    await database.db.execute(sql.raw(`alter table ${name} rename to ${name}_away`));
    try {
      return await fn();
    } finally {
      await database.db.execute(sql.raw(`alter table ${name}_away rename to ${name}`));
    }
  }

  it("shows a failed delete as a plain sentence, with the SQL only in the log", async () => {
    const result = returned(
      await withoutTable("audit_log", () =>
        adminRoute.action({
          request: post("/admin", { intent: "delete", id: String(propertyId) }, cookie),
          params: {},
          context: context(),
        } as never),
      ),
    );
    expect(result.status).toBe(500);
    expect(result.error).toMatch(/^Error deleting property: Something unexpected went wrong/);
    expect(result.error).toMatch(UNEXPECTED_SENTENCE);
    expect(result.error).not.toMatch(LEAKS);
    const line = logLine(UNEXPECTED_SENTENCE.exec(result.error)?.[1]);
    expect(line?.msg).toBe("deleting a property failed");
    expect(JSON.stringify(line)).toMatch(/audit_log/);
  });

  it("shows a failed restore as a plain sentence, with the SQL only in the log", async () => {
    const input = propertyFormSchema.parse(propertyForm("Q-3"));
    const admin = await createAccount(database.db, "restorer@example.com", "coral reef at dusk");
    const { id } = await createProperty(database.db, input, admin.id);
    await deleteProperty(database.db, id, admin.id);
    const result = returned(
      await withoutTable("property_images", () =>
        deletedRoute.action({
          request: post("/admin/deleted", { id: String(id) }, cookie),
          params: {},
          context: context(),
        } as never),
      ),
    );
    expect(result.status).toBe(500);
    expect(result.error).toMatch(/^Error restoring property: Something unexpected went wrong/);
    expect(result.error).not.toMatch(LEAKS);
    const line = logLine(UNEXPECTED_SENTENCE.exec(result.error)?.[1]);
    expect(line?.msg).toBe("restoring a property failed");
    expect(JSON.stringify(line)).toMatch(/property_images/);
  });

  it("shows a failed save as a plain sentence", async () => {
    const result = returned(
      await withoutTable("audit_log", () =>
        newRoute.action({
          request: post("/admin/properties/new", propertyForm("Q-2"), cookie),
          params: {},
          context: context(),
        } as never),
      ),
    );
    expect(result.status).toBe(500);
    expect(result.error).toMatch(/^Error saving property: Something unexpected went wrong/);
    expect(result.error).not.toMatch(LEAKS);
    expect(logLine(UNEXPECTED_SENTENCE.exec(result.error)?.[1])?.msg).toBe(
      "saving a property failed",
    );
  });

  it("says Failed to load leads with a reference when the leads cannot be read", async () => {
    const result = (await withoutTable("leads", () =>
      leadsRoute.loader({
        request: get("/admin/leads", cookie),
        params: {},
        context: context(),
        url: new URL(`${SITE}/admin/leads`),
      } as never),
    )) as { leads: unknown[]; loadError: string | null };
    expect(result.leads).toEqual([]);
    expect(result.loadError).toMatch(UNEXPECTED_SENTENCE);
    expect(logLine(UNEXPECTED_SENTENCE.exec(result.loadError ?? "")?.[1])?.msg).toBe(
      "Failed to load leads",
    );
  });

  it("answers 500 with a plain sentence when the session lookup itself fails", async () => {
    const thrown = await withoutTable("sessions", () =>
      thrownBy(
        adminRoute.loader({
          request: get("/admin", cookie),
          params: {},
          context: context(),
        } as never),
      ),
    );
    expect(thrown.init.status).toBe(500);
    expect(thrown.data).toMatchObject({ databaseDown: false });
    expect(thrown.data.error).toMatch(UNEXPECTED_SENTENCE);
    expect(thrown.data.error).not.toMatch(LEAKS);
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRuntime } from "../../db/runtime.server.ts";
import { auditLog, owners, rateLimits } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import { clientAddressContext } from "../../lib/request-context.ts";
import * as adminOwnerRoute from "../../routes/admin.owner.tsx";
import * as securityRoute from "../../routes/owner.security.tsx";
import * as ownerRoute from "../../routes/owner.tsx";
import { createAccount } from "../auth/accounts.server.ts";
import { hashPassword } from "../auth/password.server.ts";
import { createSession } from "../auth/sessions.server.ts";
import { base32Decode, totpCode, totpStep } from "../auth/totp.server.ts";
import { createOwner } from "./owner-accounts.server.ts";
import { ownerFormSchema } from "./owner-schema.ts";
import { createOwnerSession } from "./owner-sessions.server.ts";

const SITE = "http://owner.test";
const PASSWORD = "frangipani under the rain";

type Answer = {
  status: number;
  cookies: string[];
  location: string | null;
  body: unknown;
  headers: Headers;
};

async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response)
    return {
      status: outcome.status,
      cookies: outcome.headers.getSetCookie(),
      location: outcome.headers.get("location"),
      body: null,
      headers: outcome.headers,
    };
  const init = (outcome as { init?: { status?: number; headers?: HeadersInit } }).init;
  return {
    status: init?.status ?? 200,
    cookies: [],
    location: null,
    body: init ? (outcome as { data: unknown }).data : outcome,
    headers: new Headers(init?.headers),
  };
}

const cookiePair = (setCookie: string | undefined) => (setCookie ?? "").split(";")[0] ?? "";

describe.each(TEST_ENGINES)(
  "an owner's optional second factor on %s",
  (engine) => {
    let database: TestDatabase;
    let owner: number;
    let session: string;

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      const dataDir = mkdtempSync(path.join(tmpdir(), "owner-totp-"));
      setRuntime({
        config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: SITE }),
        database,
        databaseReady: true,
        storage: undefined as never,
        logger: createLogger("silent"),
      });
      owner = await createOwner(
        database.db,
        ownerFormSchema.parse({
          name: "Anna",
          email: "anna@example.com",
          language: "en",
          alertChannels: ["email"],
          approvalThresholdBaht: "5000",
        }),
        null,
      );
      await database.db
        .update(owners)
        .set({ passwordHash: await hashPassword(PASSWORD) })
        .where(eq(owners.id, owner));
      session = `owner_session=${await createOwnerSession(database.db, owner)}`;
    });
    afterAll(async () => {
      setRuntime(undefined);
      await database?.destroy();
    });

    function post(url: string, cookie: string, fields: Record<string, string>) {
      const body = new URLSearchParams(fields).toString();
      return new Request(`${SITE}${url}`, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
          origin: SITE,
          cookie,
        },
      });
    }
    const context = () => {
      const provider = new RouterContextProvider();
      provider.set(clientAddressContext, "192.0.2.44");
      return provider;
    };
    const security = (fields: Record<string, string>, cookie = session) =>
      answerOf(() =>
        securityRoute.action({
          request: post("/owner/security", cookie, fields),
          params: {},
          context: context(),
        } as never),
      );
    const securityPage = async () =>
      (
        await answerOf(() =>
          securityRoute.loader({
            request: new Request(`${SITE}/owner/security`, { headers: { cookie: session } }),
            params: {},
            context: context(),
          } as never),
        )
      ).body as { security: { enrolled: boolean; enrolment: { secret: string } | null } };
    const portal = (fields: Record<string, string>, cookie = "") =>
      answerOf(() =>
        ownerRoute.action({
          request: post("/owner", cookie, fields),
          params: {},
          context: context(),
        } as never),
      );
    const home = async (cookie: string) =>
      (
        await answerOf(() =>
          ownerRoute.loader({
            request: new Request(`${SITE}/owner`, { headers: { cookie } }),
            params: {},
            context: context(),
          } as never),
        )
      ).body as { signedIn: boolean; codeStep?: boolean };
    const codeNow = (secret: string, offsetSteps = 0) =>
      totpCode(base32Decode(secret), totpStep(new Date()) + offsetSteps);

    let secret = "";
    let recovery: string[] = [];

    it("is set up with a code from the app and gives ten recovery codes once", async () => {
      expect((await securityPage()).security).toMatchObject({ enrolled: false, enrolment: null });
      expect((await security({ intent: "begin" })).status).toBe(200);
      secret = (await securityPage()).security.enrolment?.secret ?? "";
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const wrong = await security({
        intent: "confirm",
        code: "000000" === codeNow(secret) ? "111111" : "000000",
      });
      expect([wrong.status, (wrong.body as { error: string }).error]).toEqual([
        400,
        "ownerSecurity.enrolWrong",
      ]);
      const confirmed = await security({ intent: "confirm", code: codeNow(secret) });
      recovery = (confirmed.body as { recoveryCodes: string[] }).recoveryCodes;
      expect(recovery).toHaveLength(10);
      expect(new Set(recovery).size).toBe(10);
      expect((await securityPage()).security).toMatchObject({ enrolled: true, enrolment: null });
    });

    it("asks for the code after the password; a used code, a wrong one and a lapsed step do not sign in", async () => {
      const login = await portal({
        intent: "login",
        email: "anna@example.com",
        password: PASSWORD,
      });
      expect([login.status, login.location]).toEqual([302, "/owner"]);
      expect(login.cookies.some((c) => c.startsWith("owner_session="))).toBe(false);
      const pending = cookiePair(login.cookies.find((c) => c.startsWith("owner_pending=")));
      expect(pending).not.toBe("owner_pending=");
      expect(await home(pending)).toEqual({ signedIn: false, codeStep: true });
      expect(await home("")).toEqual({ signedIn: false, codeStep: false });

      // The code of the step the setup used is spent; a wrong code is refused.
      const reused = await portal({ intent: "code", code: codeNow(secret) }, pending);
      expect([reused.status, (reused.body as { error: string }).error]).toEqual([
        401,
        "ownerSecurity.codeWrong",
      ]);
      // Without the pending step (or with a forged one) the code form leads back to the password.
      const forged = await portal(
        { intent: "code", code: recovery[0] ?? "" },
        "owner_pending=eyJvd25lcklkIjoxfQ%3D%3D.forged",
      );
      expect([forged.status, forged.location]).toEqual([302, "/owner"]);
      expect(forged.cookies.some((c) => c.startsWith("owner_session="))).toBe(false);

      const signedIn = await portal({ intent: "code", code: recovery[0] ?? "" }, pending);
      expect([signedIn.status, signedIn.location]).toEqual([302, "/owner"]);
      const sessionCookie = cookiePair(
        signedIn.cookies.find((c) => c.startsWith("owner_session=")),
      );
      expect(sessionCookie).toMatch(/^owner_session=.+/);
      expect(signedIn.cookies.some((c) => /^owner_pending=;/.test(c))).toBe(true);
      expect(await home(sessionCookie)).toMatchObject({ signedIn: true });

      // A recovery code works once.
      const again = await portal({
        intent: "login",
        email: "anna@example.com",
        password: PASSWORD,
      });
      const pending2 = cookiePair(again.cookies.find((c) => c.startsWith("owner_pending=")));
      const spent = await portal({ intent: "code", code: recovery[0] ?? "" }, pending2);
      expect(spent.status).toBe(401);
    });

    it("allows five wrong codes in 15 minutes, then answers 429 with Retry-After even to a right one", async () => {
      const login = await portal({
        intent: "login",
        email: "anna@example.com",
        password: PASSWORD,
      });
      const pending = cookiePair(login.cookies.find((c) => c.startsWith("owner_pending=")));
      // One wrong try was counted in the test above (a right code clears the count; the spent
      // recovery code did not). Four more reach the limit of five.
      for (let i = 0; i < 4; i++)
        expect((await portal({ intent: "code", code: "99999-99999" }, pending)).status).toBe(401);
      const blocked = await answerOf(() =>
        ownerRoute.action({
          request: post("/owner", pending, { intent: "code", code: recovery[1] ?? "" }),
          params: {},
          context: context(),
        } as never),
      );
      expect(blocked.status).toBe(429);
      expect((blocked.body as { error: string }).error).toBe("ownerSecurity.throttled");
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    });

    it("is turned off only with proof of holding it", async () => {
      const none = await security({ intent: "disable" });
      expect([none.status, (none.body as { error: string }).error]).toEqual([
        400,
        "ownerSecurity.codeNeeded",
      ]);
      // Still throttled by the wrong codes above: the same limit guards changes.
      expect((await security({ intent: "disable", currentCode: recovery[2] ?? "" })).status).toBe(
        429,
      );
      await database.db.delete(rateLimits);
      const off = await security({ intent: "disable", currentCode: recovery[2] ?? "" });
      expect(off.body).toEqual({ ok: true, turnedOff: true });
      expect((await securityPage()).security.enrolled).toBe(false);
      // Now the password alone signs in.
      const login = await portal({
        intent: "login",
        email: "anna@example.com",
        password: PASSWORD,
      });
      expect(login.cookies.some((c) => c.startsWith("owner_session="))).toBe(true);
    });

    it("is not reachable with another owner's or an admin's cookie", async () => {
      const signedOut = await security({ intent: "begin" }, "");
      expect(signedOut.status).toBe(401);
      const admin = await security(
        { intent: "begin" },
        session.replace("owner_session", "admin_session"),
      );
      expect(admin.status).toBe(401);
    });

    it("is turned off by the desk for an owner who lost phone and codes, with an audit entry", async () => {
      await security({ intent: "begin" });
      const key = (await securityPage()).security.enrolment?.secret ?? "";
      await security({ intent: "confirm", code: codeNow(key) });
      expect((await securityPage()).security.enrolled).toBe(true);
      const admin = await createAccount(database.db, "desk@example.com", "coral reef at dawn");
      const desk = `admin_session=${await createSession(database.db, admin.id)}`;
      const reset = (cookie: string) =>
        answerOf(() =>
          adminOwnerRoute.action({
            request: post(`/admin/owners/${owner}`, cookie, { intent: "reset-second-factor" }),
            params: { id: String(owner) },
            context: context(),
          } as never),
        );
      // An owner's own session cannot do it.
      expect((await reset(session)).status).not.toBe(200);
      expect((await securityPage()).security.enrolled).toBe(true);
      expect((await reset(desk)).body).toEqual({
        ok: true,
        message: "Anna signs in with the password alone now.",
      });
      expect((await securityPage()).security.enrolled).toBe(false);
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "reset-second-factor"));
      expect(entry).toMatchObject({
        entity: "owner",
        entityId: String(owner),
        adminUserId: admin.id,
      });
    });
  },
  // Each sign-in checks a password with scrypt: on a busy machine a few take longer than the default.
  90_000,
);

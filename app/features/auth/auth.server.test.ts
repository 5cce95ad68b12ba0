import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, sessions } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import {
  AccountError,
  createAccount,
  disableAccount,
  ensureBootstrapAccount,
  listAccounts,
  resetPassword,
} from "./accounts.server.ts";
import {
  beginEnrolment,
  confirmEnrolment,
  isTotpRequired,
  setTotpRequired,
  verifySecondFactor,
} from "./second-factor.server.ts";
import {
  createSession,
  endSession,
  hashToken,
  readSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from "./sessions.server.ts";
import { checkCredentials, SIGN_IN_RULES } from "./sign-in.server.ts";
import { base32Decode, totpCode, totpStep } from "./totp.server.ts";

const PASSWORD = "coral reef at dawn";

describe.each(TEST_ENGINES)("admin accounts and sessions on %s", (engine) => {
  let database: TestDatabase;
  let userId: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    userId = (await createAccount(database.db, "Admin@Example.com", PASSWORD)).id;
  });
  afterAll(() => database.destroy());

  it("creates accounts once per e-mail (any case), refusing weak passwords", async () => {
    const db = database.db;
    await expect(createAccount(db, "admin@example.com", "another long one")).rejects.toThrow(
      /exists already/,
    );
    await expect(createAccount(db, "b@example.com", "short")).rejects.toThrow(AccountError);
    await expect(createAccount(db, "b@example.com", "password1234")).rejects.toThrow(/too common/);
    await expect(createAccount(db, "not-an-email", PASSWORD)).rejects.toThrow(/not an e-mail/);
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, userId));
    expect(row?.email).toBe("admin@example.com");
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
    expect((await listAccounts(db)).map((a) => a.email)).toEqual(["admin@example.com"]);
    expect(await ensureBootstrapAccount(db, "ADMIN@example.com", "whatever it is now")).toBe(
      "exists",
    );
    expect(await ensureBootstrapAccount(db, undefined, undefined)).toBe("skipped");
  });

  it("stores only the token's hash; a session ends after 2 h idle or 12 h in all", async () => {
    const db = database.db;
    const t0 = new Date("2026-11-22T00:00:00Z");
    const token = await createSession(db, userId, { ipAddress: "192.0.2.1" }, t0);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.tokenHash).toHaveLength(64);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.expiresAt.getTime()).toBe(t0.getTime() + SESSION_ABSOLUTE_MS);
    expect((await readSession(db, token, new Date(t0.getTime() + 60_000)))?.email).toBe(
      "admin@example.com",
    );
    // Used every 90 minutes it survives idleness, until 12 hours in all.
    let at = t0.getTime();
    for (let i = 0; i < 7; i++) {
      at += 90 * 60_000;
      expect(await readSession(db, token, new Date(at))).not.toBeNull();
    }
    at = t0.getTime() + SESSION_ABSOLUTE_MS;
    expect(await readSession(db, token, new Date(at))).toBeNull();
    expect(await readSession(db, token, new Date(t0.getTime() + 60_000))).toBeNull(); // deleted

    const idle = await createSession(db, userId, {}, t0);
    expect(await readSession(db, idle, new Date(t0.getTime() + SESSION_IDLE_MS + 1000))).toBeNull();
    expect(await readSession(db, idle, t0)).toBeNull();
    expect(await readSession(db, "made-up", t0)).toBeNull();
    expect(await readSession(db, null, t0)).toBeNull();
  });

  it("logout ends the session on the server; each sign-in gets a new token", async () => {
    const db = database.db;
    const first = await createSession(db, userId);
    const second = await createSession(db, userId);
    expect(second).not.toBe(first);
    await endSession(db, first);
    expect(await readSession(db, first)).toBeNull();
    expect(await readSession(db, second)).not.toBeNull();
    await endSession(db, second);
  });

  it("disabling or resetting a password ends every session", async () => {
    const db = database.db;
    const other = (await createAccount(db, "second@example.com", "lantern over the bay")).id;
    const token = await createSession(db, other);
    await disableAccount(db, "second@example.com");
    expect(await readSession(db, token)).toBeNull();
    const address = "198.51.100.200";
    expect(
      (
        await checkCredentials(db, {
          email: "second@example.com",
          password: "lantern over the bay",
          address,
        })
      ).ok,
    ).toBe(false);
    await resetPassword(db, "second@example.com", "a brand new lantern");
    const again = await createSession(db, other);
    await resetPassword(db, "second@example.com", "a brand new lantern 2");
    expect(await readSession(db, again)).toBeNull();
    expect(
      (
        await checkCredentials(db, {
          email: "second@example.com",
          password: "a brand new lantern 2",
          address,
        })
      ).ok,
    ).toBe(true);
  });

  it("answers a wrong e-mail and a wrong password alike", async () => {
    const db = database.db;
    const address = "198.51.100.1";
    const wrongPassword = await checkCredentials(db, {
      email: "admin@example.com",
      password: "nope nope nope",
      address,
    });
    const wrongEmail = await checkCredentials(db, {
      email: "who@example.com",
      password: PASSWORD,
      address,
    });
    expect(wrongPassword).toEqual({ ok: false, reason: "invalid" });
    expect(wrongEmail).toEqual(wrongPassword);
    const right = await checkCredentials(db, {
      email: " ADMIN@example.com ",
      password: PASSWORD,
      address,
    });
    expect(right).toMatchObject({ ok: true, userId, secondFactor: false });
  });

  it("throttles failures per account and address, without locking the admin out elsewhere", async () => {
    const db = database.db;
    const now = new Date("2026-11-22T01:01:00Z");
    const attacker = "203.0.113.66";
    for (let i = 0; i < SIGN_IN_RULES.accountAddress.limit; i++) {
      const r = await checkCredentials(
        db,
        { email: "admin@example.com", password: `guess ${i} guess`, address: attacker },
        now,
      );
      expect(r.ok).toBe(false);
    }
    // Even the right password waits now, from that address...
    const blocked = await checkCredentials(
      db,
      { email: "admin@example.com", password: PASSWORD, address: attacker },
      now,
    );
    expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
    if (blocked.ok || blocked.reason !== "throttled") throw new Error("expected throttled");
    expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // ...but the admin from their own address gets in, and the window passes.
    const admin = await checkCredentials(
      db,
      { email: "admin@example.com", password: PASSWORD, address: "192.0.2.10" },
      now,
    );
    expect(admin.ok).toBe(true);
    const later = new Date(now.getTime() + 15 * 60_000);
    expect(
      (
        await checkCredentials(
          db,
          { email: "admin@example.com", password: PASSWORD, address: attacker },
          later,
        )
      ).ok,
    ).toBe(true);
  });

  it("throttles one address trying many accounts", async () => {
    const db = database.db;
    const now = new Date("2026-11-22T02:01:00Z");
    const address = "203.0.113.77";
    for (let i = 0; i < SIGN_IN_RULES.address.limit; i++) {
      await checkCredentials(
        db,
        { email: `u${i}@example.com`, password: "whatever whatever", address },
        now,
      );
    }
    expect(
      await checkCredentials(
        db,
        { email: "fresh@example.com", password: "whatever whatever", address },
        now,
      ),
    ).toMatchObject({ reason: "throttled" });
  });

  it("enrols a TOTP authenticator with recovery codes, then asks for a code", async () => {
    const db = database.db;
    const now = new Date("2026-11-22T03:00:00Z");
    const begun = await beginEnrolment(db, userId);
    if (!begun.ok) throw new Error(`enrolment refused: ${begun.reason}`);
    const key = base32Decode(begun.secret);
    expect(await confirmEnrolment(db, userId, "000000", now)).toBeNull();
    const codes = await confirmEnrolment(db, userId, totpCode(key, totpStep(now)), now);
    expect(codes).toHaveLength(10);
    const right = await checkCredentials(db, {
      email: "admin@example.com",
      password: PASSWORD,
      address: "192.0.2.10",
    });
    expect(right).toMatchObject({ ok: true, secondFactor: true });

    // The code used to enrol cannot be used again; the next one works once.
    expect(await verifySecondFactor(db, userId, totpCode(key, totpStep(now)), now)).toBe("invalid");
    const next = new Date(now.getTime() + 30_000);
    expect(await verifySecondFactor(db, userId, totpCode(key, totpStep(next)), next)).toBe("ok");
    expect(await verifySecondFactor(db, userId, totpCode(key, totpStep(next)), next)).toBe(
      "invalid",
    );
    // Two sign-ins racing with the same fresh code: one wins.
    const racing = new Date(next.getTime() + 30_000);
    const code = totpCode(key, totpStep(racing));
    const outcomes = await Promise.all([
      verifySecondFactor(db, userId, code, racing),
      verifySecondFactor(db, userId, code, racing),
    ]);
    expect(outcomes.sort()).toEqual(["invalid", "ok"]);
    // A recovery code works once.
    const recovery = codes?.[0] ?? "";
    expect(await verifySecondFactor(db, userId, recovery.toUpperCase(), next)).toBe("ok");
    expect(await verifySecondFactor(db, userId, recovery, next)).toBe("invalid");
    // Guessing is throttled.
    for (let i = 0; i < 5; i++) await verifySecondFactor(db, userId, "123456", next);
    expect(await verifySecondFactor(db, userId, codes?.[1] ?? "", next)).toBe("throttled");
  });

  it("keeps the require-two-factor setting", async () => {
    expect(await isTotpRequired(database.db)).toBe(false);
    await setTotpRequired(database.db, true);
    expect(await isTotpRequired(database.db)).toBe(true);
    await setTotpRequired(database.db, false);
    expect(await isTotpRequired(database.db)).toBe(false);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRecoveryCodes } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { createAccount } from "./accounts.server.ts";
import {
  beginEnrolment,
  cancelEnrolment,
  confirmEnrolment,
  SECOND_FACTOR_RULE,
  secondFactorStatus,
  setTotpRequired,
  turnOffSecondFactor,
  verifySecondFactor,
} from "./second-factor.server.ts";
import { base32Decode, totpCode, totpStep } from "./totp.server.ts";

const at = (iso: string) => new Date(iso);
const later = (date: Date, steps: number) => new Date(date.getTime() + steps * 30_000);

describe.each(TEST_ENGINES)("changing the second factor on %s", (engine) => {
  let database: TestDatabase;
  let accounts = 0;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.destroy());

  /** A new admin with an authenticator in force: its key and recovery codes. */
  async function enrolledAdmin(now: Date) {
    const db = database.db;
    accounts++;
    const { id } = await createAccount(db, `admin${accounts}@example.com`, "coral reef at dawn");
    const begun = await beginEnrolment(db, id, "", now);
    if (!begun.ok) throw new Error(`enrolment refused: ${begun.reason}`);
    const key = base32Decode(begun.secret);
    const codes = await confirmEnrolment(db, id, totpCode(key, totpStep(now)), now);
    if (!codes) throw new Error("enrolment not confirmed");
    return { id, key, codes };
  }

  it("replacing the authenticator asks for proof, and the old one stays in force until the new one is confirmed", async () => {
    const db = database.db;
    const t0 = at("2026-11-23T05:00:00Z");
    const { id, key, codes } = await enrolledAdmin(t0);

    // A session alone cannot start a replacement.
    const t1 = later(t0, 1);
    expect(await beginEnrolment(db, id, "", t1)).toEqual({ ok: false, reason: "code-needed" });
    expect(await beginEnrolment(db, id, "000000", t1)).toEqual({ ok: false, reason: "invalid" });
    expect(await secondFactorStatus(db, id)).toMatchObject({ enrolled: true, pendingSecret: null });

    // A current code proves it (and is used up by it).
    const begun = await beginEnrolment(db, id, totpCode(key, totpStep(t1)), t1);
    if (!begun.ok) throw new Error(`replacement refused: ${begun.reason}`);
    const newKey = base32Decode(begun.secret);
    expect(await secondFactorStatus(db, id)).toMatchObject({
      enrolled: true,
      pendingSecret: begun.secret,
      recoveryCodesLeft: 10,
    });
    const t2 = later(t1, 1);
    expect(await verifySecondFactor(db, id, totpCode(newKey, totpStep(t2)), t2)).toBe("invalid");
    expect(await verifySecondFactor(db, id, totpCode(key, totpStep(t2)), t2)).toBe("ok");
    // Confirming wants a code of the new app, not of the old one.
    const t3 = later(t2, 1);
    expect(await confirmEnrolment(db, id, totpCode(key, totpStep(t3)), t3)).toBeNull();
    const newCodes = await confirmEnrolment(db, id, totpCode(newKey, totpStep(t3)), t3);
    expect(newCodes).toHaveLength(10);
    expect(await secondFactorStatus(db, id)).toMatchObject({ enrolled: true, pendingSecret: null });

    // Now the new key and the new recovery codes count; the old ones do not.
    const t4 = later(t3, 1);
    expect(await verifySecondFactor(db, id, totpCode(key, totpStep(t4)), t4)).toBe("invalid");
    expect(await verifySecondFactor(db, id, totpCode(newKey, totpStep(t4)), t4)).toBe("ok");
    expect(await verifySecondFactor(db, id, codes[0] ?? "", t4)).toBe("invalid");
    expect(await verifySecondFactor(db, id, newCodes?.[0] ?? "", t4)).toBe("ok");
  });

  it("a replacement can be dropped, and a code of a dropped secret confirms nothing", async () => {
    const db = database.db;
    const t0 = at("2026-11-23T06:00:00Z");
    const { id, key, codes } = await enrolledAdmin(t0);
    const begun = await beginEnrolment(db, id, codes[0] ?? "", t0);
    if (!begun.ok) throw new Error(`replacement refused: ${begun.reason}`);
    await cancelEnrolment(db, id);
    const t1 = later(t0, 1);
    const dropped = totpCode(base32Decode(begun.secret), totpStep(t1));
    expect(await confirmEnrolment(db, id, dropped, t1)).toBeNull();
    expect(await secondFactorStatus(db, id)).toMatchObject({
      enrolled: true,
      pendingSecret: null,
      recoveryCodesLeft: 9,
    });
    expect(await verifySecondFactor(db, id, totpCode(key, totpStep(t1)), t1)).toBe("ok");
  });

  it("turning it off asks for proof, and is refused while every admin must have it", async () => {
    const db = database.db;
    const t0 = at("2026-11-23T07:00:00Z");
    const { id, codes } = await enrolledAdmin(t0);
    expect(await turnOffSecondFactor(db, id, "", t0)).toEqual({
      ok: false,
      reason: "code-needed",
    });
    expect(await turnOffSecondFactor(db, id, "aaaaa-bbbbb", t0)).toEqual({
      ok: false,
      reason: "invalid",
    });
    await setTotpRequired(db, true);
    try {
      expect(await turnOffSecondFactor(db, id, codes[0] ?? "", t0)).toEqual({
        ok: false,
        reason: "required",
      });
      expect(await secondFactorStatus(db, id)).toMatchObject({ enrolled: true });
    } finally {
      await setTotpRequired(db, false);
    }
    expect(await turnOffSecondFactor(db, id, codes[0] ?? "", t0)).toEqual({ ok: true });
    expect(await secondFactorStatus(db, id)).toMatchObject({
      enrolled: false,
      pendingSecret: null,
    });
    expect(
      await db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, id)),
    ).toEqual([]);
  });

  it("counts each code before checking it: parallel guesses stop at the limit", async () => {
    const db = database.db;
    const t0 = at("2026-11-23T08:00:00Z");
    const { id, codes } = await enrolledAdmin(t0);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        verifySecondFactor(db, id, String(100000 + i * 7919), t0),
      ),
    );
    expect(guesses.filter((g) => g === "invalid")).toHaveLength(SECOND_FACTOR_RULE.limit);
    expect(guesses.filter((g) => g === "throttled")).toHaveLength(20 - SECOND_FACTOR_RULE.limit);
    // Replacing or turning off is held back the same way.
    expect(await beginEnrolment(db, id, codes[0] ?? "", t0)).toEqual({
      ok: false,
      reason: "throttled",
    });
  });
});

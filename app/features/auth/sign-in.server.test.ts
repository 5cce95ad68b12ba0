import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { createAccount } from "./accounts.server.ts";
import type * as Password from "./password.server.ts";
import {
  BUSY_RETRY_SECONDS,
  checkCredentials,
  rememberSignIn,
  SIGN_IN_RULES,
  type SignInResult,
} from "./sign-in.server.ts";

// The real password checks, counted: how many sign-in attempts reached the slow hash.
const hashes = vi.hoisted(() => ({ count: 0, refuseAsBusy: "" }));
vi.mock("./password.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof Password>();
  const counted =
    <A extends unknown[], R>(check: (password: string, ...rest: A) => Promise<R>) =>
    async (password: string, ...rest: A): Promise<R> => {
      hashes.count++;
      if (password === hashes.refuseAsBusy) throw new actual.PasswordWorkBusyError();
      return check(password, ...rest);
    };
  return {
    ...actual,
    verifyPassword: counted(actual.verifyPassword),
    verifyAgainstDummy: counted(actual.verifyAgainstDummy),
  };
});

const EMAIL = "admin@example.com";
const PASSWORD = "coral reef at dawn";

function retryAfter(result: SignInResult): number {
  if (result.ok || result.reason !== "throttled") {
    throw new Error(`expected a throttled answer, got ${JSON.stringify(result)}`);
  }
  return result.retryAfterSeconds;
}

describe.each(TEST_ENGINES)("sign-in throttling on %s", (engine) => {
  let database: TestDatabase;
  let userId: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    userId = (await createAccount(database.db, EMAIL, PASSWORD)).id;
  });
  afterAll(() => database.destroy());
  beforeEach(() => {
    hashes.count = 0;
    hashes.refuseAsBusy = "";
  });

  it("counts each attempt before its hash: parallel guesses from one address stop at the limit", async () => {
    const now = new Date("2026-11-23T01:00:05Z");
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        checkCredentials(
          database.db,
          { email: EMAIL, password: `guess number ${i}`, address: "203.0.113.5" },
          now,
        ),
      ),
    );
    expect(hashes.count).toBe(SIGN_IN_RULES.accountAddress.limit);
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(
      SIGN_IN_RULES.accountAddress.limit,
    );
    const throttled = results.filter((r) => !r.ok && r.reason === "throttled");
    expect(throttled).toHaveLength(30 - SIGN_IN_RULES.accountAddress.limit);
    for (const r of throttled) {
      // The rest of the 15-minute window that began at 01:00:00.
      expect(retryAfter(r)).toBe(15 * 60 - 5);
    }
  });

  it("a right password forgives the failures of its own account and address", async () => {
    const now = new Date("2026-11-23T02:00:00Z");
    const address = "203.0.113.6";
    const attempt = (password: string) =>
      checkCredentials(database.db, { email: EMAIL, password, address }, now);
    for (let i = 1; i < SIGN_IN_RULES.accountAddress.limit; i++) {
      expect(await attempt(`wrong guess ${i}`)).toEqual({ ok: false, reason: "invalid" });
    }
    expect((await attempt(PASSWORD)).ok).toBe(true);
    // Without the forgiveness this would be the sixth attempt, over the limit.
    expect(await attempt("one more typo")).toEqual({ ok: false, reason: "invalid" });
  });

  it("a spread-out attack slows the account down, but never locks the real admin out", async () => {
    const db = database.db;
    const now = new Date("2026-11-23T03:00:01Z");
    const usual = "192.0.2.10";
    await rememberSignIn(db, userId, usual, new Date(now.getTime() - 24 * 60 * 60 * 1000));

    // 56 wrong passwords from 14 addresses, in waves of 8 parallel requests.
    const outcomes: SignInResult[] = [];
    for (let wave = 0; wave < 7; wave++) {
      outcomes.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, (_, i) => {
            const n = wave * 8 + i;
            return checkCredentials(
              db,
              { email: EMAIL, password: `spread guess ${n}`, address: `198.18.0.${n % 14}` },
              now,
            );
          }),
        )),
      );
    }
    expect(outcomes.some((r) => r.ok)).toBe(false);
    // Only the account's free attempts and one minute's slow ones reached the hash.
    expect(hashes.count).toBeLessThanOrEqual(
      SIGN_IN_RULES.account.limit + SIGN_IN_RULES.accountSlow.limit,
    );

    // From the address they usually sign in from, the admin gets in at once...
    const fromUsual = await checkCredentials(
      db,
      { email: EMAIL, password: PASSWORD, address: usual },
      now,
    );
    expect(fromUsual).toMatchObject({ ok: true, userId });

    // ...and from a new one after the rest of the minute, not the rest of the window.
    const hotel = "198.51.100.77";
    const slowed = retryAfter(
      await checkCredentials(db, { email: EMAIL, password: PASSWORD, address: hotel }, now),
    );
    expect(slowed).toBe(59);
    const later = new Date(now.getTime() + slowed * 1000);
    const fromHotel = await checkCredentials(
      db,
      { email: EMAIL, password: PASSWORD, address: hotel },
      later,
    );
    expect(fromHotel).toMatchObject({ ok: true, userId });
  });

  it("answers busy at once when the hash line is full, without counting the attempt", async () => {
    const now = new Date("2026-11-23T04:00:00Z");
    const address = "203.0.113.8";
    hashes.refuseAsBusy = "refused as busy";
    for (let i = 0; i < SIGN_IN_RULES.accountAddress.limit + 2; i++) {
      expect(
        await checkCredentials(
          database.db,
          { email: EMAIL, password: "refused as busy", address },
          now,
        ),
      ).toEqual({ ok: false, reason: "busy", retryAfterSeconds: BUSY_RETRY_SECONDS });
    }
    const right = await checkCredentials(
      database.db,
      { email: EMAIL, password: PASSWORD, address },
      now,
    );
    expect(right.ok).toBe(true);
  });
});

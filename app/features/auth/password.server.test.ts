import type * as Crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import COMMON_PASSWORDS from "./common-passwords.json" with { type: "json" };
import {
  createWorkGate,
  hashPassword,
  PASSWORD_WORK,
  PasswordWorkBusyError,
  SCRYPT_PARAMS,
  verifyAgainstDummy,
  verifyPassword,
} from "./password.server.ts";
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from "./password-policy.ts";

// The real scrypt, counted: how many derivations are under way at once, and how many ended.
const scryptWork = vi.hoisted(() => ({ running: 0, peak: 0, finished: 0 }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  const scrypt = (...args: unknown[]) => {
    const callback = args.pop() as (error: Error | null, key: Buffer) => void;
    scryptWork.running++;
    scryptWork.peak = Math.max(scryptWork.peak, scryptWork.running);
    (actual.scrypt as (...a: unknown[]) => void)(...args, (error: Error | null, key: Buffer) => {
      scryptWork.running--;
      scryptWork.finished++;
      callback(error, key);
    });
  };
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

describe("password policy", () => {
  it("asks for at least 12 characters and accepts long passphrases without composition rules", () => {
    expect(passwordProblem("abcdefgh123")).toMatch(/at least 12/);
    expect(passwordProblem("tiger lotus harbour")).toBeNull();
    expect(passwordProblem("ñandú-gecko-koh-samui")).toBeNull();
    expect(passwordProblem("x".repeat(5) + "y".repeat(123))).toBeNull(); // 128 characters
    expect(PASSWORD_MIN).toBe(12);
    expect(PASSWORD_MAX).toBeGreaterThanOrEqual(128);
    expect(passwordProblem(`${"q".repeat(PASSWORD_MAX)}z`)).toMatch(/at most/);
  });

  it("counts characters, not bytes", () => {
    expect(passwordProblem("ชายหาดกมลาภูเก็ต")).toBeNull(); // 16 Thai characters
    expect(passwordProblem("ภูเก็ตกมลา")).toMatch(/at least 12/); // 10 characters
  });

  it("refuses every password of the shipped common list, whatever its case or spaces", () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThan(1000);
    for (const common of COMMON_PASSWORDS) {
      expect(common.length).toBeGreaterThanOrEqual(PASSWORD_MIN);
      expect(common).toBe(common.toLowerCase());
      expect(passwordProblem(common), common).toMatch(/too common/);
    }
    expect(passwordProblem("Password 1234")).toMatch(/too common/);
    expect(passwordProblem("QWERTYUIOP123")).toMatch(/too common/);
    expect(passwordProblem("zzzzzzzzzzzzzzzz")).toMatch(/too common/);
  });

  it("refuses a password built from the e-mail address", () => {
    expect(passwordProblem("somchai.p2024", "somchai.p@example.com")).toMatch(/e-mail/);
    expect(passwordProblem("coral reef at dawn", "somchai@example.com")).toBeNull();
  });
});

describe("password hashing", () => {
  it("uses scrypt at OWASP parameters and verifies only the right password", async () => {
    const hash = await hashPassword("tiger lotus harbour");
    expect(hash).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$8\\$1\\$`));
    expect(await verifyPassword("tiger lotus harbour", hash)).toBe(true);
    expect(await verifyPassword("tiger lotus harbouR", hash)).toBe(false);
    const again = await hashPassword("tiger lotus harbour");
    expect(again).not.toBe(hash); // salted
    expect(await verifyPassword("anything", "not-a-hash")).toBe(false);
  });
});

describe("password work", () => {
  const CHEAP = { N: 2 ** 12, r: 8, p: 1 };

  it("runs one hash at a time, and refuses at once when the line is full", async () => {
    const stored = await hashPassword("tiger lotus harbour", CHEAP);
    Object.assign(scryptWork, { running: 0, peak: 0, finished: 0 });
    const accepted = PASSWORD_WORK.concurrency + PASSWORD_WORK.maxWaiting;
    const refusedAfter: number[] = [];
    const outcomes = await Promise.allSettled(
      Array.from({ length: accepted + 5 }, (_, i) =>
        (i === 1
          ? verifyAgainstDummy(`guess ${i}`)
          : verifyPassword(i === 0 ? "tiger lotus harbour" : `guess ${i}`, stored)
        ).catch((error: unknown) => {
          refusedAfter.push(scryptWork.finished);
          throw error;
        }),
      ),
    );
    expect(scryptWork.peak).toBe(PASSWORD_WORK.concurrency);
    expect(scryptWork.finished).toBe(accepted);
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(refused).toHaveLength(5);
    for (const o of refused) expect(o.reason).toBeInstanceOf(PasswordWorkBusyError);
    // Refused before a single hash had finished: nobody queued behind the full line.
    expect(refusedAfter).toEqual([0, 0, 0, 0, 0]);
    expect(outcomes[0]).toEqual({ status: "fulfilled", value: true });
    expect(outcomes[2]).toEqual({ status: "fulfilled", value: false });
    // Once the line has emptied, work is taken again.
    expect(await verifyPassword("tiger lotus harbour", stored)).toBe(true);
    expect(scryptWork.running).toBe(0);
  });

  it("hands a freed slot to the next in line, first come first served", async () => {
    const gate = createWorkGate(2, 2);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string) =>
      gate.run(
        () =>
          new Promise<void>((resolve) => {
            order.push(name);
            releases.push(resolve);
          }),
      );
    const runs = ["a", "b", "c", "d"].map(task);
    await expect(task("e")).rejects.toBeInstanceOf(PasswordWorkBusyError);
    await vi.waitFor(() => expect(order).toEqual(["a", "b"]));
    expect([gate.running, gate.waiting]).toEqual([2, 2]);
    releases[1]?.();
    await vi.waitFor(() => expect(order).toEqual(["a", "b", "c"]));
    expect([gate.running, gate.waiting]).toEqual([2, 1]);
    releases[0]?.();
    releases[2]?.();
    await vi.waitFor(() => expect(order).toEqual(["a", "b", "c", "d"]));
    releases[3]?.();
    await Promise.all(runs);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });
});

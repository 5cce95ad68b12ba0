import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "./common-passwords.ts";
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from "./password.server.ts";
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from "./password-policy.ts";

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

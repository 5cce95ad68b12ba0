import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server.ts";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "config-test-"));

describe("loadConfig", () => {
  it("gives working demo defaults", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.mediaDir).toBe(path.join(dataDir, "media"));
    expect(config.contacts.email).toMatch(/@/);
  });

  it("makes a session secret once and keeps it, readable by its owner only", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    const file = path.join(dataDir, "session-secret");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("reads the given values", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgres://app@db.internal:5432/rentals",
      PUBLIC_URL: "https://rentals.example/",
      SESSION_SECRET: "x".repeat(40),
      CONTACT_WHATSAPP: "66812345678",
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe("postgres://app@db.internal:5432/rentals");
    expect(config.publicUrl).toBe("https://rentals.example");
    expect(config.sessionSecret).toBe("x".repeat(40));
    expect(config.contacts.whatsapp).toBe("66812345678");
  });

  it.each([
    ["PORT", "eighty", /PORT .*port number/],
    ["PORT", "70000", /PORT must be from 1 to 65535/],
    ["DATABASE_URL", "mysql://localhost/db", /DATABASE_URL must be a postgres:\/\//],
    ["PUBLIC_URL", "rentals.example", /PUBLIC_URL must be an absolute http\(s\) URL/],
    ["SESSION_SECRET", "short", /SESSION_SECRET must be at least 32 characters/],
    ["CONTACT_EMAIL", "desk", /CONTACT_EMAIL must be an e-mail address/],
    ["CONTACT_WHATSAPP", "+66 81", /CONTACT_WHATSAPP must be the WhatsApp number in digits/],
  ])("refuses %s=%s with a message naming it", (name, value, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tempDir(), [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toContain(`(got "${value}")`);
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });
});

describe("admin account from the environment", () => {
  it("is read when both variables are set, and a bad password is not echoed", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/rentals-config-test" }).bootstrapAdmin).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: "/tmp/rentals-config-test",
        ADMIN_EMAIL: "ops@example.com",
        ADMIN_PASSWORD: "tiger lotus harbour",
      }).bootstrapAdmin,
    ).toEqual({ email: "ops@example.com", password: "tiger lotus harbour" });
    let message = "";
    try {
      loadConfig({ DATA_DIR: "/tmp/rentals-config-test", ADMIN_PASSWORD: "shortpw" });
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain("ADMIN_PASSWORD must be at least 12 characters long");
    expect(message).not.toContain("shortpw");
  });
});

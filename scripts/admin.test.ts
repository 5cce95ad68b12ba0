import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const tsx = path.join("node_modules", ".bin", "tsx");

function admin(dataDir: string, args: string[], input = "") {
  const result = spawnSync(tsx, ["scripts/admin.ts", ...args], {
    input,
    encoding: "utf8",
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_PASSWORD: "",
      LOG_LEVEL: "silent",
    },
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

describe("npm run admin", () => {
  it("creates, lists, disables and re-enables accounts on the configured database", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "admin-cli-"));
    expect(admin(dir, ["list"]).out).toContain("No admin accounts yet.");
    expect(admin(dir, ["create", "ops@example.com"], "password1234\n")).toMatchObject({ code: 1 });
    const created = admin(dir, ["create", "Ops@Example.com"], "tiger lotus harbour\n");
    expect(created).toMatchObject({ code: 0 });
    expect(created.out).toContain("Created the admin account ops@example.com");
    expect(admin(dir, ["create", "ops@example.com"], "another fine passphrase\n").out).toContain(
      "exists already",
    );
    expect(admin(dir, ["disable", "ops@example.com"]).code).toBe(0);
    expect(admin(dir, ["list"]).out).toMatch(/ops@example\.com\tdisabled\tno 2FA/);
    expect(admin(dir, ["reset-password", "ops@example.com"], "a new fine passphrase\n").code).toBe(
      0,
    );
    expect(admin(dir, ["list"]).out).toMatch(/ops@example\.com\tactive/);
    expect(admin(dir, ["require-2fa", "on"]).out).toContain("required");
    expect(admin(dir, ["nonsense"])).toMatchObject({ code: 2 });
  }, 120_000);
});

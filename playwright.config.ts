import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions, E2E_DATA_DIR, E2E_PORT } from "./tests/e2e/support/env.ts";

/**
 * End-to-end tests drive Debian's Chromium (no browser download) against one built server,
 * started once with a fresh embedded database; the stored demo pictures are kept between runs.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  // A limit that catches a hung test, not a measure of speed: the machine is shared, and a test
  // that takes 8 s on a quiet one has taken 32 s beside other work. Speed is measured by
  // `npm run bench`. A few long tests (their own servers, the admin map) set a higher one.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: chromiumLaunchOptions(),
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions() },
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR}/pglite ${E2E_DATA_DIR}/session-secret && node server.ts`,
    // Ready, not just alive: the tests need the database migrated and seeded.
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
  },
});

import { type Browser, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { type ServerProcess, startServer, tempDataDir } from "./server-process.ts";

export const ADMIN_EMAIL = "ops@example.com";
export const ADMIN_PASSWORD = "coral reef at dawn";

/**
 * A server of the test's own on a fresh data folder (so admin edits never disturb the shared
 * server), with an admin account made from ADMIN_EMAIL/ADMIN_PASSWORD at start.
 */
export async function startAdminServer(
  dataDir = tempDataDir(),
  env: Record<string, string> = {},
): Promise<ServerProcess & { dataDir: string }> {
  const server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: "info",
    ...env,
  });
  return Object.assign(server, { dataDir });
}

/**
 * Page errors and console errors, for a test to check it saw none. The browser's own notes of
 * 4xx answers the test asks for (a wrong password, a refused upload) are left out.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 4\d\d/.test(message.text())) {
      errors.push(message.text());
    }
  });
  return errors;
}

export async function signIn(page: Page, url: string, password = ADMIN_PASSWORD) {
  await page.goto(`${url}/admin`);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** A small picture of one colour, encoded as the format asks. */
export async function picture(color: string, format: "png" | "jpeg" = "png"): Promise<Buffer> {
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: color } });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

export async function expectSignedOut(page: Page) {
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
}

export interface LeadsServer {
  url: string;
  /** The rows of the admin's CSV export of leads that mention `text`. */
  leadsWith(text: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A server of a test file's own with an admin signed in, so a test can check that a public form
 * really stored its lead (a dropped honeypot post thanks the visitor just the same). The shared
 * server's embedded database cannot be opened while that server runs.
 */
export async function startLeadsServer(browser: Browser): Promise<LeadsServer> {
  const server = await startAdminServer();
  const admin = await browser.newContext();
  try {
    const page = await admin.newPage();
    await signIn(page, server.url);
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
    await page.close();
  } catch (error) {
    await admin.close();
    await server.stop();
    throw error;
  }
  return {
    url: server.url,
    async leadsWith(text) {
      const response = await admin.request.get(`${server.url}/admin/leads/export.csv`);
      expect(response.status()).toBe(200);
      const rows = (await response.text()).split("\r\n");
      return rows.filter((row) => row.includes(text));
    },
    async stop() {
      await admin.close();
      await server.stop();
    },
  };
}

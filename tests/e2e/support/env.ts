import { existsSync } from "node:fs";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);
export const E2E_DATA_DIR = ".e2e-data";

/** Debian's Chromium, or the browser named by CHROMIUM_PATH. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return path;
}

/** How Chromium runs here: no sandbox (root), no GPU, and no calls home (the network is closed). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

export function chromiumLaunchOptions() {
  return { executablePath: chromiumPath(), args: CHROMIUM_ARGS };
}

/**
 * `npm start` runs this first: builds the site when there is no build yet or when a source file
 * is newer than the build, so a fresh clone needs only `npm ci && npm start`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build", "server", "index.js");
const sources = [
  "app",
  "server",
  "public",
  "content",
  "drizzle",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0
      ? "No build yet: building the site..."
      : "Sources changed: rebuilding the site...",
  );
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

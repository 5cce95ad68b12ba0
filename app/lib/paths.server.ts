import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The project's root folder, found from this file both in the sources and in the build. */
export function projectRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the project root (no package.json above)");
    dir = parent;
  }
  root = dir;
  return dir;
}

/** A path inside the project (for files shipped with it, such as fonts). */
export function projectPath(...segments: string[]): string {
  return path.join(projectRoot(), ...segments);
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { unitCalendarPath, unitPath, unitViewingPath } from "./site-paths.ts";

describe("a unit's paths", () => {
  it("are its page and its viewing page in each language, and its calendar", () => {
    expect(unitPath("canopy-pool-villa-v-01", "en")).toBe("/units/canopy-pool-villa-v-01");
    expect(unitPath("canopy-pool-villa-v-01", "ru")).toBe("/ru/units/canopy-pool-villa-v-01");
    expect(unitViewingPath("v-01", "ru")).toBe("/ru/units/v-01/viewing");
    expect(unitCalendarPath("canopy-pool-villa-v-01")).toBe(
      "/units/canopy-pool-villa-v-01/calendar.ics",
    );
  });

  it("never let a slug leave its path segment", () => {
    expect(unitPath("a/../../admin", "en")).toBe("/units/a%2F..%2F..%2Fadmin");
    expect(unitPath("x?y#z", "ru")).toBe("/ru/units/x%3Fy%23z");
  });
});

/** Every source file of the app, tests and fixtures aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test(-fixture)?\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("links in the code", () => {
  const APP = path.resolve(import.meta.dirname, "..");
  const files = sourceFiles(APP).map((file) => ({
    file: path.relative(APP, file),
    text: readFileSync(file, "utf8"),
  }));

  it("name an admin page through href(), never as a typed path", () => {
    // A quoted path that starts with /admin and is not a prefix test (startsWith) or href's pattern.
    const typed = /(?<!href\(|startsWith\()(["'`])\/admin(?=[/?#"'`])/;
    const found = files
      .filter(({ text }) => text.split("\n").some((line) => typed.test(line)))
      .map(({ file }) => file);
    expect(found).toEqual([]);
  });

  it("build a unit's public page address in one place", () => {
    // "/units/${slug}": the public page of a unit (the owner portal's units go by id).
    const found = files
      .filter(
        ({ file, text }) => file !== "lib/site-paths.ts" && /\/units\/\$\{[^}]*slug/i.test(text),
      )
      .map(({ file }) => file);
    expect(found).toEqual([]);
  });
});

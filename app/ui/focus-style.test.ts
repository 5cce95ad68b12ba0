import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP_DIR = path.join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * One focus style for the whole site (WCAG 2.4.7, 1.4.11): app.css draws it, and no component
 * hides it or swaps it for a fainter one of its own.
 */
describe("the focus style", () => {
  it("is drawn once, at least 2 px, outside the layers and important", () => {
    const css = readFileSync(path.join(APP_DIR, "app.css"), "utf8");
    // Outside any @layer: the rule starts at the beginning of a line, not indented in a block.
    const rule = /^:focus-visible \{([^}]*)\}/m.exec(css)?.[1] ?? "";
    const width = Number(/outline: (\d+)px solid [^;]+ !important;/.exec(rule)?.[1] ?? 0);
    expect(width).toBeGreaterThanOrEqual(2);
    expect(rule).toMatch(/box-shadow: 0 0 0 \d+px #fff !important;/);
  });

  it("is not hidden or replaced by any component", () => {
    const swap = /\b(?:outline-none|outline-hidden|focus:outline-[\w-]+|focus:ring[\w/-]*)/;
    const offenders = sourceFiles(APP_DIR).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => {
          const found = swap.exec(line)?.[0];
          return found ? [`${path.relative(APP_DIR, file)}:${i + 1} ${found}`] : [];
        }),
    );
    expect(offenders).toEqual([]);
  });
});

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layer rule of docs/decisions/070-layers.md, checked over the import graph: every .ts/.tsx
 * file under app/, server/, scripts/ and bench/ is read, its relative imports are resolved, and
 * each edge must go down the layers (or to a feature's public module). Routes do not query the
 * database themselves. Tests are not part of the graph: they may build their fixtures from any
 * layer.
 */

const ROOT = path.resolve(import.meta.dirname, "..");

type Layer =
  | "domain"
  | "i18n"
  | "lib"
  | "db"
  | "ui"
  | "features"
  | "setup"
  | "routes"
  | "server"
  | "tools";

/** What each layer may import, besides itself. */
const ALLOWED: Record<Layer, Layer[]> = {
  domain: [],
  i18n: ["domain"],
  lib: ["domain", "i18n"],
  db: ["domain", "i18n", "lib"],
  ui: ["domain", "i18n", "lib"],
  features: ["domain", "i18n", "lib", "db", "ui"],
  setup: ["domain", "i18n", "lib", "db", "ui", "features"],
  routes: ["domain", "i18n", "lib", "db", "ui", "features", "setup"],
  server: ["domain", "i18n", "lib", "db", "ui", "features", "setup", "routes"],
  // scripts/ and bench/: command-line tools, run beside the app; nothing in the app imports them.
  tools: ["domain", "i18n", "lib", "db", "ui", "features", "setup", "routes", "server"],
};

/**
 * Each feature's public face: the modules other features may import, and the features allowed to
 * import them. Everything else in a feature folder is its own business. The graph has no cycles.
 */
const FEATURE_PUBLIC: Record<string, { modules: string[]; usedBy: string[] }> = {
  media: {
    modules: ["media-url.ts", "images.server.ts", "site-picture.ts", "demo-pictures.server.ts"],
    usedBy: ["admin", "blog", "listings", "marketing"],
  },
  leads: {
    modules: [
      "form-fields.tsx",
      "lead-fields.ts",
      "use-lead-form.ts",
      "newsletter-form.tsx",
      "lead-messages.ts",
      "leads.server.ts",
      "lead-actions.server.ts",
      "unit-enquiry-form.tsx",
      "unit-viewing-form.tsx",
    ],
    usedBy: ["owners", "availability", "saved-searches", "listings"],
  },
  listings: {
    modules: ["filters.ts", "catalog.ts", "facilities.ts"],
    usedBy: ["saved-searches", "admin"],
  },
  availability: {
    modules: [
      "stays.server.ts",
      "occupancy.ts",
      "month-grid.ts",
      "availability-calendar.tsx",
      "availability-alert-form.tsx",
    ],
    usedBy: ["admin", "leases", "owner-portal", "listings"],
  },
  auth: {
    modules: [
      "guard.server.ts",
      "sessions.server.ts",
      "security-forms.ts",
      "sign-in.server.ts",
      "password.server.ts",
      "password-policy.ts",
      "second-factor.server.ts",
      "totp.server.ts",
    ],
    usedBy: ["admin", "owner-portal"],
  },
  favorites: {
    modules: ["favorite-button.tsx", "favorites-store.ts", "slug-list.ts"],
    usedBy: ["listings"],
  },
  "lease-documents": {
    modules: ["pdf-layout.server.ts"],
    usedBy: ["owner-statements"],
  },
  "owner-portal": {
    modules: ["documents.server.ts", "owner-alerts.server.ts", "owner-messages.server.ts"],
    usedBy: ["owner-statements"],
  },
  "owner-statements": {
    modules: ["statements.server.ts"],
    usedBy: ["owner-dashboard"],
  },
  blog: {
    modules: ["blog.ts", "blog-teaser.tsx"],
    usedBy: ["marketing"],
  },
  "owner-dashboard": {
    modules: ["dashboard-sample.tsx"],
    usedBy: ["marketing"],
  },
  owners: {
    modules: ["owner-programs-section.tsx"],
    usedBy: ["marketing"],
  },
};

/** Imports that break the rule on purpose, each with its reason. None today. */
const EXCEPTIONS: { from: string; to: string; why: string }[] = [];

const SERVER_ONLY = /\.server\.tsx?$|\/\.server\//;

function layerOf(file: string): Layer | null {
  const [top, second] = file.split("/");
  if (top === "server") return "server";
  if (top === "scripts" || top === "bench") return "tools";
  if (top !== "app") return null;
  if (second === "routes" || ["root.tsx", "entry.server.tsx", "routes.ts"].includes(second ?? ""))
    return "routes";
  const layers: Record<string, Layer> = {
    domain: "domain",
    i18n: "i18n",
    lib: "lib",
    db: "db",
    ui: "ui",
    features: "features",
    setup: "setup",
  };
  return layers[second ?? ""] ?? null;
}

const isTest = (file: string) =>
  /\.test\.tsx?$|(^|\/)testing\.server\.ts$|test-fixtures?\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

// Four plain patterns, each linear: `... from "x"`, `import("x")`, import(`x`) and `import "x"`.
const SPECIFIERS = [
  /\bfrom\s*["']([^"'\n]+)["']/g,
  /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g,
  /\bimport\s*\(\s*`([^`]*)`\s*\)/g,
  /\bimport\s+["']([^"'\n]+)["']/g,
];

function importSpecifiers(source: string): string[] {
  return SPECIFIERS.flatMap((re) => [...source.matchAll(re)].map((m) => m[1] as string));
}

/** The repository-relative file a relative specifier names, or null for packages and generated types. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".") || specifier.includes("/+types/")) return null;
  const target = path.posix.normalize(
    path.posix.join(path.posix.dirname(from), specifier.split("?")[0] ?? ""),
  );
  return target;
}

/** Packages and modules a route must not import: it asks a feature, which asks the database. */
const NOT_IN_ROUTES = [/^drizzle-orm(\/|$)/, /^app\/db\/schema\.ts$/];

/**
 * Why the specifier itself breaks the rule, before it is resolved: a dynamic import whose path is
 * computed (a template with `${}`) cannot be followed, and routes name no query builder or table.
 */
function specifierViolation(from: string, specifier: string): string | null {
  if (specifier.includes("${")) return "a dynamic import with a computed path cannot be checked";
  if (layerOf(from) !== "routes") return null;
  const target = resolve(from, specifier) ?? specifier;
  if (NOT_IN_ROUTES.some((re) => re.test(target)))
    return "a route must not import drizzle-orm or the schema: its feature queries the database";
  return null;
}

/** Why an import from `from` to `to` breaks the rule, or null when it is allowed. */
function violation(from: string, to: string): string | null {
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (!fromLayer || !toLayer) return null;
  if (EXCEPTIONS.some((e) => e.from === from && e.to === to)) return null;
  if (fromLayer !== toLayer && !ALLOWED[fromLayer].includes(toLayer)) {
    return `${fromLayer} must not import ${toLayer}`;
  }
  if (fromLayer === "features" && toLayer === "features") {
    const fromFeature = from.split("/")[2] ?? "";
    const [, , toFeature = "", ...rest] = to.split("/");
    if (fromFeature === toFeature) return null;
    // A module that reaches the browser takes nothing from another feature's server modules,
    // not even a type: what a form shares with its action lives in a plain module.
    if (!SERVER_ONLY.test(from) && SERVER_ONLY.test(to)) {
      return "a browser-side module must not import another feature's .server module";
    }
    const face = FEATURE_PUBLIC[toFeature];
    if (!face?.usedBy.includes(fromFeature))
      return `feature ${fromFeature} must not import feature ${toFeature}`;
    if (!face.modules.includes(rest.join("/"))) {
      return `${rest.join("/")} is not part of feature ${toFeature}'s public face`;
    }
  }
  return null;
}

/** A dynamic import's path with a placeholder, as written in a template literal. */
const COMPUTED = ["./$", "{name}.ts"].join("");

describe("the layer rule", () => {
  const files = ["app", "server", "scripts", "bench"].flatMap(sourceFiles);

  it("reads every module of app/, server/, scripts/ and bench/", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("app/domain/listing.ts");
    expect(files).toContain("scripts/backup.ts");
    expect(files).toContain("bench/run.ts");
  });

  it("puts every module of app/ in a layer, so a new folder cannot slip past the rule", () => {
    expect(files.filter((f) => !isTest(f) && !layerOf(f))).toEqual([]);
  });

  it("keeps the table of public faces true: modules that exist, features that exist, no cycle", () => {
    const features = new Set(
      files.filter((f) => f.startsWith("app/features/")).map((f) => f.split("/")[2]),
    );
    for (const [feature, face] of Object.entries(FEATURE_PUBLIC)) {
      for (const module of face.modules)
        expect(files).toContain(`app/features/${feature}/${module}`);
      for (const user of face.usedBy) expect(features).toContain(user);
    }
    // Depth-first search over "user -> feature used": a feature met again on its own path is a cycle.
    const uses = (feature: string) =>
      Object.entries(FEATURE_PUBLIC)
        .filter(([, face]) => face.usedBy.includes(feature))
        .map(([used]) => used);
    const visit = (feature: string, path: string[]): void => {
      expect(path, `cycle: ${[...path, feature].join(" -> ")}`).not.toContain(feature);
      for (const used of uses(feature)) visit(used, [...path, feature]);
    };
    for (const feature of features) visit(feature ?? "", []);
  });

  it("is the table of decision 070, row for row", () => {
    const doc = readFileSync(path.join(ROOT, "docs/decisions/070-layers.md"), "utf8");
    const lines = doc.split("\n");
    const head = lines.findIndex((l) =>
      /^\|\s*feature\s*\|\s*public modules\s*\|\s*used by\s*\|/.test(l),
    );
    expect(head, "decision 070 has its table of public faces").toBeGreaterThan(-1);
    const rows: string[] = [];
    for (const line of lines.slice(head + 2)) {
      if (!line.startsWith("|")) break;
      rows.push(line);
    }
    const sorted = (list: string[]) => [...list].sort();
    const documented = Object.fromEntries(
      rows.map((row) => {
        const [feature = "", modules = "", usedBy = ""] = row.split("|").slice(1, -1);
        return [
          feature.trim(),
          {
            modules: sorted([...modules.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string)),
            usedBy: sorted(usedBy.split(",").map((u) => u.trim())),
          },
        ];
      }),
    );
    const inCode = Object.fromEntries(
      Object.entries(FEATURE_PUBLIC).map(([feature, face]) => [
        feature,
        { modules: sorted(face.modules), usedBy: sorted(face.usedBy) },
      ]),
    );
    expect(documented).toEqual(inCode);
  });

  it("holds for every import of the code that ships", () => {
    const broken: string[] = [];
    for (const file of files.filter((f) => !isTest(f))) {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      for (const specifier of importSpecifiers(source)) {
        const early = specifierViolation(file, specifier);
        if (early) {
          broken.push(`${file} -> ${specifier}: ${early}`);
          continue;
        }
        const target = resolve(file, specifier);
        if (!target) continue;
        if (!existsSync(path.join(ROOT, target))) {
          broken.push(`${file} -> ${specifier}: no such file`);
          continue;
        }
        const why = violation(file, target);
        if (why) broken.push(`${file} -> ${target}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("tells a forbidden import from an allowed one", () => {
    expect(violation("app/db/schema.ts", "app/features/listings/catalog.ts")).toMatch(
      /db must not/,
    );
    expect(violation("app/lib/format.ts", "app/db/schema.ts")).toMatch(/lib must not/);
    expect(violation("app/features/blog/posts.server.ts", "app/features/listings/unit.ts")).toMatch(
      /blog must not import feature listings/,
    );
    expect(
      violation("app/features/admin/x.server.ts", "app/features/auth/sign-in-flow.server.ts"),
    ).toMatch(/public face/);
    expect(violation("app/features/owners/a.tsx", "app/features/leads/leads.server.ts")).toMatch(
      /\.server/,
    );
    expect(violation("app/lib/logger.server.ts", "app/setup/seed.server.ts")).toMatch(
      /lib must not/,
    );
    expect(violation("app/routes/home.tsx", "app/features/listings/filters.ts")).toBeNull();
    expect(violation("app/db/seed.ts", "app/domain/listing.ts")).toBeNull();
    expect(violation("app/features/leads/x.ts", "scripts/backup.ts")).toMatch(
      /must not import tools/,
    );
    expect(violation("bench/run.ts", "app/features/listings/listings.server.ts")).toBeNull();
  });

  it("keeps routes off the database and dynamic imports checkable", () => {
    expect(specifierViolation("app/routes/sitemap.ts", "drizzle-orm")).toMatch(/drizzle-orm/);
    expect(specifierViolation("app/routes/x.tsx", "drizzle-orm/pg-core")).toMatch(/drizzle-orm/);
    expect(specifierViolation("app/routes/x.tsx", "../db/schema.ts")).toMatch(/schema/);
    expect(specifierViolation("app/root.tsx", "./db/schema.ts")).toMatch(/schema/);
    expect(specifierViolation("app/routes/x.tsx", "../db/runtime.server.ts")).toBeNull();
    expect(specifierViolation("app/features/blog/x.server.ts", "drizzle-orm")).toBeNull();
    expect(specifierViolation("app/routes/x.tsx", "drizzle-orm-like")).toBeNull();
    expect(specifierViolation("app/routes/x.tsx", COMPUTED)).toMatch(/computed path/);
  });

  it("finds specifiers in every form an import takes", () => {
    const source = [
      `import a from "./a.ts";`,
      `import type { B } from "../b.ts";`,
      `export { c } from "./c.ts";`,
      `import "./d.css";`,
      `const e = await import("./e.ts");`,
      `import {\n  f,\n} from "./f.ts";`,
      "const g = await import(`./g.ts`);",
      `const h = await import( \`${COMPUTED}\` );`,
    ].join("\n");
    expect(importSpecifiers(source).sort()).toEqual(
      ["../b.ts", "./a.ts", "./c.ts", "./d.css", "./e.ts", "./f.ts", "./g.ts", COMPUTED].sort(),
    );
  });
});

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layer rule of docs/decisions/070-layers.md, checked over the import graph: every .ts/.tsx
 * file under app/ and server/ is read, its relative imports are resolved, and each edge must go
 * down the layers (or to a feature's public module). Tests are not part of the graph: they may
 * build their fixtures from any layer.
 */

const ROOT = path.resolve(import.meta.dirname, "..");

type Layer = "domain" | "i18n" | "lib" | "db" | "ui" | "features" | "setup" | "routes" | "server";

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
    ],
    usedBy: ["owners", "availability", "saved-searches"],
  },
  listings: {
    modules: ["filters.ts", "catalog.ts"],
    usedBy: ["saved-searches"],
  },
  availability: {
    modules: ["stays.server.ts", "occupancy.ts", "month-grid.ts", "availability-calendar.tsx"],
    usedBy: ["admin", "leases", "owner-portal"],
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
};

/** Imports that break the rule on purpose, each with its reason. None today. */
const EXCEPTIONS: { from: string; to: string; why: string }[] = [];

const SERVER_ONLY = /\.server\.tsx?$|\/\.server\//;

function layerOf(file: string): Layer | null {
  const [top, second] = file.split("/");
  if (top === "server") return "server";
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

// Three plain patterns, each linear: `... from "x"`, `import("x")` and `import "x"`.
const SPECIFIERS = [
  /\bfrom\s*["']([^"'\n]+)["']/g,
  /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g,
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

describe("the layer rule", () => {
  const files = [...sourceFiles("app"), ...sourceFiles("server")];

  it("reads every module of app/ and server/", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("app/domain/listing.ts");
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

  it("holds for every import of the code that ships", () => {
    const broken: string[] = [];
    for (const file of files.filter((f) => !isTest(f))) {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      for (const specifier of importSpecifiers(source)) {
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
  });

  it("finds specifiers in every form an import takes", () => {
    const source = `import a from "./a.ts";\nimport type { B } from "../b.ts";\nexport { c } from "./c.ts";\nimport "./d.css";\nconst e = await import("./e.ts");\nimport {\n  f,\n} from "./f.ts";`;
    expect(importSpecifiers(source).sort()).toEqual(
      ["../b.ts", "./a.ts", "./c.ts", "./d.css", "./e.ts", "./f.ts"].sort(),
    );
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "./routes.ts";

export interface ActionRoute {
  /** The URL pattern, with its parameters (`/units/:slug`). */
  path: string;
  /** The route module, relative to app/. */
  file: string;
}

const APP_DIR = import.meta.dirname;
const EXPORTS_ACTION = /^export\s+(?:async\s+)?function\s+action\b|^export\s+const\s+action\b/m;

/**
 * Every URL of app/routes.ts whose module exports an `action`, in both languages: a route added
 * there is in this list without anyone updating a test.
 */
export function actionRoutes(): ActionRoute[] {
  const found = new Map<string, ActionRoute>();
  const visit = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const full = entry.path?.startsWith("/")
        ? entry.path
        : [parent, entry.path ?? ""].filter(Boolean).join("/");
      const source = readFileSync(path.join(APP_DIR, entry.file), "utf8");
      if (EXPORTS_ACTION.test(source))
        found.set(`/${full}`, { path: `/${full}`, file: entry.file });
      if (entry.children) visit(entry.children, full);
    }
  };
  visit(routes, "");
  return [...found.values()];
}

/** A pattern's URL with its parameters filled in (`:slug` → params.slug; any other → "1"). */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "1");
}

/**
 * Every page of app/routes.ts, as addresses a test can open: a page added there is checked
 * (axe, the HTML validator, the sitemap) without anyone updating a test. Resource routes (modules
 * in `.ts`: PDFs, CSV, iCal, JSON, uploads, sign-out) are not pages. A parameter is filled with a
 * sample the demo data has (a unit, a post) or found on the page that lists such records; a
 * pattern with no sample fails the tests that need it, so that none is left out silently.
 */

import type { APIRequestContext } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../../app/routes.ts";

export type Area = "public" | "admin" | "owner";

export interface PagePattern {
  /** The URL pattern, `/ru/units/:slug`. */
  pattern: string;
  area: Area;
}

export function pagePatterns(): PagePattern[] {
  const found: PagePattern[] = [];
  const visit = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
      if (entry.file.endsWith(".tsx") && full !== "*") {
        const pattern = `/${full}`;
        const area: Area = /^\/admin(\/|$)/.test(pattern)
          ? "admin"
          : /^(\/ru)?\/owner(\/|$)/.test(pattern)
            ? "owner"
            : "public";
        found.push({ pattern, area });
      }
      if (entry.children) visit(entry.children, full);
    }
  };
  visit(routes, "");
  return found;
}

/** Demo records every fresh database has. */
export const SAMPLE_UNIT = "canopy-pool-villa-v-01";
export const SAMPLE_POST = "condo-or-pool-villa";

/** Public samples: the parameters of public pages are slugs of the demo data. */
const PUBLIC_PARAMS: Record<string, Record<string, string>> = {
  "units/:slug": { slug: SAMPLE_UNIT },
  "blog/:slug": { slug: SAMPLE_POST },
};

/**
 * Where a signed-in page's parameters are found: the page that links to such records, and the
 * pattern of the link (its groups are the parameters, in order).
 */
const FOUND_ON: Record<string, { list: string; link: RegExp }> = {
  "/admin/properties/:id": { list: "/admin", link: /href="\/admin\/properties\/(\d+)"/ },
  "/admin/properties/:id/history": { list: "/admin", link: /href="\/admin\/properties\/(\d+)"/ },
  "/admin/properties/:id/calendar": { list: "/admin", link: /href="\/admin\/properties\/(\d+)"/ },
  "/admin/leads/:id": { list: "/admin/leads", link: /href="\/admin\/leads\/(\d+)"/ },
  "/admin/leases/:id": { list: "/admin/leases", link: /href="\/admin\/leases\/(\d+)"/ },
  "/admin/leases/:id/inspections/:kind": {
    list: "/admin/leases",
    link: /href="\/admin\/leases\/(\d+)"/,
  },
  "/admin/owners/:id": { list: "/admin/owners", link: /href="\/admin\/owners\/(\d+)"/ },
  "/admin/owners/repairs/:id": {
    list: "/admin/owners/repairs",
    link: /href="\/admin\/owners\/repairs\/(\d+)"/,
  },
  // A statement the demo owner has (published), which the desk opens by the same id.
  "/admin/statements/:id": {
    list: "/owner/statements",
    link: /href="(?:\/ru)?\/owner\/statements\/(\d+)"/,
  },
  "/owner/statements/:id": {
    list: "/owner/statements",
    link: /href="(?:\/ru)?\/owner\/statements\/(\d+)"/,
  },
  "/owner/units/:id": { list: "/owner", link: /href="(?:\/ru)?\/owner\/units\/(\d+)"/ },
  "/owner/repairs/:id": {
    list: "/owner/repairs",
    link: /href="(?:\/ru)?\/owner\/repairs\/(\d+)"/,
  },
};

/** The language-free form of a pattern (`/ru/units/:slug` → `units/:slug`). */
const bare = (pattern: string) => pattern.replace(/^\/(ru\/?)?/, "");

/**
 * The address to open for each pattern of `area`. `request` is signed in as the area asks; it is
 * used to find the ids of signed-in pages.
 */
export async function pageUrls(area: Area, request?: APIRequestContext): Promise<string[]> {
  const urls: string[] = [];
  const lists = new Map<string, string>();
  for (const { pattern } of pagePatterns().filter((p) => p.area === area)) {
    if (!pattern.includes(":")) {
      urls.push(pattern);
      continue;
    }
    const publicParams = PUBLIC_PARAMS[bare(pattern).replace(/\/viewing$/, "")];
    if (publicParams) {
      urls.push(pattern.replace(/:(\w+)/g, (_, name: string) => publicParams[name] ?? ""));
      continue;
    }
    const english = pattern.replace(/^\/ru(?=\/)/, "");
    const source = FOUND_ON[english];
    if (!source || !request) throw new Error(`No sample for the page ${pattern}: add one here.`);
    const lang = pattern.startsWith("/ru/") ? "/ru" : "";
    const listUrl = `${source.list.startsWith("/owner") ? lang : ""}${source.list}`;
    let html = lists.get(listUrl);
    if (html === undefined) {
      const response = await request.get(listUrl);
      if (!response.ok()) throw new Error(`${listUrl} answered ${response.status()}`);
      html = await response.text();
      lists.set(listUrl, html);
    }
    const id = source.link.exec(html)?.[1];
    if (!id) throw new Error(`No link on ${listUrl} to fill ${pattern}`);
    urls.push(pattern.replace(":id", id).replace(":kind", "move-in"));
  }
  return urls;
}

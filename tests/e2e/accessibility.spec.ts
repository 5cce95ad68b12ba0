/**
 * WCAG 2.2 AA on every public page of app/routes.ts, in English and Russian: axe (WCAG 2.0, 2.1
 * and 2.2 at A and AA, and its best practices, every impact) at 390 and 1280 px, and again with
 * the phone menu and the photo viewer open (the owner programmes' dialogs are pages of their own);
 * the HTML validator on the server's HTML of every page; and the sitemap holding every page a
 * search engine may index. The signed-in pages (admin, owner portal) are in
 * accessibility-signed-in.spec.ts, on a server of their own.
 *
 * One browser context per size and language, one tab reused from page to page; the four sweeps
 * run in parallel. Each sweep collects every violation before it fails, so one run lists them all.
 */
import { readdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { htmlErrors } from "../support/html-validator.ts";
import { axeViolations } from "./support/axe.ts";
import { pageUrls, SAMPLE_POST, SAMPLE_UNIT } from "./support/pages.ts";
import { expect, test, waitForHydration } from "./support/test.ts";

const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Pages that a query string changes: the 404 page (the `*` route), the home page's map view, a
 * shared list of favourites and a comparison (both with units to show).
 */
const UNITS = `${SAMPLE_UNIT},banyan-pool-villa-v-02`;
const EXTRA = [
  "/no-such-page",
  "?view=map",
  `/favorites?units=${UNITS}`,
  `/compare?units=${UNITS}`,
];

async function publicUrls(lang: "en" | "ru"): Promise<string[]> {
  const all = [
    ...(await pageUrls("public")),
    ...EXTRA.flatMap((u) => (u.startsWith("?") ? [`/${u}`, `/ru${u}`] : [u, `/ru${u}`])),
  ];
  return all.filter((url) => (lang === "ru") === /^\/ru(\/|\?|$)/.test(url));
}

async function open(browser: Browser, size: keyof typeof SIZES) {
  const context = await browser.newContext({
    viewport: SIZES[size],
    ...(size === "phone" ? { hasTouch: true, isMobile: true } : {}),
  });
  return { context, page: await context.newPage() };
}

async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response, url).not.toBeNull();
  await waitForHydration(page);
}

for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
  for (const lang of ["en", "ru"] as const) {
    test(`axe finds nothing on any public page in ${lang} at ${SIZES[size].width} px`, async ({
      browser,
      baseURL,
    }) => {
      // Some forty pages, each loaded, hydrated and checked whole: minutes on a busy machine.
      test.setTimeout(300_000);
      const { context, page } = await open(browser, size);
      const found: string[] = [];
      for (const url of await publicUrls(lang)) {
        await visit(page, `${baseURL}${url}`);
        found.push(...(await axeViolations(page, url)));
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
}

test("axe finds nothing with the phone menu or the photo viewer open, in both languages", async ({
  browser,
  baseURL,
}) => {
  const found: string[] = [];
  for (const size of ["phone", "desktop"] as const) {
    const { context, page } = await open(browser, size);
    for (const lang of ["", "/ru"]) {
      if (size === "phone") {
        await visit(page, `${baseURL}${lang}/`);
        await page.locator("header summary").click();
        await expect(page.locator("header details nav")).toBeVisible();
        found.push(...(await axeViolations(page, `${lang}/ with the menu open at ${size}`)));
      }
      await visit(page, `${baseURL}${lang}/units/${SAMPLE_UNIT}`);
      await page.getByTestId("open-viewer").click();
      await expect(page.locator("dialog[open]")).toBeVisible();
      found.push(...(await axeViolations(page, `${lang}/units with the viewer open at ${size}`)));
    }
    await context.close();
  }
  expect(found).toEqual([]);
});

test("the revenue-share comparison is reached by Tab on a phone, in both languages", async ({
  browser,
  baseURL,
}) => {
  // Safari and Firefox do not make a box that scrolls focusable themselves: the box must be.
  const { context, page } = await open(browser, "phone");
  for (const lang of ["", "/ru"]) {
    await visit(page, `${baseURL}${lang}/owners/revenue-share`);
    const box = page.locator('section[aria-labelledby="rs-compare-title"]');
    await expect(box).toBeVisible();
    let reached = false;
    for (let press = 0; press < 100 && !reached; press++) {
      await page.keyboard.press("Tab");
      reached = await box.evaluate((element) => element === document.activeElement);
    }
    expect(reached, `${lang}/owners/revenue-share`).toBe(true);
    await expect(box).toBeInViewport();
  }
  await context.close();
});

test("the server's HTML of every public page is valid", async ({ request }) => {
  const found: string[] = [];
  for (const url of [...(await publicUrls("en")), ...(await publicUrls("ru"))]) {
    const response = await request.get(url);
    expect(response.headers()["content-type"], url).toContain("text/html");
    for (const error of await htmlErrors(await response.text())) found.push(`${url}: ${error}`);
  }
  expect(found).toEqual([]);
});

test("every public page a search engine may index is in the sitemap", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  const origin = /^Sitemap: (https?:\/\/[^/]+)\//m.exec(robots)?.[1] as string;
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
  const indexable = async (url: string) => {
    const response = await request.get(url);
    const html = await response.text();
    return (
      response.status() === 200 &&
      !/<meta name="robots" content="[^"]*noindex/.test(html) &&
      !(response.headers()["x-robots-tag"] ?? "").includes("noindex")
    );
  };
  // Every unit (all statuses) and every post: each is in the sitemap when its page's sample is.
  const units: string[] = [];
  for (const status of ["available", "soon", "occupied"]) {
    for (let pageNumber = 1; pageNumber < 50; pageNumber++) {
      const answer = await request.get(`/api/units?status=${status}&page=${pageNumber}`);
      const body = (await answer.json()) as { units?: { slug: string }[] };
      const fresh = (body.units ?? []).map((u) => u.slug).filter((slug) => !units.includes(slug));
      if (fresh.length === 0) break;
      units.push(...fresh);
    }
  }
  expect(units.length).toBeGreaterThan(0);
  const posts = readdirSync("content/blog")
    .filter((f) => f.endsWith(".en.md"))
    .map((f) => f.replace(/\.en\.md$/, ""));
  const family = (url: string): string[] => {
    const lang = url.startsWith("/ru/") ? "/ru" : "";
    if (url === `${lang}/units/${SAMPLE_UNIT}`) return units.map((slug) => `${lang}/units/${slug}`);
    if (url === `${lang}/blog/${SAMPLE_POST}`) return posts.map((slug) => `${lang}/blog/${slug}`);
    return [url];
  };
  const missing: string[] = [];
  for (const url of await pageUrls("public")) {
    if (!(await indexable(url))) continue;
    missing.push(...family(url).filter((page) => !listed.has(`${origin}${page}`)));
  }
  expect(missing).toEqual([]);
});

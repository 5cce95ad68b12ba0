/**
 * WCAG 2.2 AA where one signs in, and by keyboard alone. On a server of its own (an admin account
 * and the demo owner with a known password): axe (WCAG 2.0, 2.1 and 2.2 at A and AA, and best
 * practices, every impact) on every admin and owner-portal page of app/routes.ts at 390 and
 * 1280 px, the owner's in both languages (the admin's dialogs are pages of their own); the HTML
 * validator on the server's HTML of each; and a visitor going from the home page to a sent enquiry
 * with the keyboard only, on a phone and on a desktop, each focus stop visible and uncovered, the
 * new page and the thanks announced, and the enquiry stored.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { htmlErrors } from "../support/html-validator.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startAdminServer } from "./support/admin.ts";
import { axeViolations } from "./support/axe.ts";
import { pageUrls, SAMPLE_UNIT } from "./support/pages.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { expect, test, waitForHydration } from "./support/test.ts";

// In order, on one worker, sharing the server; a failure does not skip the tests after it.
test.describe.configure({ mode: "default" });
test.setTimeout(300_000);

const OWNER_EMAIL = "owner@example.com";
const OWNER_PASSWORD = "frangipani by the lagoon";
const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startAdminServer(undefined, { DEMO_OWNER_PASSWORD: OWNER_PASSWORD });
  // A lead for the lead pages: a report from the accessibility statement's form.
  const sent = await fetch(`${server.url}/accessibility`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email: "reporter@example.com",
      problemPage: "/units",
      message: "The map's zoom buttons show no focus.",
      page: "/accessibility",
    }),
  });
  expect(sent.status).toBe(200);
  // And an enquiry with a phone number written with spaces, as visitors write them: the leads
  // page's tel: link must drop them.
  const enquiry = await fetch(`${server.url}/units/${SAMPLE_UNIT}`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name: "Spaced Phone",
      phone: "+66 81 234 5678",
      lease: "1-year",
      page: `/units/${SAMPLE_UNIT}`,
    }),
  });
  expect(enquiry.status).toBe(200);
});

test.afterAll(async () => {
  await server?.stop();
});

/** A context of `size` with the admin and the demo owner signed in. */
async function signedIn(browser: Browser, size: keyof typeof SIZES): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: SIZES[size], baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
  await page.goto("/owner");
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(OWNER_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(
    page
      .getByRole("link", { name: /sign out/i })
      .or(page.getByRole("button", { name: /sign out/i }))
      .first(),
  ).toBeVisible();
  await page.close();
  return context;
}

async function signedInUrls(context: BrowserContext): Promise<string[]> {
  return [
    ...(await pageUrls("admin", context.request)),
    ...(await pageUrls("owner", context.request)),
  ];
}

for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
  test(`axe finds nothing on any admin or owner page at ${SIZES[size].width} px`, async ({
    browser,
  }) => {
    const context = await signedIn(browser, size);
    const page = await context.newPage();
    const found: string[] = [];
    for (const url of await signedInUrls(context)) {
      await page.goto(url);
      await waitForHydration(page);
      found.push(...(await axeViolations(page, url)));
    }
    await context.close();
    expect(found).toEqual([]);
  });
}

test("the server's HTML of every admin and owner page is valid", async ({ browser }) => {
  const context = await signedIn(browser, "desktop");
  const found: string[] = [];
  for (const url of await signedInUrls(context)) {
    const response = await context.request.get(url);
    expect(response.headers()["content-type"], url).toContain("text/html");
    for (const error of await htmlErrors(await response.text())) found.push(`${url}: ${error}`);
  }
  await context.close();
  expect(found).toEqual([]);
});

/** Where focus is, and whether a sighted keyboard user can see it. */
interface FocusStop {
  what: string;
  /** The outline is at least 2 px and at least 3:1 against the white ring beside it. */
  ringVisible: boolean;
  /** Inside the viewport, and nothing (header, contact bar) drawn over it. */
  uncovered: boolean;
  /** Sides of the ring the screen does not show: clipped, off the screen or drawn over. */
  ringCut: string[];
}

async function focusStop(page: Page): Promise<FocusStop | null> {
  const measured = await page.evaluate(async () => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    // Measured once its transitions (colours, the ring's shadow) are over and the page has
    // stopped scrolling (smooth scrolling brings a focused element into view over some frames).
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
    // Still means five frames in a row with the same scroll and the same place for the element
    // (a picture or a part loaded late may move it without scrolling), at most two seconds.
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const place = () => {
      const box = element.getBoundingClientRect();
      return `${scrollY} ${box.top} ${box.left}`;
    };
    for (let still = 0, last = "", frames = 0; still < 5 && frames < 120; frames++) {
      await frame();
      const now = place();
      still = now === last ? still + 1 : 0;
      last = now;
    }
    const luminance = (color: string) => {
      const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const style = getComputedStyle(element);
    const contrastWithWhite = 1.05 / (luminance(style.outlineColor) + 0.05);
    const ringVisible =
      style.outlineStyle !== "none" &&
      Number.parseFloat(style.outlineWidth) >= 2 &&
      contrastWithWhite >= 3 &&
      style.boxShadow.includes("rgb(255, 255, 255)");
    const rect = element.getBoundingClientRect();
    // The middle of each edge, just inside, and the centre (corners may be rounded off).
    const inset = 3;
    const midX = (rect.left + rect.right) / 2;
    const midY = (rect.top + rect.bottom) / 2;
    const fits = rect.height <= innerHeight;
    const inView =
      fits &&
      rect.top >= 0 &&
      rect.left >= 0 &&
      rect.bottom <= innerHeight &&
      rect.right <= innerWidth;
    const points = fits
      ? [
          [midX, rect.top + inset],
          [midX, rect.bottom - inset],
          [rect.left + inset, midY],
          [rect.right - inset, midY],
          [midX, midY],
        ]
      : [[midX, innerHeight / 2]];
    const map = element.closest(".maplibregl-map");
    const uncovered =
      (inView || !fits) &&
      points.every(([x, y]) => {
        const top = document.elementFromPoint(x as number, y as number);
        // The map's own pins and labels lie over its canvas: part of the map, not a cover.
        return (
          top !== null &&
          (element.contains(top) || top.contains(element) || (map?.contains(top) ?? false))
        );
      });
    // Where the ring's middle line crosses each side (off the corners, which may be rounded):
    // what the screen shows there is read from a screenshot.
    const ringMiddle =
      Number.parseFloat(style.outlineOffset || "0") + Number.parseFloat(style.outlineWidth) / 2;
    const ringY = fits ? midY : innerHeight / 2;
    const ringSides: [string, number, number][] = [
      ["left", rect.left - ringMiddle, ringY],
      ["right", rect.right + ringMiddle, ringY],
      ...(fits
        ? ([
            ["top", midX, rect.top - ringMiddle],
            ["bottom", midX, rect.bottom + ringMiddle],
          ] as [string, number, number][])
        : []),
    ];
    const name =
      element.getAttribute("aria-label") ??
      element.getAttribute("name") ??
      element.textContent?.trim().slice(0, 40) ??
      "";
    return {
      what: `<${element.tagName.toLowerCase()}> ${name}`,
      ringVisible,
      uncovered,
      ringSides,
      ringColor: style.outlineColor,
    };
  });
  if (!measured) return null;
  const { ringSides, ringColor, ...stop } = measured;
  return { ...stop, ringCut: await ringCut(page, ringSides, ringColor) };
}

/**
 * The sides of the focus ring that the screen does not show in the ring's colour: cut off by a
 * box that clips its overflow or by the screen's edge, or hidden under a neighbour drawn later
 * (such as the map's zoom-out button under zoom-in's ring). Three pixels along the ring's middle
 * line at each side's middle, each within a small distance of the ring's colour.
 */
async function ringCut(
  page: Page,
  sides: [string, number, number][],
  color: string,
): Promise<string[]> {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const shot = await page.screenshot({ scale: "css", caret: "hide" });
  const { data, info } = await sharp(shot)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const near = (x: number, y: number) => {
    const px = Math.floor(x);
    const py = Math.floor(y);
    if (px < 0 || py < 0 || px >= info.width || py >= info.height) return false;
    const at = (py * info.width + px) * 4;
    return (
      Math.abs((data[at] ?? 0) - (r ?? 0)) <= 40 &&
      Math.abs((data[at + 1] ?? 0) - (g ?? 0)) <= 40 &&
      Math.abs((data[at + 2] ?? 0) - (b ?? 0)) <= 40
    );
  };
  return sides
    .filter(([side, x, y]) => {
      const along = side === "left" || side === "right" ? [0, 1] : [1, 0];
      return ![-2, 0, 2].every((d) => near(x + d * (along[0] ?? 0), y + d * (along[1] ?? 0)));
    })
    .map(([side]) => side);
}

/** Presses Tab until `done` holds for the focused element, checking every stop on the way. */
async function tabUntil(page: Page, done: string, stops: FocusStop[], max = 200) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const stop = await focusStop(page);
    if (stop) stops.push(stop);
    if (await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, done))
      return;
  }
  throw new Error(`${done} not reached in ${max} presses of Tab`);
}

for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
  // Every Tab stop is measured: the move-in date field is four of them (its month, day and year
  // parts and its calendar button), each read on the field, which shows the ring while any part
  // has focus; on a phone the contact bar must cover none of them.
  test(`keyboard only, ${SIZES[size].width} px: from the home page to a sent enquiry`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: SIZES[size],
      baseURL: server.url,
      ...(size === "phone" ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    const stops: FocusStop[] = [];

    // To the first unit card's link, and into the unit's page.
    await tabUntil(page, '#units a[href^="/units/"]', stops);
    const href = (await page.evaluate(() => document.activeElement?.getAttribute("href"))) ?? "";
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const announcer = page.locator("[data-route-announcer]");
    // Soft: a run reports every missing announcement and hidden stop at once.
    await expect.soft(announcer).toHaveAttribute("aria-live", "polite");
    const title = await page.title();
    expect(title).not.toBe("");
    await expect.soft(announcer).toHaveText(title);
    await expect.soft(page.locator("main h1")).toBeFocused();

    // Through the page to the enquiry form, typing as a visitor would.
    const name = `Keyboard ${size} ${Date.now()}`;
    await tabUntil(page, '#enquiry input[name="name"]', stops);
    await page.keyboard.type(name);
    await tabUntil(page, '#enquiry input[name="email"]', stops, 3);
    await page.keyboard.type(`keyboard.${size}@example.com`);
    // The live region is in the page before the thanks: marked now, found holding it later.
    await page.locator("#enquiry [role=status]").evaluate((region) => {
      region.setAttribute("data-before-sending", "");
    });
    await tabUntil(page, '#enquiry button[type="submit"]', stops, 10);
    await page.keyboard.press("Enter");

    const thanks = page.locator("#enquiry [role=status][data-before-sending] p");
    await expect(thanks).toContainText(/thank/i);
    await expect.soft(thanks).toBeFocused();
    await expect.soft(thanks).toBeInViewport({ ratio: 1 });

    const hidden = stops.filter((s) => !s.ringVisible || !s.uncovered || s.ringCut.length > 0);
    expect.soft(hidden).toEqual([]);
    expect(stops.length).toBeGreaterThan(10);
    await context.close();

    // Stored, as the desk sees it.
    const desk = await signedIn(browser, "desktop");
    const csv = await (await desk.request.get("/admin/leads/export.csv")).text();
    expect(csv.split("\r\n").filter((row) => row.includes(name))).toHaveLength(1);
    await desk.close();
  });
}

for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
  // Before the unit page's heading, so the walk above (focus moves to the heading) passes it by.
  test(`keyboard only, ${SIZES[size].width} px: the unit page's photo gallery`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: SIZES[size],
      baseURL: server.url,
      ...(size === "phone" ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    const href = await page.locator('#units a[href^="/units/"]').first().getAttribute("href");
    expect(href).toBeTruthy();
    await page.goto(href as string);
    await waitForHydration(page);
    const stops: FocusStop[] = [];
    await tabUntil(page, '[data-testid="open-viewer"]', stops);
    await tabUntil(page, 'button[aria-label="Next photo"]', stops, 3);
    const dots = await page.locator('button[aria-label^="Show photo"]').count();
    expect(dots).toBeGreaterThan(1);
    await tabUntil(page, `button[aria-label="Show photo ${dots}"]`, stops, dots + 2);
    const hidden = stops.filter((s) => !s.ringVisible || !s.uncovered || s.ringCut.length > 0);
    expect(hidden).toEqual([]);
    await context.close();
  });
}

/**
 * Issue 29, the public site as a phone visitor sees it: no page scrolls sideways at 390 px in
 * either language, the units start near the top of the home page, the status counters say what
 * they count, the favourites' share link is readable, the map lists its units without JavaScript.
 * Each test leaves a screenshot of what it checked beside its results.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";
import { expect, type Page, test } from "./support/test.ts";

const PHONE = { width: 390, height: 844 };
const UNIT = "canopy-pool-villa-v-01";
const OTHER_UNITS = ["zen-sky-penthouse-z-902", "forest-view-suite-a-305"];
const POST = "condo-or-pool-villa";
const FAVORITES_KEY = "kamala-living:favorites";

/** Every public page of app/routes.ts (not the admin, not the owner portal), with samples. */
function publicPages(): string[] {
  const found: string[] = [];
  const visit = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
      const path = `/${full}`;
      if (
        entry.file.endsWith(".tsx") &&
        full !== "*" &&
        !/^\/(ru\/)?(admin|owner)(\/|$)/.test(path)
      )
        found.push(path.replace(":slug", path.includes("/blog/") ? POST : UNIT));
      if (entry.children) visit(entry.children, full);
    }
  };
  visit(routes, "");
  return found;
}

async function keepFavorites(page: Page, slugs: string[]) {
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key as string, value as string),
    [FAVORITES_KEY, JSON.stringify(slugs)],
  );
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe("on a 390 px phone", () => {
  test.use({ viewport: PHONE });

  test("no public page scrolls sideways, in English or in Russian", async ({ page }) => {
    test.setTimeout(240_000);
    await keepFavorites(page, [UNIT, ...OTHER_UNITS]);
    const pages = [
      ...publicPages(),
      `/compare?units=${[UNIT, ...OTHER_UNITS].join(",")}`,
      `/ru/compare?units=${[UNIT, ...OTHER_UNITS].join(",")}`,
      `/favorites?units=${OTHER_UNITS.join(",")}`,
      "/ru?view=map",
      "/no-such-page",
      "/ru/no-such-page",
    ];
    expect(pages).toContain("/ru/favorites");
    expect(pages).toContain(`/ru/units/${UNIT}`);
    const wide: string[] = [];
    for (const url of pages) {
      await page.goto(url);
      await page.waitForLoadState("load");
      const extra = await sideways(page);
      if (extra > 0) wide.push(`${url}: ${extra} px too wide`);
    }
    expect(wide).toEqual([]);
  });

  for (const lang of ["", "/ru"]) {
    test(`the first unit card starts within 1.3 screens of the top (${lang || "/en"})`, async ({
      page,
    }, info) => {
      await page.goto(`${lang}/`);
      const card = page.getByTestId("unit-card").first();
      await expect(card).toBeVisible();
      const top = await card.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      expect(top).toBeLessThanOrEqual(1.3 * PHONE.height);
      await page.screenshot({ path: info.outputPath("home-phone.png"), fullPage: false });
    });
  }

  test("the favourites' share link has the screen's width and a Copy button, in Russian", async ({
    page,
    context,
  }, info) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await keepFavorites(page, [UNIT, ...OTHER_UNITS]);
    await page.goto("/ru/favorites");
    const link = page.getByLabel("Ссылка для отправки");
    await expect(link).toHaveValue(/\/ru\/favorites\?units=/);
    const box = await link.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(PHONE.width * 0.55);
    await page.getByRole("button", { name: "Копировать" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Ссылка скопирована" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    expect(await sideways(page)).toBe(0);
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath("favorites-ru-phone.png") });
  });
});

test.describe("the status counters", () => {
  test("say what they count, count what matches, and are the only status control", async ({
    page,
    request,
  }, info) => {
    // Expected counts from the units listed for each status (one page holds them all), not from
    // the counts the server computes.
    const listed = async (query: string) => {
      const counts = { available: 0, soon: 0, occupied: 0 };
      for (const status of ["available", "soon", "occupied"] as const) {
        const page = await (await request.get(`/api/units?status=${status}&${query}`)).json();
        expect(page.hasMore).toBe(false);
        counts[status] = page.units.length;
      }
      return counts;
    };
    const all = await listed("view=map");
    const total = all.available + all.soon + all.occupied;
    await page.goto("/");
    await expect(page.getByText(`All units by status (${total})`)).toBeVisible();

    const query = "type=condo&bedrooms=2";
    const filtered = await listed(`${query}&view=map`);
    await page.goto(`/?${query}`);
    const summary = page.getByRole("navigation", { name: "Unit status" });
    await expect(summary).toHaveCount(1);
    const sum = filtered.available + filtered.soon + filtered.occupied;
    await expect(page.getByText(`Units matching your filters, by status (${sum})`)).toBeVisible();
    for (const status of ["available", "soon", "occupied"] as const)
      await expect(page.getByTestId(`count-${status}`).getByTestId("status-count")).toHaveText(
        String(filtered[status]),
      );
    await expect(page.getByTestId("match-count")).toHaveText(`${filtered.available} units match`);
    // The order applies as it is chosen: no button for it.
    await expect(page.getByRole("button", { name: "Sort", exact: true })).toHaveCount(0);
    await page.getByTestId("sort").selectOption("price-asc");
    await expect(page).toHaveURL(/sort=price-asc/);
    await page.locator("#units").scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath("counters-desktop.png") });
  });
});

test.describe("the map", () => {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false, viewport: PHONE });
    test("lists the units it would pin, with their prices and links", async ({
      page,
      request,
    }, info) => {
      const api = await (await request.get("/api/units?view=map")).json();
      const placed = (
        api.units as { slug: string; name: string; latitude: number | null }[]
      ).filter((u) => u.latitude !== null);
      expect(placed.length).toBeGreaterThan(1);
      await page.goto("/?view=map");
      const list = page.getByTestId("map-list");
      await expect(list.getByRole("listitem")).toHaveCount(placed.length);
      for (const unit of placed)
        await expect(list.getByRole("link", { name: unit.name, exact: true })).toHaveAttribute(
          "href",
          `/units/${unit.slug}`,
        );
      await expect(list.getByRole("listitem").first()).toContainText(/฿[\d,]+\/month/);
      await expect(page.getByText("Loading the map")).toHaveCount(0);
      await list.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath("map-no-js.png") });
    });
  });

  test("pins show their prices, and the clusters their numbers above them", async ({
    page,
  }, info) => {
    await page.setViewportSize(PHONE);
    await page.goto("/?view=map");
    const cluster = page.getByTestId("map-cluster").first();
    await expect(cluster.or(page.getByTestId("map-pin").first())).toBeVisible();
    // Open groups until a lone pin shows.
    // Zoom into groups (by keyboard: on a phone's small map one group may lie partly under
    // another) until a lone pin shows, a second between tries for the map to move.
    await expect
      .poll(
        async () => {
          if ((await page.getByTestId("map-pin").count()) > 0) return true;
          await page.getByTestId("map-cluster").first().focus();
          await page.keyboard.press("Enter");
          return false;
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(true);
    const pin = page.getByTestId("map-pin").first();
    await expect(pin).toHaveText(/^฿\d+k$/);
    await expect(pin).toHaveAccessibleName(/^฿\d+k: .+/);
    await page.screenshot({ path: info.outputPath("map-phone.png") });
  });
});

test.describe("navigation and the unit page", () => {
  test("the desktop header has For owners and Favourites; the phone menu Favourites and New units by e-mail", async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "For owners" })).toBeVisible();
    await main.getByRole("link", { name: "Favourites" }).click();
    await expect(page).toHaveURL(/\/favorites$/);
    await page.screenshot({ path: info.outputPath("header-desktop.png") });

    await page.setViewportSize(PHONE);
    await page.goto("/ru");
    await page.locator("header summary").click();
    const menu = page.getByRole("navigation", { name: "Меню" });
    await expect(menu.getByRole("link", { name: "Избранное" })).toBeVisible();
    await page.screenshot({ path: info.outputPath("menu-ru-phone.png") });
    await menu.getByRole("link", { name: "Новые объекты по e-mail" }).click();
    await expect(page).toHaveURL(/\/ru\/saved-searches$/);
  });

  test("at 1280 x 800 the unit's name is above the fold", async ({ page }, info) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/units/${UNIT}`);
    const box = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect((box?.y ?? 900) + (box?.height ?? 0)).toBeLessThanOrEqual(800);
    await page.screenshot({ path: info.outputPath("unit-desktop.png") });
  });

  test("on a phone a tap on the main photo opens the viewer; the calendar shows fewer months again", async ({
    page,
  }, info) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/units/${UNIT}`);
    await page.getByTestId("gallery").locator("img").click();
    const viewer = page.getByRole("dialog", { name: /full screen/ });
    await expect(viewer).toBeVisible();
    await page.screenshot({ path: info.outputPath("viewer-phone.png") });
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();

    const more = page.getByText("Show all 12 months");
    await more.click();
    const fewer = page.getByText("Show fewer months");
    await expect(fewer).toBeVisible();
    await expect(more).toBeHidden();
    await fewer.click();
    await expect(page.getByText("Show all 12 months")).toBeVisible();
  });
});

test.describe("compare", () => {
  test("on a phone two units stand side by side, even, each with an enquiry button; only rows that differ are flagged", async ({
    page,
  }, info) => {
    await page.setViewportSize(PHONE);
    const slugs = [UNIT, ...OTHER_UNITS];
    await page.goto(`/compare?units=${slugs.join(",")}`);
    const table = page.getByTestId("compare");
    const heads = table.locator("thead th");
    await expect(heads).toHaveCount(3);
    const boxes = await heads.evaluateAll((ths) =>
      ths.map((th) => {
        const r = th.getBoundingClientRect();
        const img = th.querySelector("img")?.getBoundingClientRect();
        return { right: r.right, width: r.width, imageHeight: img?.height ?? 0 };
      }),
    );
    expect(boxes[1]?.right ?? 999).toBeLessThanOrEqual(PHONE.width);
    expect(new Set(boxes.map((b) => Math.round(b.width))).size).toBe(1);
    expect(new Set(boxes.map((b) => Math.round(b.imageHeight))).size).toBe(1);
    for (const slug of slugs)
      await expect(table.locator(`a[href="/units/${slug}#enquiry"]`)).toHaveText("Enquire");
    // The three are all available now: those rows are not flagged; their prices differ.
    for (const row of ["status", "dates"])
      await expect(table.locator(`tr[data-row=${row}]`)).not.toHaveAttribute("data-differs");
    await expect(table.locator("tr[data-row=yearly]")).toHaveAttribute("data-differs", "true");
    await page.screenshot({ path: info.outputPath("compare-phone.png") });
  });

  test("a unit page compares its unit with the similar ones", async ({ page }) => {
    await page.goto(`/units/${UNIT}`);
    await page.getByRole("link", { name: "Compare this unit with them" }).click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?units=${UNIT},`));
    await expect(page.getByTestId("compare").locator("thead th")).not.toHaveCount(0);
  });
});

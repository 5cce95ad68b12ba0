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

/**
 * What is cut at the screen's sides although the page itself does not scroll: an element partly
 * past the left or right edge where it can be seen (its part inside every box that clips it), and
 * text partly hidden by a box that clips it (words cut). A box that scrolls sideways on purpose
 * (a gallery, a wide table) may hold more than it shows; text cut with an ellipsis is meant; an
 * element wholly outside the screen (a field for robots) is not seen. A map pans like a box that
 * scrolls: a beach's label at its edge moves as the map settles on the units (map.spec.ts checks
 * the labels themselves). 1 px of rounding is allowed.
 */
function cutAtTheSides(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    /** The part of [left, right] that the boxes around `el` let be seen, or null if one scrolls. */
    const seen = (el: Element, left: number, right: number) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === "visible") continue;
        if (style.overflowX === "auto" || style.overflowX === "scroll") return null;
        if (up.classList.contains("maplibregl-map")) return null;
        if (style.textOverflow === "ellipsis") return null;
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      return { left, right };
    };
    for (const el of document.body.querySelectorAll("*")) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const part = seen(el, box.left, box.right);
      if (!part || part.right - part.left <= 0) continue;
      if ((part.left < -1 && part.right > 0) || (part.right > width + 1 && part.left < width))
        found.push(
          `${describe(el)} spans ${Math.round(part.left)} to ${Math.round(part.right)} px`,
        );
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !parent.checkVisibility()) continue;
      if (getComputedStyle(parent).textOverflow === "ellipsis") continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.width <= 1) continue;
        const part = seen(parent, line.left, line.right);
        // Clipped to a pixel (for screen readers) or wholly off the screen: not seen.
        if (!part || part.right - part.left <= 1 || part.right <= 0 || part.left >= width) continue;
        if (part.left > line.left + 1 || part.right < line.right - 1)
          found.push(`text "${node.textContent.trim().slice(0, 40)}" is cut`);
      }
    }
    return found;
  });
}

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
    // Every page of app/routes.ts outside the admin and the owner portal, in both languages.
    expect(pages.filter((url) => url.startsWith("/ru")).length).toBeGreaterThanOrEqual(
      (pages.length - 7) / 2,
    );
    const wide: string[] = [];
    for (const url of pages) {
      await page.goto(url);
      await page.waitForLoadState("load");
      const extra = await sideways(page);
      if (extra > 0) wide.push(`${url}: ${extra} px too wide`);
      for (const element of await cutAtTheSides(page)) wide.push(`${url}: ${element}`);
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
    expect(await cutAtTheSides(page)).toEqual([]);
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
    await main.getByRole("link", { name: "New units by e-mail" }).click();
    await expect(page).toHaveURL(/\/saved-searches$/);
    // The narrowest desktop, in the longer language: the whole header on the screen, uncut.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto("/ru");
    const ruMain = page.getByRole("navigation", { name: "Основное меню" });
    await expect(ruMain.getByRole("link", { name: "Новые объекты по e-mail" })).toBeVisible();
    expect(await sideways(page)).toBe(0);
    expect(await cutAtTheSides(page)).toEqual([]);
    await page.locator("header").screenshot({ path: info.outputPath("header-1024-ru.png") });

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

test.describe("the header on a phone without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });
  for (const [lang, show] of [
    ["", "Show"],
    ["/ru", "Показать"],
  ] as const) {
    test(`keeps the currency's ${show} button, the languages and the menu on the screen (${lang || "/en"})`, async ({
      page,
    }, info) => {
      await page.goto(`${lang}/`);
      const header = page.locator("header");
      for (const control of [
        header.getByRole("button", { name: show }),
        header.locator("a[hreflang=ru]"),
        header.locator("summary"),
      ]) {
        await expect(control).toBeInViewport({ ratio: 1 });
      }
      expect(await sideways(page)).toBe(0);
      expect(await cutAtTheSides(page)).toEqual([]);
      await page.screenshot({
        path: info.outputPath("header-no-js.png"),
        clip: { x: 0, y: 0, ...PHONE, height: 140 },
      });
    });
  }
});

test.describe("the ROI calculator on a phone", () => {
  test.use({ viewport: PHONE });
  for (const [lang, value, location, type, calculate, results] of [
    [
      "",
      "Property value (THB)",
      "Location",
      "Property type",
      "Calculate My Returns",
      "Your projected returns",
    ],
    [
      "/ru",
      "Стоимость объекта (THB)",
      "Район",
      "Тип объекта",
      "Рассчитать мой доход",
      "Ваш прогнозируемый доход",
    ],
  ] as const) {
    test(`brings the results into view and gives them focus after Calculate (${lang || "/en"})`, async ({
      page,
    }, info) => {
      await page.goto(`${lang}/owners/roi`);
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(value).fill("10000000");
      await dialog.getByLabel(location).selectOption("Kamala");
      await dialog.getByLabel(type).selectOption("condo");
      const section = dialog.getByTestId("roi-results");
      // Mostly below the form on a phone until Calculate is pressed.
      await expect(section).not.toBeInViewport({ ratio: 0.9 });
      await dialog.getByRole("button", { name: calculate }).click();
      await expect(page).toHaveURL(/value=10000000/);
      await expect(section).toBeFocused();
      await expect(section).toHaveAccessibleName(results);
      await expect(section).toBeInViewport({ ratio: 0.9 });
      // 7% a year of ฿10,000,000, as the figures say it.
      await expect(section).toContainText(lang ? "700 000" : "700,000");
      await page.screenshot({ path: info.outputPath("roi-results-phone.png") });
    });
  }
});

test.describe("facilities and prices", () => {
  test("the unit page names each facility in the visitor's language and each price's lease", async ({
    page,
  }, info) => {
    await page.setViewportSize(PHONE);
    for (const [lang, names, leases] of [
      [
        "",
        ["Private pool", "Air conditioning"],
        ["1-year lease", "6-month lease", "1-month lease"],
      ],
      [
        "/ru",
        ["Частный бассейн", "Кондиционер"],
        ["Аренда на 1 год", "Аренда на 6 месяцев", "Аренда на 1 месяц"],
      ],
    ] as const) {
      await page.goto(`${lang}/units/${UNIT}`);
      const list = page
        .getByRole("region", { name: lang ? "Удобства" : "Facilities" })
        .getByRole("listitem");
      const shown = await list.allTextContents();
      for (const name of names) expect(shown).toContain(name);
      // No key of the stored set leaks through untranslated.
      for (const text of shown) expect(text).not.toMatch(/^[a-z]+(-[a-z]+)+$/);
      const pricing = page.getByRole("region", {
        name: lang ? "Варианты аренды" : "Pricing Options",
      });
      for (const lease of leases)
        await expect(pricing.getByText(lease, { exact: false })).toBeVisible();
      await pricing.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`unit-prices${lang ? "-ru" : ""}.png`) });
      await page.goto(`${lang}/`);
      const card = page.getByTestId("unit-card").first();
      await expect(card.getByTestId("card-price")).toContainText(leases[0]);
    }
  });
});

test.describe("on a 390 px phone, each form's confirmation", () => {
  test.use({ viewport: PHONE });
  const email = (tag: string) => `${tag}-${Date.now()}@example.com`;
  const confirmation = (page: Page, text: RegExp) =>
    page.getByRole("status").filter({ hasText: text });

  test("is in view after the unit page's enquiry and viewing forms", async ({ page }, info) => {
    await page.goto(`/units/${UNIT}`);
    const enquiry = page.locator("#enquiry");
    await enquiry.getByLabel("Your name").fill("In View");
    await enquiry.getByLabel("E-mail", { exact: true }).fill(email("enquiry"));
    await enquiry.getByRole("button", { name: "Send enquiry" }).click();
    const thanks = confirmation(page, /Thank you! The rental desk will contact you/);
    await expect(thanks).toBeInViewport();
    await page.screenshot({ path: info.outputPath("enquiry-sent.png") });

    const viewing = page.locator("#viewing");
    await viewing.getByLabel("Your name").fill("In View");
    await viewing.getByLabel("E-mail", { exact: true }).fill(email("viewing"));
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await viewing.getByLabel("Preferred day").fill(tomorrow);
    await viewing.getByRole("button", { name: "Request a viewing" }).click();
    await expect(confirmation(page, /We will confirm your viewing/)).toBeInViewport();
    await page.screenshot({ path: info.outputPath("viewing-sent.png") });
  });

  test("is in view after the newsletter and the saved search, in Russian", async ({
    page,
  }, info) => {
    await page.goto("/ru/newsletter");
    await page.getByLabel("Ваш e-mail").fill(email("news"));
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Подписаться" }).click();
    await expect(confirmation(page, /Почти готово/)).toBeInViewport();
    await page.screenshot({ path: info.outputPath("newsletter-sent-ru.png") });

    await page.goto("/ru/saved-searches?location=Kamala");
    await page.getByLabel("Ваш e-mail").fill(email("search"));
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Присылать", exact: true }).click();
    await expect(confirmation(page, /Почти готово/)).toBeInViewport();
    await page.screenshot({ path: info.outputPath("saved-search-sent-ru.png") });
  });

  test("is in view on the home page after the owners' ROI and revenue-share forms", async ({
    page,
  }, info) => {
    await page.goto("/owners/roi?value=10000000&area=Kamala&property=condo");
    const roi = page.getByRole("dialog");
    await roi.getByLabel("Your name").fill("In View");
    await roi.getByLabel("E-mail").fill(email("roi"));
    await roi.getByRole("button", { name: "Send my details" }).click();
    await expect(roi).toHaveCount(0);
    await expect(confirmation(page, /ROI program enrollment/)).toBeInViewport();
    await page.screenshot({ path: info.outputPath("roi-sent.png") });

    await page.goto("/owners/revenue-share");
    const share = page.getByRole("dialog");
    await share.getByLabel("Your name").fill("In View");
    await share.getByLabel("E-mail").fill(email("share"));
    await share.getByRole("button", { name: "I'm interested" }).click();
    await expect(share).toHaveCount(0);
    await expect(confirmation(page, /revenue share program/)).toBeInViewport();
    await page.screenshot({ path: info.outputPath("revenue-share-sent.png") });
  });
});

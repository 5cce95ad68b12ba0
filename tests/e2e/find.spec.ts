import type { APIRequestContext } from "@playwright/test";
import { readCards } from "./support/cards.ts";
import { expect, test } from "./support/test.ts";

interface ApiUnit {
  slug: string;
  name: string;
  type: string;
  location: string;
  sizeM2: number;
  bedrooms: number;
  pricing: { yearly: number; sixMonth: number; monthly: number };
}

async function apiUnits(request: APIRequestContext, search = ""): Promise<ApiUnit[]> {
  const response = await request.get(`/api/units?${search}`);
  expect(response.status()).toBe(200);
  return (await response.json()).units;
}

test.describe("sorting, chips and the count", () => {
  test("sorts by price both ways and by size, in the URL, with JavaScript", async ({ page }) => {
    await page.goto("/?sort=price-asc");
    await expect(page.getByTestId("sort")).toHaveValue("price-asc");
    const ascending = (await readCards(page)).map((c) => c.yearly);
    expect(ascending.length).toBe(9);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThan(ascending.at(-1) ?? 0);

    await page.getByTestId("sort").selectOption("size-desc");
    await expect(page).toHaveURL(/[?&]sort=size-desc/);
    const api = await apiUnits(page.request, "sort=size-desc");
    const sizes = api.map((u) => u.sizeM2);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    await expect
      .poll(async () => (await readCards(page)).map((c) => c.slug).join())
      .toBe(api.map((u) => u.slug).join());

    // The default order (price, highest first) comes back without sort= in the URL.
    await page.getByTestId("sort").selectOption("price-desc");
    await expect(page).not.toHaveURL(/sort=/);
    // The URL moves before React paints the new list: wait for the list itself.
    const byPrice = await apiUnits(page.request);
    await expect
      .poll(async () => (await readCards(page)).map((c) => c.slug).join())
      .toBe(byPrice.map((u) => u.slug).join());
    const descending = byPrice.map((u) => u.pricing.yearly);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
  });

  test("the search keeps the order, and an unknown order is ignored (the API says 400)", async ({
    page,
    request,
  }) => {
    await page.goto("/?sort=bedrooms-desc");
    await page.getByLabel("Property type").selectOption("pool-villa");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/type=pool-villa/);
    await expect(page).toHaveURL(/sort=bedrooms-desc/);
    const villas = await apiUnits(request, "type=pool-villa&sort=bedrooms-desc");
    await expect
      .poll(async () => (await readCards(page)).map((c) => c.slug).join())
      .toBe(villas.map((u) => u.slug).join());
    const beds = villas.map((u) => u.bedrooms);
    expect(beds).toEqual([...beds].sort((a, b) => b - a));
    expect(beds[0]).toBeGreaterThan(beds.at(-1) ?? 0);

    expect((await request.get("/api/units?sort=cheapest")).status()).toBe(400);
    const page200 = await request.get("/?sort=cheapest");
    expect(page200.status()).toBe(200);
  });

  test("active filters are chips removed one by one from the keyboard; the count follows", async ({
    page,
    request,
  }) => {
    await page.goto("/?type=condo&bedrooms=2");
    const both = await (await request.get("/api/units?type=condo&bedrooms=2")).json();
    await expect(page.getByTestId("match-count")).toHaveText(`${both.matching} units match`);
    const typeChip = page.getByRole("link", { name: "Remove filter: Condo" });
    await expect(typeChip).toBeVisible();
    await expect(page.getByTestId("chip-bedrooms")).toBeVisible();

    await typeChip.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/\?bedrooms=2#units$/);
    await expect(page.getByTestId("chip-type")).toHaveCount(0);
    const one = await (await request.get("/api/units?bedrooms=2")).json();
    expect(one.matching).toBeGreaterThan(both.matching);
    await expect(page.getByTestId("match-count")).toHaveText(`${one.matching} units match`);

    await page.getByTestId("chip-bedrooms").click();
    await expect(page.getByTestId("chip-bedrooms")).toHaveCount(0);
    const all = await (await request.get("/api/units")).json();
    await expect(page.getByTestId("match-count")).toHaveText(`${all.matching} units match`);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the sort is a plain form that keeps the filters", async ({ page }) => {
      await page.goto("/?type=condo");
      await page.getByTestId("sort").selectOption("price-asc");
      await page.getByRole("button", { name: "Sort", exact: true }).click();
      await expect(page).toHaveURL(/type=condo/);
      await expect(page).toHaveURL(/sort=price-asc/);
      const cards = await readCards(page);
      expect(cards.every((c) => c.meta.startsWith("Condo"))).toBe(true);
      const prices = cards.map((c) => c.yearly);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    });
  });

  test("in Russian", async ({ page }) => {
    await page.goto("/ru?type=condo");
    await expect(page.getByTestId("match-count")).toContainText(/Найден/);
    await expect(page.getByRole("link", { name: /Убрать фильтр/ })).toBeVisible();
  });

  test("in Russian on a 390 px phone, the sort row fits and the page never scrolls sideways", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/ru?sort=price-desc");
    // The order applies as it is chosen: no button for it, one control for one job.
    await expect(page.getByTestId("sort")).toBeVisible();
    await expect(page.getByRole("button", { name: "Сортировать" })).toHaveCount(0);
    const box = await page.getByTestId("sort").boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    // The status tabs below it show all three labels, not one cut off at the edge.
    const tabs = page.getByRole("navigation", { name: "Статус объекта" });
    const occupied = await tabs.getByRole("link", { name: "Занято" }).boundingBox();
    const row = await tabs.boundingBox();
    expect(occupied && row && occupied.x + occupied.width).toBeLessThanOrEqual(
      (row?.x ?? 0) + (row?.width ?? 0),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});

test.describe("favourites", () => {
  test("a heart keeps a unit across reloads, /favorites lists it, and its share link opens elsewhere", async ({
    page,
    browser,
    baseURL,
  }) => {
    const hydrationErrors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /hydrat/i.test(m.text())) hydrationErrors.push(m.text());
    });
    await page.goto("/");
    const [first, second] = await readCards(page);
    if (!first || !second) throw new Error("expected units on the home page");
    const heart = page.getByRole("button", { name: `Save ${first.name}` });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    const saved = page.getByRole("button", { name: `Remove ${first.name} from favourites` });
    await expect(saved).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: `Save ${second.name}` }).click();

    // The server renders it unpressed; the browser turns it pressed after hydration.
    const html = await (await page.request.get("/")).text();
    expect(html).not.toContain('aria-pressed="true"');
    await page.reload();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(saved).toHaveAttribute("aria-pressed", "true");
    expect(hydrationErrors).toEqual([]);

    // The unit page's heart shows the same state.
    await page.goto(`/units/${first.slug}`);
    await expect(
      page.getByRole("button", { name: `Remove ${first.name} from favourites` }),
    ).toHaveAttribute("aria-pressed", "true");

    await page.goto("/favorites");
    const list = page.getByTestId("favorites-list").getByTestId("unit-card");
    await expect(list).toHaveCount(2);
    await expect(list.first()).toHaveAttribute("data-slug", first.slug);
    // An absolute address on the site's public URL (PUBLIC_URL); opened here on this server.
    const shareUrl = new URL(await page.getByTestId("share-link").inputValue());
    const share = `${shareUrl.pathname}${shareUrl.search}`;
    expect(share).toBe(`/favorites?units=${first.slug},${second.slug}`);

    // Removing one from the list page takes it off at once.
    await page.getByRole("button", { name: `Remove ${second.name} from favourites` }).click();
    await expect(list).toHaveCount(1);

    // Another browser (no saved units) opens the shared list and can save it.
    const other = await browser.newContext({ baseURL });
    const elsewhere = await other.newPage();
    await elsewhere.goto(share);
    await expect(elsewhere.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(elsewhere.getByRole("heading", { level: 1 })).toHaveText("A shared list of units");
    await expect(elsewhere.getByTestId("unit-card")).toHaveCount(2);
    await elsewhere.goto("/favorites");
    await expect(elsewhere.getByText("You have not saved any units yet")).toBeVisible();
    await elsewhere.goto(share);
    await expect(elsewhere.locator("html[data-hydrated]")).toHaveCount(1);
    await elsewhere.getByRole("button", { name: "Save all to my favourites" }).click();
    await expect(elsewhere.getByRole("button", { name: "Saved to your favourites" })).toBeVisible();
    await elsewhere.goto("/favorites");
    await expect(elsewhere.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(elsewhere.getByTestId("favorites-list").getByTestId("unit-card")).toHaveCount(2);
    await other.close();
  });

  test("in Russian, and a bad or too long list is refused with a message", async ({
    page,
    request,
  }) => {
    await page.goto("/ru");
    const [first] = await readCards(page);
    await expect(page.getByRole("button", { name: `Сохранить ${first?.name}` })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await page.goto("/ru/favorites");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ваше избранное");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/units/");
    expect(sitemap).not.toMatch(/\/(favorites|compare)/);

    const many = Array.from({ length: 51 }, (_, i) => `unit-${i}`).join(",");
    const tooMany = await request.get(`/favorites?units=${many}`);
    expect(tooMany.status()).toBe(200);
    expect(await tooMany.text()).toContain("A list can hold at most 50 units.");
    const bad = await request.get("/favorites?units=..%2Fadmin");
    expect(await bad.text()).toContain("This link is not a valid list of units.");
  });
});

test.describe("compare", () => {
  test("shows units side by side with differing rows marked, reached from favourites", async ({
    page,
  }) => {
    const units = await apiUnits(page.request);
    const [a, b] = units;
    if (!a || !b) throw new Error("expected two units");
    await page.goto(`/favorites?units=${a.slug},${b.slug}`);
    await page.getByRole("link", { name: "Compare these units" }).click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?units=${a.slug},${b.slug}$`));
    const table = page.getByTestId("compare");
    await expect(table.getByRole("columnheader")).toHaveCount(2);
    await expect(table.getByRole("link", { name: a.name, exact: true })).toBeVisible();

    const row = (id: string) => table.locator(`tr[data-row="${id}"]`);
    const differs = (x: string | number, y: string | number) => x !== y;
    for (const [id, x, y] of [
      ["yearly", a.pricing.yearly, b.pricing.yearly],
      ["monthly", a.pricing.monthly, b.pricing.monthly],
      ["bedrooms", a.bedrooms, b.bedrooms],
      ["size", a.sizeM2, b.sizeM2],
    ] as const) {
      if (differs(x, y)) {
        await expect(row(id)).toHaveAttribute("data-differs", "true");
        await expect(row(id).getByRole("rowheader")).toContainText("differs");
      } else {
        await expect(row(id)).not.toHaveAttribute("data-differs", "true");
      }
    }
    // One unit alone differs from nothing.
    await page.goto(`/compare?units=${a.slug}`);
    await expect(page.locator("tr[data-differs]")).toHaveCount(0);
    await expect(page.getByTestId("compare").getByRole("row")).toHaveCount(12);
  });

  test("more than four or unknown units get a clear message, never an error page", async ({
    page,
    request,
  }) => {
    const units = await apiUnits(request);
    const five = units.slice(0, 5).map((u) => u.slug);
    const response = await page.goto(`/compare?units=${five.join(",")}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(
      "You can compare at most 4 units at a time; this link names 5.",
    );
    await page.goto(`/compare?units=${five[0]},no-such-unit`);
    await expect(page.getByRole("alert")).toHaveText("Not found: no-such-unit.");
    await expect(page.getByTestId("compare").getByRole("columnheader")).toHaveCount(1);
    const bad = await request.get("/compare?units=%3Cscript%3E");
    expect(bad.status()).toBe(400);
    await page.goto("/ru/compare?units=a,b,c,d,e");
    await expect(page.getByRole("alert")).toContainText("не больше 4");
  });

  test("fits a 390 px phone: the table scrolls, not the page", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const slugs = (await apiUnits(request))
      .slice(0, 4)
      .map((u) => u.slug)
      .join(",");
    await page.goto(`/compare?units=${slugs}`);
    await expect(page.getByTestId("compare").getByRole("columnheader")).toHaveCount(4);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      table: (document.querySelector("[data-testid=compare]") as HTMLElement).scrollWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.table).toBeGreaterThan(390);
  });
});

test.describe("similar units", () => {
  test("a unit page shows up to three others, the same type first", async ({ page, request }) => {
    const [unit] = await apiUnits(request, "type=condo");
    if (!unit) throw new Error("expected a condo");
    await page.goto(`/units/${unit.slug}`);
    const section = page.getByTestId("similar-units");
    await expect(section.getByRole("heading", { name: "Similar units" })).toBeVisible();
    const cards = await section.getByTestId("unit-card").evaluateAll((els) =>
      els.map((e) => ({
        slug: e.getAttribute("data-slug"),
        text: (e as HTMLElement).innerText,
      })),
    );
    expect(cards.length).toBe(3);
    expect(cards.map((c) => c.slug)).not.toContain(unit.slug);
    for (const card of cards) expect(card.text).toContain("Condo");
  });

  test("a unit that does not exist answers 404 with available units to look at", async ({
    page,
  }) => {
    const response = await page.goto("/units/no-longer-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    const section = page.getByTestId("similar-units");
    await expect(section.getByTestId("unit-card")).toHaveCount(3);
    await expect(section.getByTestId("unit-card").first()).toContainText("Available");
    await page.goto("/ru/units/no-longer-here");
    await expect(page.getByTestId("similar-units")).toContainText("больше не сдаётся");
  });
});

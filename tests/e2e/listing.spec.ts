import { readCards } from "./support/cards.ts";
import { expect, test } from "./support/test.ts";

test.describe("filters", () => {
  test("the search panel narrows the list, keeps it in the URL, and the back button undoes it", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByTestId("unit-card")).toHaveCount(9);
    await page.getByLabel("Location").selectOption("Kamala");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/\?location=Kamala#units$/);
    await expect
      .poll(async () => {
        const shown = await readCards(page);
        return shown.length > 0 && shown.every((c) => c.meta.endsWith("Kamala"));
      })
      .toBe(true);
    const cards = await readCards(page);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.meta).toMatch(/· Kamala$/);
    // "Showing" and the Available counter count what matches.
    await expect(page.getByText(`Showing ${cards.length} of ${cards.length}`)).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("unit-card")).toHaveCount(9);
    await expect(page.getByLabel("Location")).toHaveValue("");
  });

  const cases: {
    query: string;
    check: (card: Awaited<ReturnType<typeof readCards>>[number]) => boolean;
  }[] = [
    { query: "type=pool-villa", check: (c) => c.meta.startsWith("Pool Villa") },
    { query: "type=condo", check: (c) => c.meta.startsWith("Condo") },
    { query: "bedrooms=4%2B", check: (c) => c.bedrooms >= 4 },
    { query: "bedrooms=1", check: (c) => c.bedrooms === 1 },
    { query: "price=under-25", check: (c) => c.yearly < 25_000 },
    { query: "price=25-45", check: (c) => c.yearly >= 25_000 && c.yearly < 45_000 },
    { query: "price=45-70", check: (c) => c.yearly >= 45_000 && c.yearly < 70_000 },
    { query: "price=70-100", check: (c) => c.yearly >= 70_000 && c.yearly < 100_000 },
    { query: "price=100-plus", check: (c) => c.yearly >= 100_000 },
    { query: "location=Karon", check: (c) => c.meta.endsWith("Karon") },
    {
      query: "type=condo&bedrooms=2&price=25-45",
      check: (c) =>
        c.meta.startsWith("Condo") && c.bedrooms === 2 && c.yearly >= 25_000 && c.yearly < 45_000,
    },
    {
      query: "status=occupied&type=pool-villa",
      check: (c) => c.meta.startsWith("Pool Villa") && c.status === "Occupied",
    },
  ];
  for (const { query, check } of cases) {
    test(`?${query} shows only matching units, as many as the counter says`, async ({
      page,
      request,
    }) => {
      const api = await (await request.get(`/api/units?${query}`)).json();
      expect(api.units.length).toBeGreaterThan(0);
      await page.goto(`/?${query}`);
      await expect(page.getByTestId("unit-card")).toHaveCount(api.units.length);
      const cards = await readCards(page);
      expect(cards.map((c) => c.slug)).toEqual(api.units.map((u: { slug: string }) => u.slug));
      for (const card of cards)
        expect(check(card), `${card.name}: ${JSON.stringify(card)}`).toBe(true);
      const yearly = cards.map((c) => c.yearly);
      expect(yearly).toEqual([...yearly].sort((a, b) => b - a));
    });
  }

  test("no match shows the empty state, and Clear Filters resets every filter", async ({
    page,
  }) => {
    await page.goto("/?location=Mai+Khao&type=condo");
    await expect(page.getByText("No properties match your current filters")).toBeVisible();
    await expect(page.getByTestId("unit-card")).toHaveCount(0);
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/#units$/);
    await expect(page.getByTestId("unit-card")).toHaveCount(9);
    await expect(page.getByLabel("Property type")).toHaveValue("");
    await expect(page.getByLabel("Location")).toHaveValue("");
  });

  test("filters work with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByLabel("Property type").selectOption("pool-villa");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/type=pool-villa/);
    await expect
      .poll(async () => {
        const shown = await readCards(page);
        return shown.length > 0 && shown.every((c) => c.meta.startsWith("Pool Villa"));
      })
      .toBe(true);
    await context.close();
  });
});

test.describe("status counters and tabs", () => {
  test("a counter switches the status and the tab follows", async ({ page }) => {
    await page.goto("/");
    const soon = page.getByTestId("count-soon");
    const count = Number(await soon.getByTestId("status-count").innerText());
    expect(count).toBeGreaterThan(0);
    await soon.click();
    await expect(page).toHaveURL(/\?status=soon$/);
    await expect(
      page
        .getByRole("navigation", { name: "Unit status" })
        .getByRole("link", { name: "Available Soon" }),
    ).toHaveAttribute("aria-current", "page");
    const cards = page.getByTestId("unit-card");
    await expect(cards).toHaveCount(count);
    for (const card of await cards.all()) {
      await expect(card.getByText("Available Soon", { exact: true })).toBeVisible();
      await expect(card.getByText(/^Available from \d{1,2} \w{3} \d{4}$/)).toBeVisible();
    }
  });

  test("a tab keeps the other filters and shows rented-until dates", async ({ page }) => {
    await page.goto("/?type=condo");
    await page
      .getByRole("navigation", { name: "Unit status" })
      .getByRole("link", { name: "Occupied" })
      .click();
    await expect(page).toHaveURL(/\?status=occupied&type=condo$/);
    await expect
      .poll(async () => {
        const shown = await readCards(page);
        return shown.length > 0 && shown.every((c) => c.status === "Occupied");
      })
      .toBe(true);
    const cards = await readCards(page);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.status).toBe("Occupied");
      expect(card.meta).toMatch(/^Condo/);
    }
    await expect(page.getByText(/^Rented until /).first()).toBeVisible();
  });

  test("shows Loading properties... while a new list loads", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("unit-card")).toHaveCount(9);
    // The new list is held back until the loading state has been seen.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/*.data*", async (route) => {
      await released;
      await route.continue();
    });
    await page
      .getByRole("navigation", { name: "Unit status" })
      .getByRole("link", { name: "Occupied" })
      .click();
    await expect(page.getByText("Loading properties...")).toBeVisible();
    release();
    await expect(page.getByText("Loading properties...")).toBeHidden();
    await expect(page).toHaveURL(/status=occupied/);
    await expect
      .poll(async () => {
        const shown = await readCards(page);
        return shown.length > 0 && shown.every((c) => c.status === "Occupied");
      })
      .toBe(true);
  });
});

test.describe("Load More", () => {
  test("appends the next 9 without a reload and keeps them on reload", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByTestId("unit-card");
    await expect(cards).toHaveCount(9);
    const first = await readCards(page);
    const total = Number((await page.getByText(/^Showing 9 of \d+$/).innerText()).split(" ").pop());
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(cards).toHaveCount(Math.min(total, 18));
    await expect(page).toHaveURL(/\?page=2$/);
    // Still the same document: nothing reloaded.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
      true,
    );
    const all = await readCards(page);
    expect(all.slice(0, 9)).toEqual(first);
    const yearly = all.map((c) => c.yearly);
    expect(yearly).toEqual([...yearly].sort((a, b) => b - a));
    if (total <= 18) await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);

    await page.reload();
    await expect(cards).toHaveCount(Math.min(total, 18));
  });

  test("a failure says so and keeps what is shown", async ({ page }) => {
    await page.goto("/");
    await page.route("**/api/units*", (route) => route.abort());
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(page.getByText("Failed to load more properties")).toBeVisible();
    await expect(page.getByTestId("unit-card")).toHaveCount(9);
  });

  test("works with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(page).toHaveURL(/\?page=2#page-2$/);
    await expect.poll(() => page.getByTestId("unit-card").count()).toBeGreaterThan(9);
    await context.close();
  });
});

test("Back to listings returns to the same filters and scroll position", async ({ page }) => {
  await page.goto("/?type=pool-villa");
  await expect(page.getByTestId("unit-card").nth(2)).toBeVisible();
  const third = page.getByTestId("unit-card").nth(2);
  await third.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  const name = await third.locator("h3").innerText();
  await third.getByRole("link", { name: /View Details/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await page.getByRole("link", { name: "Back to listings" }).click();
  await expect(page).toHaveURL(/\/\?type=pool-villa$/);
  await expect(page.getByTestId("unit-card").nth(2)).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
});

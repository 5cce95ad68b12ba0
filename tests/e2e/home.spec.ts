import { expect, test } from "./support/test.ts";

const money = (text: string) => Number(text.replace(/[^0-9]/g, ""));

test("the home page shows the first 9 available units, most expensive first", async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your home in Phuket");
  const cards = page.getByTestId("unit-card");
  await expect(cards).toHaveCount(9);

  const headlinePrices = await cards.locator("p.text-2xl").allTextContents();
  const prices = headlinePrices.map(money);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));

  // The same order as the listing API's first page, which reads the database.
  const api = await (await request.get("/api/units")).json();
  const slugs = await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-slug")));
  expect(slugs).toEqual(api.units.map((u: { slug: string }) => u.slug));
  expect(api.source).toBe("database");
  expect(api.hasMore).toBe(true);

  for (const card of await cards.all()) {
    await expect(card.getByText("Available", { exact: true })).toBeVisible();
    await expect(
      card.getByText(
        /^1-year lease: ฿[\d,]+\/month • 6-month lease: ฿[\d,]+\/month • 1-month lease: ฿[\d,]+\/month$/,
      ),
    ).toBeVisible();
  }

  // Pictures: the first row is loaded eagerly and really decodes.
  const firstImage = cards.first().locator("img");
  await expect(firstImage).toHaveJSProperty("complete", true);
  expect(await firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  expect(errors).toEqual([]);
});

test("the Russian home page speaks Russian with Russian plurals", async ({ page }) => {
  await page.goto("/ru");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Найдите свой дом на Пхукете");
  await expect(page.getByTestId("unit-card")).toHaveCount(9);
  await expect(page.getByText(/^\d+ (спальня|спальни|спален)$/).first()).toBeVisible();
  await page.getByRole("link", { name: "en", exact: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your home in Phuket");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the sections after the listing are in the page at once, their code comes when near", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const laterCode = () => scripts.some((url) => url.includes("home-below-the-fold"));
    await page.goto("/");
    // The server sent them whole: readable, and linkable by their anchors, before any code.
    await expect(page.locator("#owners")).toBeAttached();
    await expect(page.getByRole("form", { name: "Subscribe to Our Newsletter" })).toBeAttached();
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(5);
    expect(laterCode()).toBe(false);

    await page.locator("#owners").scrollIntoViewIfNeeded();
    await expect.poll(laterCode).toBe(true);
    // Then React has it (the part is marked once its code runs): the ROI link opens its dialog
    // in the page, with no new document.
    await expect(page.locator("div[data-hydrated]", { has: page.locator("#owners") })).toHaveCount(
      1,
    );
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole("link", { name: "Calculate Your ROI" }).click();
    await expect(page.getByRole("dialog", { name: "ROI 7% Program Calculator" })).toBeVisible();
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  });
});

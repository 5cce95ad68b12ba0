import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { convertFromBaht, type DisplayCurrency } from "../../app/domain/currencies.ts";
import { businessToday } from "../../app/domain/date-time.ts";
import { formatDate, formatMoney } from "../../app/lib/format.ts";
import { signIn, startAdminServer, watchErrors } from "./support/admin.ts";
import { expect, test, waitForHydration } from "./support/test.ts";

// A server of its own: the rates entered here never show on the shared server's pages.
test.describe.configure({ mode: "serial" });

/**
 * Whole baht in a text such as "In Thai baht: ฿180,000/month on a 1-year lease" or
 * "180 000 ฿/мес. при аренде на 1 год": the first amount, its group separators dropped (the
 * lease's "1" is no part of it).
 */
const bahtIn = (text: string | null) =>
  Number(((text ?? "").match(/\d[\d,\u00a0\u202f ]*\d|\d/)?.[0] ?? "").replace(/[^\d]/g, ""));

async function firstCardBaht(page: Page): Promise<number> {
  return bahtIn(await page.getByTestId("card-price-baht").first().textContent());
}

test("a rate entered in the admin shows visitors converted, approximate prices in both languages; the choice stays in the URL and is remembered; the price filter reads in it", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const server = await startAdminServer();
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const errors = watchErrors(page);
    const today = businessToday(new Date());
    const guest = await visitor.newPage();
    const guestErrors = watchErrors(guest);

    // Before the new rate: the demo rate (21.5) is in force, and the page gets cached.
    await guest.goto(`${server.url}/?currency=AUD`);
    await waitForHydration(guest);
    const cachedBaht = await firstCardBaht(guest);
    await expect(guest.getByTestId("card-price").first()).toContainText(
      formatMoney(convertFromBaht(cachedBaht, 21.5), "AUD", "en"),
    );

    // The admin: a bad rate is refused with its reason, a good one saved and in force today.
    await signIn(page, server.url);
    await page.getByRole("link", { name: "Currencies" }).click();
    await expect(page.getByRole("heading", { name: "Currencies", level: 1 })).toBeVisible();
    const form = page.locator("form", { hasText: "Baht for 1 unit" });
    await form.getByLabel("Currency").selectOption("AUD");
    await form.getByLabel("Baht for 1 unit").fill("-25");
    await form.getByLabel("Applies from").fill(today);
    await form.getByRole("button", { name: "Save rate" }).click();
    await expect(page.getByRole("alert")).toContainText("The rate must be a number such as 36.25");
    await expect(page.getByTestId("in-force-AUD")).toContainText("฿21.5");
    await form.getByLabel("Baht for 1 unit").fill("25");
    await form.getByRole("button", { name: "Save rate" }).click();
    await expect(page.getByRole("status")).toContainText("Rate saved: 1 AUD = 25 THB");
    await expect(page.getByTestId("in-force-AUD")).toContainText("฿25");
    await expect(
      page.locator(`[data-testid=rate-row][data-currency=AUD][data-day="${today}"]`),
    ).toContainText("by ops@example.com");
    // A wrong entry removed: with no CNY rate, visitors asking for yuan see baht.
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: /^Remove CNY rate from / }).click();
    await expect(page.getByRole("status")).toContainText("Rate removed.");
    await expect(page.getByTestId("in-force-CNY")).toContainText("No rate: visitors see baht");
    expect(
      (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations,
    ).toEqual([]);

    // The cached page shows the new rate at once.
    await guest.reload();
    await waitForHydration(guest);
    const baht = await firstCardBaht(guest);
    const converted = (amount: number, lang: "en" | "ru", currency: DisplayCurrency = "AUD") =>
      `≈\u00a0${formatMoney(convertFromBaht(amount, 25), currency, lang)}`;
    await expect(guest.getByTestId("card-price").first()).toContainText(converted(baht, "en"));
    await expect(guest.getByTestId("price-note")).toContainText(
      `Prices in Australian dollars are approximate, at the rate of ${formatDate(today, "en")} (฿25 for A$1)`,
    );

    // A fresh visitor at 390 px picks a currency in the header; the price filter follows it.
    const fresh = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await fresh.newPage();
    await phone.goto(`${server.url}/?type=pool-villa`);
    await waitForHydration(phone);
    await expect(phone.getByTestId("card-price").first()).toContainText("฿");
    await phone.getByTestId("currency-picker").selectOption("AUD");
    await expect(phone).toHaveURL(/\?type=pool-villa&currency=AUD$/);
    await expect(phone.getByTestId("card-price").first()).toContainText(
      converted(await firstCardBaht(phone), "en"),
    );
    // The price ranges read in the chosen currency; units still match by their baht price.
    await expect(phone.locator("select[name=price] option").nth(1)).toHaveText(
      `< ${converted(25_000, "en")}/month`,
    );
    await expect(phone.locator("#price-hint")).toContainText("matched by their price in baht");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // Sort keeps it; then a card opens the unit with it.
    await phone.getByTestId("sort").selectOption("price-asc");
    await expect(phone).toHaveURL(/sort=price-asc.*currency=AUD|currency=AUD.*sort=price-asc/);
    await phone
      .getByTestId("unit-card")
      .first()
      .getByRole("link", { name: /View Details/ })
      .click();
    await expect(phone).toHaveURL(/\/units\/[^?]+\?currency=AUD$/);
    const unitBaht = bahtIn(await phone.getByTestId("unit-price-baht-yearly").textContent());
    expect(unitBaht).toBeGreaterThan(0);
    await expect(phone.getByTestId("unit-price-yearly")).toHaveText(converted(unitBaht, "en"));
    // In Russian, by the language switch (which keeps the query).
    await phone.getByRole("banner").getByRole("link", { name: "ru", exact: true }).click();
    await expect(phone).toHaveURL(/\/ru\/units\/[^?]+\?currency=AUD$/);
    await expect(phone.getByTestId("unit-price-yearly")).toHaveText(converted(unitBaht, "ru"));
    await expect(phone.getByTestId("price-note")).toContainText(
      "Цены в австралийских долларах приблизительные",
    );
    // A link without the currency (the header's home link): the remembered one is added.
    await phone
      .getByRole("link", { name: /Главная$/ })
      .first()
      .click();
    await expect(phone).toHaveURL(/\/ru\?currency=AUD$/);
    await expect(phone.getByTestId("card-price").first()).toContainText("A$");

    // Coming back later to the bare home page: the browser remembers, and so does the server,
    // by a cookie, so even the first paint is in the visitor's currency.
    expect((await fresh.cookies()).find((c) => c.name === "currency")?.value).toBe("AUD");
    const redirect = await fresh.request.get(`${server.url}/about?x=1`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe("/about?x=1&currency=AUD");
    const again = await fresh.newPage();
    await again.goto(`${server.url}/`);
    await waitForHydration(again);
    await expect(again).toHaveURL(/\/\?currency=AUD$/);
    await expect(again.getByTestId("card-price").first()).toContainText("≈\u00a0A$");
    // With no rate for the currency: baht, and a plain note; back to baht by the picker.
    await again.getByTestId("currency-picker").selectOption("CNY");
    await expect(again).toHaveURL(/\?currency=CNY$/);
    await expect(again.getByTestId("price-note")).toHaveText(
      "No rate for CNY has been entered yet, so prices are shown in Thai baht.",
    );
    await expect(again.getByTestId("card-price").first()).toContainText("฿");
    await again.getByTestId("currency-picker").selectOption("THB");
    await expect(again).toHaveURL(`${server.url}/`);
    await expect(again.getByTestId("price-note")).toHaveCount(0);
    expect((await fresh.cookies()).find((c) => c.name === "currency")).toBeUndefined();
    expect((await fresh.request.get(`${server.url}/about`, { maxRedirects: 0 })).status()).toBe(
      200,
    );
    const later = await fresh.newPage();
    await later.goto(`${server.url}/about`);
    await waitForHydration(later);
    await expect(later.getByTestId("currency-picker")).toHaveValue("THB");
    await expect(later).toHaveURL(`${server.url}/about`);
    expect(
      (await new AxeBuilder({ page: again }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations,
    ).toEqual([]);
    await fresh.close();

    expect(errors).toEqual([]);
    expect(guestErrors).toEqual([]);
  } finally {
    await visitor.close();
    await server.stop();
  }
});

test("without JavaScript the picker is a form: the choice goes into the URL and the prices follow", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/?type=condo");
    await page.getByTestId("currency-picker").selectOption("EUR");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\?type=condo&currency=EUR$/);
    await expect(page.getByTestId("card-price").first()).toContainText("≈\u00a0€");
    await expect(page.getByTestId("price-note")).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a returning visitor's currency is on the first paint, without JavaScript too: the server redirects by the cookie", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    await context.addCookies([{ name: "currency", value: "EUR", url: baseURL ?? "" }]);
    const answer = await context.request.get("/ru?type=condo", { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe("/ru?type=condo&currency=EUR");
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    const page = await context.newPage();
    await page.goto("/?type=condo");
    await expect(page).toHaveURL(/\/\?type=condo&currency=EUR$/);
    await expect(page.getByTestId("card-price").first()).toContainText("≈\u00a0€");
    // An address naming a currency, baht included, is left as it is; so are data and the API.
    for (const path of ["/?currency=THB", "/api/units", "/_.data", "/admin"]) {
      const direct = await context.request.get(path, { maxRedirects: 0 });
      expect(direct.status(), path).not.toBe(302);
    }
    // A cookie naming no currency the site offers changes nothing.
    await context.addCookies([{ name: "currency", value: "XYZ", url: baseURL ?? "" }]);
    expect((await context.request.get("/", { maxRedirects: 0 })).status()).toBe(200);
  } finally {
    await context.close();
  }
});

test("compare, favourites and similar units show the chosen currency too, and keep it in their links", async ({
  page,
  request,
}) => {
  const listing = (await (await request.get("/api/units")).json()) as {
    units: { slug: string; pricing: { yearly: number } }[];
  };
  const [first, second] = listing.units;
  if (!first || !second) throw new Error("the demo listing has fewer than two units");
  // The demo rate of the euro (38 baht), which no other test changes on the shared server.
  const euros = (thb: number) => `≈\u00a0${formatMoney(convertFromBaht(thb, 38), "EUR", "en")}`;

  await page.goto(`/compare?units=${first.slug},${second.slug}&currency=EUR`);
  await expect(page.getByTestId("price-note")).toContainText("Prices in euros are approximate");
  await expect(page.getByTestId("compare")).toContainText(
    `${euros(first.pricing.yearly)}/month (฿${first.pricing.yearly.toLocaleString("en-US")})`,
  );
  await page.getByTestId("compare").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/units\/[^?]+\?currency=EUR$/);
  // Similar units on the unit page.
  const similar = page.getByRole("region", { name: "Similar units" }).getByTestId("card-price");
  await expect(similar.first()).toContainText("≈\u00a0€");

  await page.goto(`/ru/favorites?units=${first.slug}&currency=EUR`);
  await expect(page.getByTestId("card-price").first()).toContainText(
    `≈\u00a0${formatMoney(convertFromBaht(first.pricing.yearly, 38), "EUR", "ru")}`,
  );
  await expect(page.getByTestId("price-note")).toContainText("Цены в евро приблизительные");
});

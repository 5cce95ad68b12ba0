import { readdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/test.ts";

test("header sections scroll to their anchors, also from another page", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" }).first();
  await nav.getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL(/\/#services$/);
  await expect(page.locator("#services")).toBeInViewport();

  await page.goto("/blog");
  await nav.getByRole("link", { name: "Units", exact: true }).click();
  await expect(page).toHaveURL(/\/#units$/);
  await expect(page.locator("#units")).toBeInViewport();

  // A section whose code the home page fetches later: it is scrolled to once it shows.
  await page.goto("/blog");
  await nav.getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL(/\/#services$/);
  await expect(page.locator("#services")).toBeInViewport();

  await nav.getByRole("link", { name: "Home" }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(5);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the menu opens, and closes once a section is picked", async ({ page }) => {
    await page.goto("/");
    const toggle = page.locator("summary", { hasText: "Menu" });
    await toggle.click();
    const menu = page.locator("details nav");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Services" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#services$/);
    await expect(page.locator("#services")).toBeInViewport();

    // About opens the About page, as the spec's about view.
    await toggle.click();
    await menu.getByRole("link", { name: "About" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Your home in Phuket, cared for",
    );
  });
});

test("the language switch keeps the visitor on the same page", async ({ page }) => {
  await page.goto("/?type=condo");
  await page
    .getByRole("navigation", { name: "Language" })
    .first()
    .getByRole("link", { name: "ru", exact: true })
    .click();
  await expect(page).toHaveURL(/\/ru\?type=condo$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Найдите свой дом на Пхукете");
  // Data loaded on the client is Russian too (blog posts come from the loader, not the dictionary).
  await expect(page.locator("#blog h3").first()).toHaveText(/[А-Яа-яЁё]/);
  await expect(page.getByRole("link", { name: "Подробнее" }).first()).toHaveAttribute(
    "href",
    /^\/ru\/units\//,
  );

  await page.goto("/ru/blog");
  await page.getByRole("contentinfo").getByRole("link", { name: "en", exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Living in Phuket");

  await page.goto("/about");
  await page
    .getByRole("navigation", { name: "Language" })
    .first()
    .getByRole("link", { name: "ru", exact: true })
    .click();
  await expect(page).toHaveURL(/\/ru\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Ваш дом на Пхукете под надёжной опекой",
  );
});

test("the about page and section show the values, the office and the figures", async ({ page }) => {
  await page.goto("/about");
  for (const value of ["Trusted", "Professional", "Transparent", "Local"]) {
    await expect(page.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(page.getByText("Phuket Headquarters")).toBeVisible();
  await expect(page.getByText("Professional property management since 2015")).toBeVisible();
  for (const figure of ["500+", "98%", "24/7"])
    await expect(page.getByText(figure, { exact: true })).toBeVisible();
  const office = page.getByRole("img", { name: "Our office in Kamala, Phuket" });
  await office.scrollIntoViewIfNeeded();
  await expect
    .poll(() => office.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  await page.goto("/");
  const services = page.locator("#services");
  for (const title of [
    "Professional Cleaning",
    "Laundry Service",
    "Transport Solutions",
    "Lifestyle Concierge",
  ]) {
    await expect(services.getByText(title)).toBeVisible();
  }
  await expect(services.getByText("Full-Service Property Management")).toBeVisible();
  await expect(services.getByRole("link", { name: /Learn More About Our Services/ })).toBeVisible();
  for (const claim of ["180+", "92%", "8-12%", "20+"])
    await expect(page.getByText(claim, { exact: true })).toBeVisible();
});

test("the blog filters by category and opens an article", async ({ page }) => {
  // As many cards as there are posts in content/blog (one file per post and language).
  const posts = readdirSync("content/blog").filter((f) => f.endsWith(".en.md")).length;
  await page.goto("/blog");
  await expect(page.getByText("Featured Article")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Latest Posts" })).toBeVisible();
  await expect(page.getByTestId("post-card")).toHaveCount(posts);

  const filters = page.getByRole("navigation", { name: "Filter posts by category" });
  await filters.getByRole("link", { name: "Tips" }).click();
  await expect(page).toHaveURL(/\/blog\?category=tips$/);
  await expect(page.getByText("Featured Article")).toHaveCount(0);
  const cards = page.getByTestId("post-card");
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    await expect(card.getByText("Tips", { exact: true })).toBeVisible();
    await expect(card.getByText(/^\d min read$/)).toBeVisible();
    await expect(card.getByText(/^By /)).toBeVisible();
  }
  const title = await cards.first().locator("h3").innerText();
  await cards
    .first()
    .getByRole("link", { name: /Read More/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator("article h2").first()).toBeVisible();
  await page.getByRole("link", { name: /Back to Blog/ }).click();
  await expect(page).toHaveURL(/\/blog$/);

  await filters.getByRole("link", { name: "All Posts" }).click();
  await expect(page.getByTestId("post-card")).toHaveCount(posts);
  expect((await page.goto("/blog/nothing-here"))?.status()).toBe(404);
});

test("the sitemap lists pages and units in both languages", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  expect(xml).toContain("/units/canopy-pool-villa-v-01</loc>");
  expect(xml).toContain("/ru/units/canopy-pool-villa-v-01</loc>");
  expect(xml).toContain('hreflang="ru"');
  expect(xml).toContain("/ru/blog</loc>");
});

for (const path of [
  "/",
  "/units/canopy-pool-villa-v-01",
  "/blog",
  "/ru/blog/condo-or-pool-villa",
  "/about",
]) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
  });
}

test("every public page names its canonical address, its translations and its cards, all absolute", async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
  const origin = /^Sitemap: (https?:\/\/[^/]+)\//m.exec(robots)?.[1] as string;
  for (const [path, english] of [
    ["/", "/"],
    ["/ru/about", "/about"],
    ["/units/canopy-pool-villa-v-01", "/units/canopy-pool-villa-v-01"],
    ["/blog/condo-or-pool-villa", "/blog/condo-or-pool-villa"],
  ] as const) {
    const html = await (await request.get(`${baseURL}${path}`)).text();
    const link = (rel: string, lang?: string) =>
      new RegExp(`<link rel="${rel}"${lang ? ` hrefLang="${lang}"` : ""} href="([^"]+)"`).exec(
        html,
      )?.[1];
    expect(link("canonical")).toBe(`${origin}${path}`);
    expect(link("alternate", "en")).toBe(`${origin}${english}`);
    expect(link("alternate", "x-default")).toBe(`${origin}${english}`);
    expect(link("alternate", "ru")).toBe(`${origin}${english === "/" ? "/ru" : `/ru${english}`}`);
    for (const name of ['property="og:image"', 'name="twitter:image"', 'property="og:url"']) {
      expect(new RegExp(`<meta ${name} content="${origin}/`).test(html), `${path} ${name}`).toBe(
        true,
      );
    }
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<script type="application/ld+json">');
  }
  const admin = await request.get("/admin");
  expect(admin.headers()["x-robots-tag"]).toBe("noindex");
  expect(await admin.text()).toContain('<meta name="robots" content="noindex"/>');
});

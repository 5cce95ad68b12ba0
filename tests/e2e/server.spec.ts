import { expect, test } from "@playwright/test";

test("/healthz answers when the database answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "embedded" });
});

test("pages carry security headers and a script nonce", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  expect(headers["x-powered-by"]).toBeUndefined();
});

test("responses are compressed", async ({ request }) => {
  const response = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(response.headers()["content-encoding"]).toBe("gzip");
});

test("hashed assets and media are cached for a year; media are never sniffed", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const script = await page.locator('script[type="module"]').first().innerHTML();
  const asset = /\/assets\/[\w.-]+\.js/.exec(script)?.[0];
  expect(asset).toBeTruthy();
  const assetResponse = await request.get(asset ?? "");
  expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  const src = await page.getByTestId("unit-card").first().locator("img").getAttribute("src");
  expect(src).toMatch(/^\/media\/demo\/.+\.webp$/);
  const media = await request.get(src ?? "");
  expect(media.status()).toBe(200);
  expect(media.headers()["content-type"]).toBe("image/webp");
  expect(media.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(media.headers()["x-content-type-options"]).toBe("nosniff");

  expect((await request.get("/media/demo/none-1-480.webp")).status()).toBe(404);
  expect((await request.get("/media/../package.json")).status()).toBe(404);
});

test("the listing API answers bad filters with 400 and good ones with a page", async ({
  request,
}) => {
  const bad = await request.get("/api/units?bedrooms=12&price=cheap");
  expect(bad.status()).toBe(400);
  const body = await bad.json();
  expect(body.details.map((d: { param: string }) => d.param)).toEqual(["bedrooms", "price"]);

  const good = await request.get("/api/units?status=available&type=pool-villa&bedrooms=4%2B");
  expect(good.status()).toBe(200);
  const listing = await good.json();
  expect(listing.units.length).toBeGreaterThan(0);
  for (const unit of listing.units) {
    expect(unit.type).toBe("pool-villa");
    expect(unit.bedrooms).toBeGreaterThanOrEqual(4);
  }
  expect(listing.counts.available).toBe(listing.units.length);
});

test("an unknown page is a real 404 with the site around it", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  const ru = await page.goto("/ru/nothing/here");
  expect(ru?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Страница не найдена");
});

test("pages with bad filters still render, ignoring them", async ({ page }) => {
  const response = await page.goto("/?status=sold&price=free&bedrooms=zero");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("unit-card")).toHaveCount(9);
});

test("public pages come from the page cache, each with a fresh nonce", async ({ request }) => {
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  await request.get("/about");
  const first = await request.get("/about");
  const second = await request.get("/about");
  for (const response of [first, second]) {
    expect(response.headers()["x-cache"]).toBe("hit");
    const nonce = nonceOf(response.headers()["content-security-policy"]);
    const html = await response.text();
    expect(html).toContain(`nonce="${nonce}"`);
  }
  expect(nonceOf(first.headers()["content-security-policy"])).not.toBe(
    nonceOf(second.headers()["content-security-policy"]),
  );
  // Responses that are not public pages are never kept.
  expect((await request.get("/healthz")).headers()["x-cache"]).toBeUndefined();
  expect((await request.get("/api/units?price=cheap")).headers()["x-cache"]).toBe("miss");
  expect((await request.get("/api/units?price=cheap")).headers()["x-cache"]).toBe("miss");
});

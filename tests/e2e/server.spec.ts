import { createHash } from "node:crypto";
import http from "node:http";
import { E2E_PORT } from "./support/env.ts";
import { expect, test } from "./support/test.ts";

test("/healthz says the process is alive; /readyz that the database answers", async ({
  request,
}) => {
  const alive = await request.get("/healthz");
  expect(alive.status()).toBe(200);
  expect(await alive.json()).toEqual({ status: "ok" });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(ready.headers()["cache-control"]).toBe("no-store");
  expect(ready.headers()["x-content-type-options"]).toBe("nosniff");
  expect(await ready.json()).toEqual({ status: "ready", database: "embedded" });
});

test("pages carry security headers and a script nonce", async ({ request }) => {
  // Never kept by the page cache: rendered for this request.
  const response = await request.get("/owners/roi");
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !tag.includes('type="application/ld+json"'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  expect(headers["x-powered-by"]).toBeUndefined();
});

test("responses are compressed", async ({ request }) => {
  const response = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(response.headers()["content-encoding"]).toBe("gzip");
});

test("scripts are sent as compressed at build time, in the encoding the browser takes", async ({
  request,
}) => {
  const html = await (await request.get("/owners/roi")).text();
  // The entry module, as React Router's script imports it.
  const script = /import\("(\/assets\/entry\.client-[^"]+\.js)"\)/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const plain = await request.get(script as string, { headers: { "Accept-Encoding": "identity" } });
  const br = await request.get(script as string, { headers: { "Accept-Encoding": "gzip, br" } });
  const gzip = await request.get(script as string, { headers: { "Accept-Encoding": "gzip" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  expect(br.headers()["content-encoding"]).toBe("br");
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  for (const response of [plain, br, gzip]) {
    expect(response.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers()["vary"]).toBe("Accept-Encoding");
    expect(await response.text()).toBe(await plain.text());
  }
  // Sent as stored: a length, not a stream compressed on the way.
  expect(Number(br.headers()["content-length"])).toBeLessThan(
    Number(plain.headers()["content-length"]) / 2,
  );
});

test("the page's modules are asked for only once the page and its pictures have loaded", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  const { loaded, scripts } = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      "navigation",
    ) as PerformanceNavigationTiming[];
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime }));
    return { loaded: navigation?.loadEventStart ?? Number.NaN, scripts };
  });
  expect(scripts.length).toBeGreaterThan(2);
  for (const script of scripts)
    expect(script.startTime, script.name).toBeGreaterThanOrEqual(loaded);
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
});

/** GETs `path` exactly as written: an HTTP client would resolve "..", and then try nothing. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port: E2E_PORT, path, method: "GET" });
    request.on("response", (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

test("paths that climb out of the media folder find nothing", async () => {
  for (const path of [
    "/media/../package.json",
    "/media/demo/../../package.json",
    "/media/%2e%2e/package.json",
    "/media/%2e%2e%2fpackage.json",
    "/media/..%5cpackage.json",
    "/media/demo/%2e%2e/%2e%2e/.env",
  ]) {
    const answer = await rawGet(path);
    expect(answer.status, path).toBeGreaterThanOrEqual(400);
    expect(answer.status, path).toBeLessThan(500);
    expect(answer.body, path).not.toContain('"name": "phuket-rentals"');
  }
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
  // `matching` counts the filtered units of the status; `counts`, the filtered units by status.
  expect(listing.matching).toBe(listing.units.length);
  expect(listing.counts.available).toBe(listing.matching);
  const all = await (await request.get("/api/units")).json();
  expect(all.counts.available).toBeGreaterThan(listing.matching);
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

test("public pages come from the page cache, their inline scripts allowed by hash", async ({
  request,
}) => {
  await request.get("/about");
  await expect
    .poll(async () => (await request.get("/about")).headers()["x-cache"], { timeout: 10_000 })
    .toBe("hit");
  // Tests running beside this one save properties, which empties the cache: take a pair of
  // answers that came from the same kept page (both hits, the same HTML).
  let first = await request.get("/about");
  let second = first;
  let html = "";
  await expect(async () => {
    first = await request.get("/about");
    second = await request.get("/about", { headers: { "Accept-Encoding": "br" } });
    expect(first.headers()["x-cache"]).toBe("hit");
    expect(second.headers()["x-cache"]).toBe("hit");
    html = await first.text();
    expect(await second.text()).toBe(html);
  }).toPass({ timeout: 10_000 });
  expect(second.headers()["content-encoding"]).toBe("br");
  expect(second.headers()["vary"]).toBe("Accept-Encoding");
  for (const response of [first, second]) {
    expect(response.headers()["x-cache"]).toBe("hit");
    const policy = response.headers()["content-security-policy"] ?? "";
    // No nonce is ever sent twice: a kept page names the scripts it may run instead.
    expect(policy).not.toContain("'nonce-");
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/\ssrc=|application\/ld\+json/.test(m[1] ?? ""),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const m of inline) {
      const hash = createHash("sha256")
        .update(m[2] ?? "")
        .digest("base64");
      expect(policy).toContain(`'sha256-${hash}'`);
    }
  }
  // Each reply carries its own request id, never the one of the request that filled the cache.
  const ids = [first, second].map((r) => r.headers()["x-request-id"]);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(ids[0]).not.toBe(ids[1]);
  // Responses that are not public pages are never kept.
  expect((await request.get("/healthz")).headers()["x-cache"]).toBeUndefined();
  expect((await request.get("/readyz")).headers()["x-cache"]).toBeUndefined();
  expect((await request.get("/api/units?price=cheap")).headers()["x-cache"]).toBe("miss");
  expect((await request.get("/api/units?price=cheap")).headers()["x-cache"]).toBe("miss");
});

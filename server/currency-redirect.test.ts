import { request } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currencyInCookie, rememberedCurrencyRedirect } from "./currency-redirect.ts";

let url: URL;
let close: () => Promise<unknown>;

beforeAll(async () => {
  const app = express()
    .use(rememberedCurrencyRedirect())
    .use((_req, res) => {
      res.send("page");
    });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  close = () => new Promise((resolve) => server.close(resolve));
});
afterAll(() => close());

/** A raw GET (the path is sent exactly as written, which `fetch` would normalise). */
function get(path: string, cookie?: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, headers: cookie ? { cookie } : {} },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    req.on("error", reject).end();
  });
}

describe("the remembered currency's redirect", () => {
  it("reads only a currency the site offers from the cookie", () => {
    expect(currencyInCookie("a=1; currency=USD; b=2")).toBe("USD");
    expect(currencyInCookie("currency=THB")).toBe("THB");
    expect(currencyInCookie("currency=usd")).toBeUndefined();
    expect(currencyInCookie("currency=XYZ")).toBeUndefined();
    expect(currencyInCookie(`x=${"a".repeat(9000)}; currency=USD`)).toBeUndefined();
    expect(currencyInCookie(undefined)).toBeUndefined();
  });

  it("sends a page without a currency to the same page with the remembered one", async () => {
    expect(await get("/units/a?sort=price-asc", "currency=EUR")).toEqual({
      status: 302,
      location: "/units/a?sort=price-asc&currency=EUR",
    });
    expect(await get("/ru", "currency=RUB")).toEqual({ status: 302, location: "/ru?currency=RUB" });
  });

  it("never leaves the site, whatever slashes the path starts with", async () => {
    for (const path of ["//evil-example/x", "/\\evil-example/x", "///evil-example"]) {
      const answer = await get(path, "currency=EUR");
      expect(answer.status, path).toBe(302);
      expect(answer.location, path).toMatch(/^\/[^/\\]/);
    }
  });

  it("leaves alone baht, an address with a currency, files, data, the API and the admin", async () => {
    for (const [path, cookie] of [
      ["/", "currency=THB"],
      ["/", undefined],
      ["/?currency=THB", "currency=EUR"],
      ["/_.data", "currency=EUR"],
      ["/api/units", "currency=EUR"],
      ["/media/demo/x-480.webp", "currency=EUR"],
      ["/admin", "currency=EUR"],
      ["/sitemap.xml", "currency=EUR"],
    ] as const) {
      expect((await get(path, cookie)).status, `${path} ${cookie}`).toBe(200);
    }
  });
});

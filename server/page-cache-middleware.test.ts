import { describe, expect, it } from "vitest";
import { isCacheablePath } from "./page-cache-middleware.ts";

describe("isCacheablePath", () => {
  it.each([
    "/",
    "/ru",
    "/_.data",
    "/ru.data",
    "/units/canopy-pool-villa-v-01",
    "/units/canopy-pool-villa-v-01.data",
    "/ru/units/x",
    "/about",
    "/ru/about.data",
    "/blog",
    "/blog/condo-or-pool-villa",
    "/ru/blog/x.data",
    "/api/units",
    "/sitemap.xml",
  ])("keeps %s", (path) => {
    expect(isCacheablePath(path)).toBe(true);
  });

  it.each([
    "/admin",
    "/admin/leads",
    "/ru/admin",
    "/owners/roi",
    "/ru/owners/revenue-share",
    "/healthz",
    "/media/demo/x-480.webp",
    "/units",
    "/units/a/b",
    "/rus",
    "/api/units/extra",
  ])("never keeps %s", (path) => {
    expect(isCacheablePath(path)).toBe(false);
  });
});

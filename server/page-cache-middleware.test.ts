import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE } from "../app/lib/late-module-preloads.server.ts";
import { inlineScriptHashes, isCacheablePath, policyWithHashes } from "./page-cache-middleware.ts";

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

describe("a kept page's policy", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const html = [
    '<html><head><script type="application/ld+json">{"a":"<\\u002fscript>"}</script>',
    '<script src="/assets/x.js"></script></head><body>',
    '<script nonce="abc">window.a = "é";</script>',
    '<script nonce="abc" type="module" async="">import "/assets/y.js";</script>',
    `<script nonce="abc" type="${DEFERRED_MODULE_TYPE}">import "/assets/z.js";</script>`,
    '<script nonce="abc">window.a = "é";</script>',
    "</body></html>",
  ].join("");

  it("allows exactly the inline scripts the page runs, by their hashes", () => {
    expect(inlineScriptHashes(html).sort()).toEqual(
      [sha('window.a = "é";'), sha('import "/assets/y.js";'), sha('import "/assets/z.js";')].sort(),
    );
  });

  it("puts the hashes where the one-time nonce was", () => {
    const policy = "default-src 'self';script-src 'self' 'nonce-abc';script-src-attr 'none'";
    expect(policyWithHashes(policy, "abc", ["'sha256-1'", "'sha256-2'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-1' 'sha256-2';script-src-attr 'none'",
    );
    expect(policyWithHashes(policy, "abc", [])).toBe(
      "default-src 'self';script-src 'self';script-src-attr 'none'",
    );
  });
});

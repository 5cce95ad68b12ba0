import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from "node:zlib";
import express from "express";
import { describe, expect, it, vi } from "vitest";
import type { Runtime } from "../app/db/runtime.server.ts";
import { DEFERRED_MODULE_TYPE } from "../app/lib/late-module-preloads.server.ts";
import { PageCache } from "../app/lib/page-cache.server.ts";
import {
  BEST_COMPRESSION_AFTER_MS,
  inlineScriptHashes,
  isCacheablePath,
  pageCacheMiddleware,
  policyWithHashes,
  QUICK_BROTLI_QUALITY,
} from "./page-cache-middleware.ts";

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

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("a kept page's policy", () => {
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
    expect(inlineScriptHashes(html, "abc").sort()).toEqual(
      [sha('window.a = "é";'), sha('import "/assets/y.js";'), sha('import "/assets/z.js";')].sort(),
    );
  });

  it("leaves out inline scripts without the response's nonce", () => {
    const planted = [
      "<script>steal()</script>",
      '<script nonce="guess">steal(1)</script>',
      '<script nonce="ABC">steal(2)</script>',
      "<script nonce>steal(3)</script>",
      "<script data-note=' nonce=\"abc\"'>steal(4)</script>",
      '<img alt="<script nonce=abc>">',
    ].join("");
    const page = html.replace("</body>", `${planted}</body>`);
    expect(inlineScriptHashes(page, "abc").sort()).toEqual(inlineScriptHashes(html, "abc").sort());
    expect(inlineScriptHashes(page, "abc")).not.toContain(sha("steal()"));
    // Quoted either way or not at all, the nonce is the nonce.
    expect(
      inlineScriptHashes("<script nonce='abc'>a()</script><script nonce=abc>b()</script>", "abc"),
    ).toEqual([sha("a()"), sha("b()")]);
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

describe("a kept page", () => {
  it("allows by hash only the inline scripts rendered with the response's nonce", async () => {
    const cache = new PageCache();
    const runtime = { logger: { warn: () => undefined } } as unknown as Runtime;
    const { fill } = pageCacheMiddleware(runtime, cache);
    const nonce = "bm9uY2Utb2YtdGhpcy1yZXNwb25zZQ==";
    const ours = 'window.__reactRouterContext = {"url":"/"};';
    // A page as the site renders it, with a script planted by markup from the content (no nonce).
    const page = [
      "<!DOCTYPE html><html><head>",
      `<script nonce="${nonce}">${ours}</script>`,
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      "</head><body><p>A unit description <script>fetch('/steal?'+document.cookie)</script></p>",
      `<script nonce="${nonce}" type="module">import "/assets/entry.js";</script>`,
      "</body></html>",
    ].join("");
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = nonce;
      res.locals.pageCacheVersion = "v1";
      res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
      next();
    });
    app.use(fill);
    app.get("/", (_req, res) => {
      res.type("text/html").send(page);
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`);
      expect(await answer.text()).toBe(page);
      const kept = await vi.waitFor(() => {
        const hit = cache.get("/", "v1");
        if (!hit) throw new Error("not kept yet");
        return hit;
      });
      const policy = new Map(kept.headers).get("content-security-policy");
      expect(policy).toBe(`script-src 'self' ${sha(ours)} ${sha('import "/assets/entry.js";')}`);
      expect(policy).not.toContain(sha("fetch('/steal?'+document.cookie)"));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("is kept with quick brotli at once and with the best brotli once it stays unchanged", async () => {
    const cache = new PageCache();
    const runtime = { logger: { warn: () => undefined } } as unknown as Runtime;
    const { fill } = pageCacheMiddleware(runtime, cache);
    // A page like the site's: long, repetitive markup with some variety.
    const page = `<!DOCTYPE html><html><body>${Array.from(
      { length: 3000 },
      (_, i) => `<li class="card c${i % 7}"><a href="/units/u-${i}">Unit ${i * 7919}</a></li>`,
    ).join("")}</body></html>`;
    const app = express();
    app.use((_req, res, next) => {
      res.locals.pageCacheVersion = "v1";
      next();
    });
    app.use(fill);
    app.get("/", (_req, res) => {
      res.type("text/html").send(page);
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await (await fetch(`http://127.0.0.1:${port}/`)).text();
      const quick = await vi.waitFor(() => {
        const hit = cache.get("/", "v1");
        if (!hit) throw new Error("not kept yet");
        return hit;
      });
      const expected = brotliCompressSync(Buffer.from(page), {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: QUICK_BROTLI_QUALITY },
      }).length;
      expect(Math.abs(quick.bodies.br.length - expected)).toBeLessThan(expected / 20);
      const best = await vi.waitFor(
        () => {
          const hit = cache.get("/", "v1");
          if (!hit || hit === quick) throw new Error("not compressed again yet");
          return hit;
        },
        { timeout: BEST_COMPRESSION_AFTER_MS + 5_000 },
      );
      expect(best.bodies.br.length).toBeLessThan(quick.bodies.br.length);
      expect(brotliDecompressSync(best.bodies.br).toString()).toBe(page);
      expect(best.bodies.gzip).toBe(quick.bodies.gzip);
      expect(cache.totalBytes).toBe(
        best.bodies.br.length + best.bodies.gzip.length + best.bodies.identity.length,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

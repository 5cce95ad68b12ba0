import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type CachedPage,
  PageCache,
  type Revalidation,
  STALE_MAX_MS,
} from "./page-cache.server.ts";

const page = (size: number, version = "1"): CachedPage => ({
  status: 200,
  headers: [],
  bodies: { identity: Buffer.alloc(size), gzip: Buffer.alloc(0), br: Buffer.alloc(0) },
  version,
});

describe("PageCache", () => {
  it("returns an entry only for the version it was stored at", () => {
    const cache = new PageCache();
    cache.set("/", page(10, "1"));
    expect(cache.get("/", "1")?.bodies.identity.length).toBe(10);
    expect(cache.get("/", "2")).toBeUndefined();
    expect(cache.get("/", "1")).toBeUndefined();
    expect(cache.totalBytes).toBe(0);
  });

  it("drops the least recently used entries past its bounds", () => {
    const cache = new PageCache(2, 1000);
    cache.set("a", page(10));
    cache.set("b", page(10));
    cache.get("a", "1");
    cache.set("c", page(10));
    expect(cache.get("b", "1")).toBeUndefined();
    expect(cache.get("a", "1")).toBeDefined();
    expect(cache.get("c", "1")).toBeDefined();

    const small = new PageCache(10, 100);
    small.set("x", page(12));
    small.set("y", page(12));
    expect(small.size).toBe(2);
    // A page bigger than an eighth of the budget is not kept at all.
    small.set("big", page(90));
    expect(small.get("big", "1")).toBeUndefined();
    expect(small.size).toBe(2);
    for (let i = 0; i < 9; i++) small.set(`k${i}`, page(12));
    expect(small.totalBytes).toBeLessThanOrEqual(100);
    expect(small.size).toBe(8);
    expect(small.get("x", "1")).toBeUndefined();
  });

  it("counts every encoding of a page against its byte budget", () => {
    const cache = new PageCache(10, 100);
    const entry = (version: string): CachedPage => ({
      status: 200,
      headers: [],
      bodies: { identity: Buffer.alloc(6), gzip: Buffer.alloc(3), br: Buffer.alloc(2) },
      version,
    });
    cache.set("a", entry("1"));
    expect(cache.totalBytes).toBe(11);
    cache.set("a", entry("1"));
    expect(cache.totalBytes).toBe(11);
    expect(cache.get("a", "2")).toBeUndefined();
    expect(cache.totalBytes).toBe(0);
  });

  it("keeps the server's cache within a byte bound however many big pages it is given", () => {
    // The middleware's cache as the server makes it; its budget in the memory plan is 24 MiB.
    const cache = new PageCache();
    const budget = 24 * 1024 * 1024;
    expect(cache.maxBytes).toBeLessThanOrEqual(budget);
    for (let i = 0; i < 400; i++) {
      cache.set(`/units/u-${i}`, page(1024 * 1024));
      expect(cache.totalBytes).toBeLessThanOrEqual(budget);
    }
    // It still keeps pages: the newest ones, within the budget.
    expect(cache.get("/units/u-399", "1")).toBeDefined();
    expect(cache.size).toBe(Math.floor(cache.maxBytes / (1024 * 1024)));
  });

  describe("when the content version moves", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("keeps, marks stale or drops each page as told, and sends a stale page only for a while", () => {
      vi.useFakeTimers();
      const cache = new PageCache();
      for (const key of ["keep", "stale", "drop"]) cache.set(key, page(10, "1"));
      cache.set("older", page(10, "0"));
      cache.revalidate("1", "2", (key) => (key === "older" ? "keep" : (key as Revalidation)));
      expect(cache.get("keep", "2")?.version).toBe("2");
      expect(cache.get("drop", "2")).toBeUndefined();
      expect(cache.stale("drop")).toBeUndefined();
      // Stale: not a hit at the new version, but there to send while it is rendered again.
      expect(cache.get("stale", "2")).toBeUndefined();
      expect(cache.stale("stale")?.version).toBe("1");
      expect(cache.get("older", "2")).toBeUndefined();
      expect(cache.totalBytes).toBe(20);
      vi.advanceTimersByTime(STALE_MAX_MS);
      expect(cache.stale("stale")).toBeUndefined();
      expect(cache.get("stale", "2")).toBeUndefined();
      expect(cache.totalBytes).toBe(10);
    });

    it("drops a stale page that a later change touches, and never makes it fresh", () => {
      const cache = new PageCache();
      cache.set("a", page(10, "1"));
      cache.set("b", page(10, "1"));
      cache.revalidate("1", "2", () => "stale");
      cache.revalidate("2", "3", (key) => (key === "a" ? "drop" : "keep"));
      expect(cache.stale("a")).toBeUndefined();
      expect(cache.stale("b")).toBeDefined();
      expect(cache.get("b", "3")).toBeUndefined();
      expect(cache.totalBytes).toBe(10);
    });
  });
});

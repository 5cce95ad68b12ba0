import { describe, expect, it } from "vitest";
import { formatBaht, formatDate } from "./format.ts";
import { slugify } from "./slug.ts";

describe("formatBaht", () => {
  it.each([
    [0, "฿0"],
    [999, "฿999"],
    [35_000, "฿35,000"],
    [12_345_678, "฿12,345,678"],
    [1234.5, "฿1,235"],
  ])("%d is %s", (amount, text) => {
    expect(formatBaht(amount)).toBe(text);
  });
  it("groups digits the Russian way in Russian", () => {
    expect(formatBaht(180_000, "ru")).toBe("180\u00a0000\u00a0฿");
    expect(formatBaht(12_345_678, "ru")).toBe("12\u00a0345\u00a0678\u00a0฿");
    expect(formatBaht(999, "ru")).toBe("999\u00a0฿");
  });
});

describe("formatDate", () => {
  it("writes the date in the visitor's language", () => {
    expect(formatDate("2027-01-15", "en")).toBe("15 Jan 2027");
    expect(formatDate("2027-01-15", "ru")).toMatch(/^15 янв\.? 2027/);
  });
  it("does not shift the day in any time zone", () => {
    expect(formatDate("2027-03-01", "en")).toBe("1 Mar 2027");
  });
  it("returns text that is not a date as it is", () => {
    expect(formatDate("soon", "en")).toBe("soon");
  });
});

describe("slugify", () => {
  it.each([
    ["Canopy Pool Villa V-01", "canopy-pool-villa-v-01"],
    ["  Zen   Space -- Z/105 ", "zen-space-z-105"],
    ["Café Déjà Vu", "cafe-deja-vu"],
    ["Вилла", ""],
  ])("%s becomes %s", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
  it("keeps slugs to 80 characters without a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(79)} b`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});

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
    const zone = process.env.TZ;
    try {
      // From UTC-11 to UTC+14: a date read as local midnight, or written in local time, moves.
      for (const tz of [
        "Pacific/Pago_Pago",
        "America/Los_Angeles",
        "UTC",
        "Asia/Bangkok",
        "Pacific/Kiritimati",
      ]) {
        process.env.TZ = tz;
        expect(formatDate("2027-03-01", "en"), tz).toBe("1 Mar 2027");
        expect(formatDate("2027-03-01", "ru"), tz).toMatch(/^1 мар/);
      }
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
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

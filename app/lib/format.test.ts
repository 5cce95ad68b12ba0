import { describe, expect, it } from "vitest";
import { formatBaht, formatDate, formatMoney, formatMonthTitle, formatRate } from "./format.ts";
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

describe("formatMoney", () => {
  it("writes each currency as English readers expect it", () => {
    expect(formatMoney(5_230, "USD", "en")).toBe("$5,230");
    expect(formatMoney(4_400, "EUR", "en")).toBe("€4,400");
    expect(formatMoney(476_000, "RUB", "en")).toBe("₽476,000");
    expect(formatMoney(39_100, "CNY", "en")).toBe("CN¥39,100");
    expect(formatMoney(4_090, "GBP", "en")).toBe("£4,090");
    expect(formatMoney(8_370, "AUD", "en")).toBe("A$8,370");
  });
  it("groups digits the Russian way in Russian, the sign after the number", () => {
    expect(formatMoney(5_230, "USD", "ru")).toBe("5\u00a0230\u00a0$");
    expect(formatMoney(476_000, "RUB", "ru")).toBe("476\u00a0000\u00a0₽");
    expect(formatMoney(8_370, "AUD", "ru")).toBe("8\u00a0370\u00a0A$");
    expect(formatMoney(999, "EUR", "ru")).toBe("999\u00a0€");
  });
  it("shows no decimals", () => {
    expect(formatMoney(26.4, "GBP", "en")).toBe("£26");
  });
});

describe("formatRate", () => {
  it("keeps the decimals entered, in the language's way", () => {
    expect(formatRate(36.25, "en")).toBe("฿36.25");
    expect(formatRate(0.4123, "en")).toBe("฿0.4123");
    expect(formatRate(36.25, "ru")).toBe("36,25\u00a0฿");
    expect(formatRate(33, "en")).toBe("฿33");
  });
});

describe("formatMonthTitle", () => {
  it("raises the month's first letter only, never the Russian year's abbreviation", () => {
    expect(formatMonthTitle(2026, 11, "en")).toBe("November 2026");
    expect(formatMonthTitle(2026, 11, "ru")).toBe("Ноябрь 2026 г.");
    expect(formatMonthTitle(2027, 1, "ru")).toBe("Январь 2027 г.");
  });
});

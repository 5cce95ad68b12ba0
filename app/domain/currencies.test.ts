import { describe, expect, it } from "vitest";
import {
  type CurrencyRate,
  convertFromBaht,
  currencyInSearch,
  parseDisplayCurrency,
  rateInForce,
  searchWithCurrency,
} from "./currencies.ts";
import { businessToday } from "./date-time.ts";

const rates: CurrencyRate[] = [
  { currency: "USD", thbPerUnit: 34, appliesFrom: "2026-01-01" },
  { currency: "USD", thbPerUnit: 36.5, appliesFrom: "2026-11-23" },
  { currency: "USD", thbPerUnit: 35, appliesFrom: "2026-06-01" },
  { currency: "EUR", thbPerUnit: 39, appliesFrom: "2026-11-30" },
];

describe("rateInForce", () => {
  it("takes the latest rate whose day has come, in any order of entry", () => {
    expect(rateInForce(rates, "USD", "2026-11-22")?.thbPerUnit).toBe(35);
    expect(rateInForce(rates, "USD", "2026-11-23")?.thbPerUnit).toBe(36.5);
    expect(rateInForce(rates, "USD", "2027-05-01")?.thbPerUnit).toBe(36.5);
    expect(rateInForce(rates, "USD", "2026-01-01")?.thbPerUnit).toBe(34);
  });
  it("has none before the first rate of the currency, nor for another currency", () => {
    expect(rateInForce(rates, "USD", "2025-12-31")).toBeUndefined();
    expect(rateInForce(rates, "EUR", "2026-11-29")).toBeUndefined();
    expect(rateInForce(rates, "GBP", "2026-11-29")).toBeUndefined();
  });
});

describe("a rate's first day", () => {
  it("makes a rate from the 23rd apply from midnight in Phuket", () => {
    const before = businessToday(new Date("2026-11-22T16:59:59Z"));
    const after = businessToday(new Date("2026-11-22T17:00:00Z"));
    expect(rateInForce(rates, "USD", before)?.thbPerUnit).toBe(35);
    expect(rateInForce(rates, "USD", after)?.thbPerUnit).toBe(36.5);
  });
});

describe("convertFromBaht", () => {
  it.each([
    [180_000, 36.5, 4_930], // 4,931.5 to three significant digits
    [35_000, 33, 1_060], // 1,060.6
    [45_000, 0.4, 113_000], // roubles: 112,500
    [12_000, 38, 316], // 315.8
    [1_000, 38, 26], // 26.3: whole units, no cents
    [10, 44, 0], // 0.23 rounds to nothing
    [99_950, 1, 100_000], // 99,950 rounds up a digit
  ])("฿%d at %d is %d", (thb, rate, expected) => {
    expect(convertFromBaht(thb, rate)).toBe(expected);
  });
  it("never returns a negative, infinite or NaN amount", () => {
    expect(convertFromBaht(1000, 0)).toBe(0);
    expect(convertFromBaht(0, 36)).toBe(0);
    expect(convertFromBaht(Number.NaN, 36)).toBe(0);
  });
});

describe("the currency in a URL", () => {
  it("reads only the exact codes of display currencies", () => {
    expect(parseDisplayCurrency("USD")).toBe("USD");
    expect(parseDisplayCurrency("usd")).toBeUndefined();
    expect(parseDisplayCurrency("THB")).toBeUndefined();
    expect(parseDisplayCurrency("JPY")).toBeUndefined();
    expect(parseDisplayCurrency(null)).toBeUndefined();
  });
  it("sets the currency and keeps the rest of the query; baht leaves it out", () => {
    expect(searchWithCurrency("?type=villa&page=2", "EUR")).toBe("?type=villa&page=2&currency=EUR");
    expect(searchWithCurrency("?currency=EUR&type=villa", "RUB")).toBe("?currency=RUB&type=villa");
    expect(searchWithCurrency("?currency=EUR&type=villa", "THB")).toBe("?type=villa");
    expect(searchWithCurrency("?currency=EUR", "THB")).toBe("");
    expect(searchWithCurrency("", "GBP")).toBe("?currency=GBP");
  });
  it("names the choice in a query, baht included, and nothing for an unknown one", () => {
    expect(currencyInSearch("?currency=AUD")).toBe("AUD");
    expect(currencyInSearch("?currency=THB")).toBe("THB");
    expect(currencyInSearch("?currency=XYZ")).toBeUndefined();
    expect(currencyInSearch("?type=villa")).toBeUndefined();
  });
});

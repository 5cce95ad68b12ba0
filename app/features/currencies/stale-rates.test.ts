import { describe, expect, it } from "vitest";
import { STALE_RATE_DAYS, staleRates } from "./rates-page.tsx";

describe("old exchange rates", () => {
  const inForce = [
    { currency: "USD", rate: { appliesFrom: "2026-01-01" } },
    { currency: "EUR", rate: { appliesFrom: "2026-11-20" } },
    { currency: "CNY", rate: null },
  ];

  it("are the rates in force for more than the limit, with their age in days", () => {
    // 1 Jan to 1 Nov 2026 is 31+28+31+30+31+30+31+31+30+31 = 304 days; to 26 Nov, 25 more.
    expect(staleRates(inForce, "2026-11-26")).toEqual([
      { currency: "USD", appliesFrom: "2026-01-01", days: 329 },
    ]);
  });

  it("leave out a rate exactly at the limit, and currencies with no rate", () => {
    expect(STALE_RATE_DAYS).toBe(30);
    expect(staleRates(inForce, "2026-01-31")).toEqual([]);
    expect(staleRates(inForce, "2026-02-01")).toEqual([
      { currency: "USD", appliesFrom: "2026-01-01", days: 31 },
    ]);
  });
});

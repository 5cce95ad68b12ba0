import type { CurrencyRate } from "../../domain/currencies.ts";

/**
 * Demo exchange rates, seeded with the demo portfolio so the currency picker shows something:
 * round figures near the market of late 2026, dated 2026-01-01. They are not real rates: an
 * installation enters its own in the admin (Currencies).
 */
export const DEMO_RATES: readonly CurrencyRate[] = [
  { currency: "USD", thbPerUnit: 33, appliesFrom: "2026-01-01" },
  { currency: "EUR", thbPerUnit: 38, appliesFrom: "2026-01-01" },
  { currency: "RUB", thbPerUnit: 0.4, appliesFrom: "2026-01-01" },
  { currency: "CNY", thbPerUnit: 4.6, appliesFrom: "2026-01-01" },
  { currency: "GBP", thbPerUnit: 44, appliesFrom: "2026-01-01" },
  { currency: "AUD", thbPerUnit: 21.5, appliesFrom: "2026-01-01" },
];

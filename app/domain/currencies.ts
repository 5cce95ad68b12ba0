import { isOneOf } from "./values.ts";

/** The price of record: every rent is set and charged in Thai baht. */
export const BASE_CURRENCY = "THB";

/** Currencies a visitor may see prices in, besides baht (ISO 4217 codes). */
export const DISPLAY_CURRENCIES = ["USD", "EUR", "RUB", "CNY", "GBP", "AUD"] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

/** Every choice of the currency picker, baht first. */
export const CURRENCY_CHOICES = [BASE_CURRENCY, ...DISPLAY_CURRENCIES] as const;
export type CurrencyChoice = (typeof CURRENCY_CHOICES)[number];

/** The query parameter that carries the visitor's currency (absent: baht). */
export const CURRENCY_PARAM = "currency";

/** A display currency from a URL value, exactly as written ("USD"), or undefined. */
export function parseDisplayCurrency(
  value: string | null | undefined,
): DisplayCurrency | undefined {
  return value && isOneOf(DISPLAY_CURRENCIES, value) ? value : undefined;
}

/** Bounds of a rate the admin may enter: baht for one unit of the currency. */
export const RATE_LIMITS = { min: 0.0001, max: 100_000, maxDecimals: 6 } as const;

/** A rate as stored: `thbPerUnit` baht buy one unit of `currency` from `appliesFrom` (YYYY-MM-DD). */
export interface CurrencyRate {
  currency: DisplayCurrency;
  thbPerUnit: number;
  appliesFrom: string;
}

/**
 * The rate of `currency` in force on `day`: the one with the latest `appliesFrom` on or before
 * that day; undefined when none has started yet.
 */
export function rateInForce<R extends CurrencyRate>(
  rates: readonly R[],
  currency: DisplayCurrency,
  day: string,
): R | undefined {
  let best: R | undefined;
  for (const rate of rates) {
    if (rate.currency !== currency || rate.appliesFrom > day) continue;
    if (!best || rate.appliesFrom > best.appliesFrom) best = rate;
  }
  return best;
}

/**
 * Baht in the other currency, rounded as an approximate price should be: to three significant
 * digits (฿180,000 at 36.5 is 4,931.5, shown as 4,930), never finer than a whole unit.
 */
export function convertFromBaht(amountThb: number, thbPerUnit: number): number {
  const exact = amountThb / thbPerUnit;
  if (!Number.isFinite(exact) || exact <= 0) return 0;
  const step = Math.max(1, 10 ** (Math.floor(Math.log10(exact)) - 2));
  return Math.round(exact / step) * step;
}

/** What a page needs to show prices in the visitor's currency; `rate` null: none entered yet. */
export interface PriceCurrency {
  currency: DisplayCurrency;
  rate: { thbPerUnit: number; appliesFrom: string } | null;
}

/** A URL's query (`?a=1` or "") with the currency set to `choice`; baht leaves it out. */
export function searchWithCurrency(search: string, choice: CurrencyChoice): string {
  const params = new URLSearchParams(search);
  if (choice === BASE_CURRENCY) params.delete(CURRENCY_PARAM);
  else params.set(CURRENCY_PARAM, choice);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The valid currency choice a URL's query names, if any ("THB" included). */
export function currencyInSearch(search: string): CurrencyChoice | undefined {
  const value = new URLSearchParams(search).get(CURRENCY_PARAM);
  return isOneOf(CURRENCY_CHOICES, value) ? value : undefined;
}

import { z } from "zod";
import { DISPLAY_CURRENCIES, RATE_LIMITS } from "../../domain/currencies.ts";
import { isIsoDay, plusDays } from "../../domain/date-time.ts";

/** The earliest day a rate may apply from. */
export const EARLIEST_RATE_DAY = "2000-01-01";
/** How far ahead a rate may be entered: a year and a day. */
export const MAX_DAYS_AHEAD = 366;

const RATE_TEXT = new RegExp(`^\\d{1,6}(\\.\\d{1,${RATE_LIMITS.maxDecimals}})?$`);

/**
 * A new rate as the admin enters it on `today` (a Phuket day): a display currency, baht for one
 * unit (a decimal point or comma, at most six decimals, from 0.0001 to 100,000), and the day it
 * applies from (from 2000 to a year ahead).
 */
export function rateFormSchema(today: string) {
  const latest = plusDays(today, MAX_DAYS_AHEAD);
  return z.object({
    currency: z.enum(DISPLAY_CURRENCIES, {
      error: `Choose a currency: ${DISPLAY_CURRENCIES.join(", ")}`,
    }),
    thbPerUnit: z
      .string({ error: "Enter the rate in baht for one unit of the currency" })
      .trim()
      .min(1, "Enter the rate in baht for one unit of the currency")
      .max(20, "The rate is too long: at most six digits, a point and six decimals")
      .transform((v) => v.replace(",", "."))
      .refine(
        (v) => RATE_TEXT.test(v),
        `The rate must be a number such as 36.25, with at most ${RATE_LIMITS.maxDecimals} decimals`,
      )
      .transform(Number)
      .refine(
        (v) => v >= RATE_LIMITS.min && v <= RATE_LIMITS.max,
        `The rate must be from ${RATE_LIMITS.min} to ${RATE_LIMITS.max.toLocaleString("en-US")} baht`,
      ),
    appliesFrom: z
      .string({ error: "Enter the day the rate applies from" })
      .trim()
      .min(1, "Enter the day the rate applies from")
      .refine((v) => v.length === 10 && isIsoDay(v), "The day must be a date like 2026-12-01")
      .refine(
        (v) => v >= EARLIEST_RATE_DAY && v <= latest,
        `The day must be from ${EARLIEST_RATE_DAY} to ${latest}`,
      ),
  });
}
export type RateInput = z.infer<ReturnType<typeof rateFormSchema>>;

/** The answer of the rates page's action, shown as a toast and beside the fields. */
export interface RatesActionResult {
  ok: boolean;
  message: string;
  /** The first message of each field: `currency`, `thbPerUnit`, `appliesFrom`. */
  fieldErrors?: Record<string, string>;
}

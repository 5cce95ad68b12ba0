import { data } from "react-router";
import { getRuntime } from "../../db/runtime.server.ts";
import { DISPLAY_CURRENCIES, type DisplayCurrency, rateInForce } from "../../domain/currencies.ts";
import { businessToday } from "../../domain/date-time.ts";
import { fieldErrorsOf } from "../../lib/form-schema.ts";
import { parseId, readForm } from "../../lib/request-body.server.ts";
import { type RatesActionResult, rateFormSchema } from "./rate-schema.ts";
import { addRate, listRates, RateTakenError, removeRate, type StoredRate } from "./rates.server.ts";

/** The admin's rates page: today's Phuket day, the rate in force per currency, every entry. */
export async function loadRatesPage(now: Date = new Date()) {
  const rates = await listRates(getRuntime().database.db);
  const today = businessToday(now);
  const inForce = DISPLAY_CURRENCIES.map((currency) => ({
    currency,
    rate: rateInForce(rates, currency, today) ?? null,
    next:
      rates
        .filter((r) => r.currency === currency && r.appliesFrom > today)
        .sort((a, b) => a.appliesFrom.localeCompare(b.appliesFrom))[0] ?? null,
  })) satisfies { currency: DisplayCurrency; rate: StoredRate | null; next: StoredRate | null }[];
  return { today, rates, inForce };
}

const answer = (result: RatesActionResult, status = 200) =>
  status === 200 ? result : data(result, { status });

/**
 * The rates page's posts, told apart by `intent`: `add` a rate (400 with each field's message,
 * 409 when the currency already has a rate from that day), `remove` one (404 when unknown).
 */
export async function ratesAction(request: Request, adminUserId: number, now: Date = new Date()) {
  const db = getRuntime().database.db;
  const fields = Object.fromEntries(await readForm(request));
  switch (fields.intent) {
    case "add": {
      const parsed = rateFormSchema(businessToday(now)).safeParse(fields);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        const message = Object.values(fieldErrors)[0] ?? "The rate could not be read.";
        return answer({ ok: false, message, fieldErrors }, 400);
      }
      try {
        await addRate(db, parsed.data, adminUserId);
      } catch (error) {
        if (!(error instanceof RateTakenError)) throw error;
        return answer(
          {
            ok: false,
            message: `${parsed.data.currency} already has a rate from ${parsed.data.appliesFrom}: remove it first to enter another.`,
            fieldErrors: { appliesFrom: "This currency already has a rate from this day" },
          },
          409,
        );
      }
      return answer({
        ok: true,
        message: `Rate saved: 1 ${parsed.data.currency} = ${parsed.data.thbPerUnit} THB from ${parsed.data.appliesFrom}.`,
      });
    }
    case "remove": {
      const id = parseId(fields.id);
      if (id === null || !(await removeRate(db, id, adminUserId)))
        return answer({ ok: false, message: "That rate no longer exists." }, 404);
      return answer({ ok: true, message: "Rate removed." });
    }
    default:
      return answer({ ok: false, message: "Unknown action" }, 400);
  }
}

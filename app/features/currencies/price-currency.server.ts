import { currentLogger, getRuntime } from "../../db/runtime.server.ts";
import {
  CURRENCY_PARAM,
  type PriceCurrency,
  parseDisplayCurrency,
} from "../../domain/currencies.ts";
import { priceCurrencyFor } from "./rates.server.ts";

/**
 * The currency a public page's URL asks prices in, with the rate in force today; null for baht.
 * Only the URL decides (pages are cached by URL). Without a database the rate is null (prices in
 * baht with a note) and `cacheable` false.
 */
export async function loadPriceCurrency(
  url: URL,
): Promise<{ priceCurrency: PriceCurrency | null; cacheable: boolean }> {
  const currency = parseDisplayCurrency(url.searchParams.get(CURRENCY_PARAM));
  if (!currency) return { priceCurrency: null, cacheable: true };
  const { database, databaseReady } = getRuntime();
  if (!databaseReady) return { priceCurrency: { currency, rate: null }, cacheable: false };
  try {
    return { priceCurrency: await priceCurrencyFor(database.db, currency), cacheable: true };
  } catch (error) {
    currentLogger().warn({ err: error }, "could not read the exchange rate");
    return { priceCurrency: { currency, rate: null }, cacheable: false };
  }
}

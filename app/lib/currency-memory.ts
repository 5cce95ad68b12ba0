import { CURRENCY_CHOICES, type CurrencyChoice } from "../domain/currencies.ts";
import { isOneOf } from "../domain/values.ts";

const STORAGE_KEY = "currency";

/** The currency this browser last chose, if it can tell (storage may be off or full). */
export function rememberedCurrency(): CurrencyChoice | undefined {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isOneOf(CURRENCY_CHOICES, value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function rememberCurrency(choice: CurrencyChoice): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Private mode or storage full: the choice still holds in the URL.
  }
}

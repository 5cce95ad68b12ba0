import { BASE_CURRENCY, CURRENCY_CHOICES, type CurrencyChoice } from "../domain/currencies.ts";
import { isOneOf } from "../domain/values.ts";

const STORAGE_KEY = "currency";
/**
 * The cookie that tells the server a visitor's currency, so a page opened without one in its
 * address is redirected to it before anything is painted (server/currency-redirect.ts).
 */
export const CURRENCY_COOKIE = "currency";

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
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox.
  document.cookie =
    choice === BASE_CURRENCY
      ? `${CURRENCY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${CURRENCY_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  try {
    window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Private mode or storage full: the choice still holds in the URL.
  }
}

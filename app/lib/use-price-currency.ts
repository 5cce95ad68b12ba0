import { useRouteLoaderData } from "react-router";
import { CURRENCY_PARAM, type PriceCurrency } from "../domain/currencies.ts";

/**
 * The currency the URL asks prices in, with the rate in force, as the root loader read them;
 * undefined for baht (no `currency` in the URL, or an unknown one).
 */
export function usePriceCurrency(): PriceCurrency | undefined {
  return (
    useRouteLoaderData<{ priceCurrency?: PriceCurrency | null }>("root")?.priceCurrency ?? undefined
  );
}

/** `href` (a path with or without query and hash) carrying `currency=` when one is chosen. */
export function withCurrency(href: string, currency: string | undefined): string {
  if (!currency) return href;
  const hashAt = href.indexOf("#");
  const [base, hash] = hashAt < 0 ? [href, ""] : [href.slice(0, hashAt), href.slice(hashAt)];
  return `${base}${base.includes("?") ? "&" : "?"}${CURRENCY_PARAM}=${currency}${hash}`;
}

/** Links within the site that keep the visitor's currency. */
export function useCurrencyLink(): (href: string) => string {
  const currency = usePriceCurrency()?.currency;
  return (href) => withCurrency(href, currency);
}

import type { RequestHandler } from "express";
import {
  BASE_CURRENCY,
  CURRENCY_PARAM,
  currencyInSearch,
  searchWithCurrency,
} from "../app/domain/currencies.ts";
import { sitePath } from "../app/i18n/languages.ts";
import { CURRENCY_COOKIE } from "../app/lib/currency-memory.ts";

/** Paths that are never a page with prices: the admin, files, the API, data requests. */
const NOT_A_PAGE = /^\/(admin|media|assets|api)(\/|$)|\.[a-z0-9]+$/i;

/** The currency a `Cookie` header remembers, if it names one the picker offers. */
export function currencyInCookie(header: string | undefined) {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(";")) {
    const [name, value] = part.split("=", 2);
    if (name?.trim() === CURRENCY_COOKIE)
      return currencyInSearch(`${CURRENCY_PARAM}=${value?.trim() ?? ""}`);
  }
  return undefined;
}

/**
 * A returning visitor who chose a currency opens a page whose address names none: answered with
 * a redirect to the same address with it, so the first paint already shows their prices. The
 * server keeps rendering from the URL alone (pages stay cacheable); the cookie only steers this
 * redirect, which itself is never cached.
 */
export function rememberedCurrencyRedirect(): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || NOT_A_PAGE.test(req.path)) return next();
    const remembered = currencyInCookie(req.headers.cookie);
    if (!remembered || remembered === BASE_CURRENCY) return next();
    const query = req.originalUrl.slice(req.path.length);
    if (new URLSearchParams(query).has(CURRENCY_PARAM)) return next();
    res.set("Cache-Control", "private, no-store");
    res.set("Vary", "Cookie");
    // sitePath: "//other.example" stays a path on this site, never another site's address.
    res.redirect(302, `${sitePath(req.path)}${searchWithCurrency(query, remembered)}`);
  };
}

import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import {
  BASE_CURRENCY,
  CURRENCY_CHOICES,
  CURRENCY_PARAM,
  type CurrencyChoice,
  currencyInSearch,
  searchWithCurrency,
} from "../domain/currencies.ts";
import { isOneOf } from "../domain/values.ts";
import { useT } from "../i18n/use-t.tsx";
import { rememberCurrency, rememberedCurrency } from "../lib/currency-memory.ts";

/**
 * The visitor's currency: a GET form (works without JavaScript) whose choice goes into the URL as
 * `currency=`. With JavaScript a choice applies at once and is remembered in this browser; a page
 * opened without `currency=` then moves to the same URL with the remembered one. The server
 * renders from the URL alone, so cached pages stay right for everyone.
 */
export function CurrencyPicker() {
  const { t } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname, search, hash } = location;
  const current = currencyInSearch(search) ?? BASE_CURRENCY;
  const tried = useRef("");

  useEffect(() => {
    const inUrl = currencyInSearch(search);
    if (inUrl) {
      rememberCurrency(inUrl);
      return;
    }
    const remembered = rememberedCurrency();
    // Once per address, so a page that drops the parameter again cannot loop.
    if (!remembered || remembered === BASE_CURRENCY || tried.current === pathname + search) return;
    tried.current = pathname + search;
    navigate(
      { pathname, search: searchWithCurrency(search, remembered), hash },
      { replace: true, preventScrollReset: true, state: location.state },
    );
  }, [pathname, search, hash, navigate, location.state]);

  const choose = (choice: CurrencyChoice) => {
    rememberCurrency(choice);
    navigate(
      { pathname, search: searchWithCurrency(search, choice), hash },
      { preventScrollReset: true },
    );
  };

  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== CURRENCY_PARAM);
  return (
    <Form
      method="get"
      action={pathname}
      className="flex items-center gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get(CURRENCY_PARAM);
        if (isOneOf(CURRENCY_CHOICES, value)) choose(value);
      }}
    >
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label>
        <span className="sr-only">{t("currency.label")}</span>
        <select
          key={current}
          name={CURRENCY_PARAM}
          defaultValue={current}
          data-testid="currency-picker"
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="rounded-full border border-sand-200 bg-white py-1.5 pr-0.5 pl-1.5 text-sm font-semibold sm:pr-1 sm:pl-2 text-sea-900 focus-visible:outline-2 focus-visible:outline-sea-700"
        >
          {CURRENCY_CHOICES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      {/* Only without JavaScript (with it, a choice applies at once). */}
      <noscript>
        <button
          type="submit"
          className="rounded-full px-2 py-1.5 text-sm font-semibold text-sea-900 underline"
        >
          {t("currency.apply")}
        </button>
      </noscript>
    </Form>
  );
}

import { convertFromBaht } from "../domain/currencies.ts";
import { useT } from "../i18n/use-t.tsx";
import { formatBaht, formatDate, formatMoney, formatRate } from "../lib/format.ts";
import { usePriceCurrency } from "../lib/use-price-currency.ts";

export interface PriceFormat {
  /** Whether prices show in another currency (a rate is in force for the visitor's choice). */
  converted: boolean;
  /** A baht amount as the visitor asked: "≈ $5,230", or "฿180,000" in baht. */
  shown(amountThb: number): string;
}

/** Formats baht amounts in the currency of the URL, marked approximate when converted. */
export function usePriceFormat(): PriceFormat {
  const { lang } = useT();
  const choice = usePriceCurrency();
  const rate = choice?.rate;
  if (!choice || !rate) return { converted: false, shown: (thb) => formatBaht(thb, lang) };
  return {
    converted: true,
    shown: (thb) =>
      `≈\u00a0${formatMoney(convertFromBaht(thb, rate.thbPerUnit), choice.currency, lang)}`,
  };
}

/**
 * The line that goes with converted prices: approximate, at which rate of which day, paid in
 * baht; or, with no rate for the chosen currency, that prices stay in baht. Nothing in baht.
 */
export function PriceNote({ className = "" }: { className?: string }) {
  const { t, lang } = useT();
  const choice = usePriceCurrency();
  if (!choice) return null;
  const { currency, rate } = choice;
  return (
    <p className={`text-sm ${className}`} data-testid="price-note">
      {rate
        ? t("currency.approximate", {
            currency: t(`currency.code.${currency}`),
            date: formatDate(rate.appliesFrom, lang),
            rate: formatRate(rate.thbPerUnit, lang),
            one: formatMoney(1, currency, lang),
          })
        : t("currency.noRate", { code: currency })}
    </p>
  );
}

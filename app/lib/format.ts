import type { DisplayCurrency } from "../domain/currencies.ts";
import type { Language } from "../i18n/languages.ts";

/** The locale each language formats dates and numbers in. */
export const LOCALES: Record<Language, string> = { en: "en-GB", ru: "ru-RU" };

/**
 * One formatter per language and kind, made when first asked for. Making an Intl formatter costs
 * far more than formatting with it (about 150 µs against 1 µs): a unit page formats a dozen
 * month titles, and `new Intl.*` on each call made a new formatter every time.
 */
function perLanguage<T>(make: (lang: Language) => T): (lang: Language) => T {
  const made = new Map<Language, T>();
  return (lang) => {
    let value = made.get(lang);
    if (value === undefined) {
      value = make(lang);
      made.set(lang, value);
    }
    return value;
  };
}

const dateFormat = perLanguage(
  (lang) =>
    new Intl.DateTimeFormat(LOCALES[lang], {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }),
);
const monthTitleFormat = perLanguage(
  (lang) =>
    new Intl.DateTimeFormat(LOCALES[lang], { month: "long", year: "numeric", timeZone: "UTC" }),
);
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Whole baht with the ฿ sign and thousands separators as the language writes them:
 * "฿35,000" in English, "35 000 ฿" in Russian (no-break spaces, sign after the number).
 */
export function formatBaht(amount: number, lang: Language = "en"): string {
  const whole = Math.round(amount);
  if (lang === "ru") return `${whole.toLocaleString("ru-RU")}\u00a0฿`;
  return `฿${whole.toLocaleString("en-US")}`;
}

/** An ISO date (YYYY-MM-DD) in the visitor's language: "15 Jan 2027" / "15 янв. 2027 г.". */
export function formatDate(isoDate: string, lang: Language): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  if (!y || !m || !d) return isoDate;
  return dateFormat(lang).format(Date.UTC(y, m - 1, d));
}

/**
 * A month's heading in the visitor's language: "November 2026", "Ноябрь 2026 г.". Only its first
 * letter is raised (CSS `capitalize` would also raise the "г." of the Russian year).
 */
export function formatMonthTitle(year: number, month: number, lang: Language): string {
  const name = monthTitleFormat(lang).format(Date.UTC(year, month - 1, 1));
  return name.charAt(0).toLocaleUpperCase(LOCALES[lang]) + name.slice(1);
}

/**
 * How each currency is written: the sign a visitor reads at once ("$" for US dollars, "₽" for
 * roubles), a longer one where a bare sign would be ambiguous ("A$", "CN¥").
 */
const CURRENCY_DISPLAY: Record<DisplayCurrency, "symbol" | "narrowSymbol"> = {
  USD: "narrowSymbol",
  EUR: "symbol",
  RUB: "narrowSymbol",
  CNY: "symbol",
  GBP: "symbol",
  AUD: "symbol",
};

/**
 * A whole amount of a foreign currency as the language writes it: "$5,230" and "A$4,100" in
 * English, "5 230 $" and "476 000 ₽" in Russian (digits grouped with no-break spaces, as baht).
 */
export function formatMoney(amount: number, currency: DisplayCurrency, lang: Language): string {
  const key = `${lang} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], {
      style: "currency",
      currency,
      currencyDisplay: CURRENCY_DISPLAY[currency],
      maximumFractionDigits: 0,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

/** Baht for one unit of a currency, as precise as entered: "฿36.25", "0,4123 ฿" in Russian. */
export function formatRate(thbPerUnit: number, lang: Language): string {
  const digits = thbPerUnit.toLocaleString(LOCALES[lang], { maximumFractionDigits: 6 });
  return lang === "ru" ? `${digits}\u00a0฿` : `฿${digits}`;
}

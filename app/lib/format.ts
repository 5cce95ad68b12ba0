import type { Language } from "../i18n/languages.ts";

const LOCALES: Record<Language, string> = { en: "en-GB", ru: "ru-RU" };

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
  return new Intl.DateTimeFormat(LOCALES[lang], {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

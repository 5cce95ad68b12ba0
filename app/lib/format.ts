import type { Language } from "../i18n/languages.ts";

const LOCALES: Record<Language, string> = { en: "en-GB", ru: "ru-RU" };

/** Whole baht with the ฿ sign and thousands separators: ฿35,000. */
export function formatBaht(amount: number): string {
  return `฿${Math.round(amount).toLocaleString("en-US")}`;
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

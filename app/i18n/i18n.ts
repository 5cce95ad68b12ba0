import i18next, { type i18n } from "i18next";
import { en } from "./en.ts";
import { ru } from "./ru.ts";

export const LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

const resources = { en: { translation: en }, ru: { translation: ru } };

/** English lives at the root, Russian under /ru. */
export function languageFromPath(pathname: string): Language {
  return pathname === "/ru" || pathname.startsWith("/ru/") ? "ru" : "en";
}

/** The same page in `lang`: `/units/x` becomes `/ru/units/x` and back. */
export function localizePath(pathname: string, lang: Language): string {
  const bare = languageFromPath(pathname) === "ru" ? pathname.slice(3) || "/" : pathname;
  if (lang === "en") return bare;
  return bare === "/" ? "/ru" : `/ru${bare}`;
}

/** A ready i18next instance for one language; made per request on the server. */
export function createI18n(lang: Language): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

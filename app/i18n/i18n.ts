import i18next, { type i18n } from "i18next";
import { en } from "./en.ts";
import type { Language } from "./languages.ts";
import { ru } from "./ru.ts";

const resources = { en: { translation: en }, ru: { translation: ru } };

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

import { en } from "./en.ts";
import type { Language } from "./languages.ts";
import { ru } from "./ru.ts";
import { createTranslator, type TranslateFunction } from "./translate.ts";

const MESSAGES = { en, ru } as const;

export interface I18n {
  lang: Language;
  t: TranslateFunction;
}

/** The translator of one language, for components (through the provider) and meta functions. */
export function createI18n(lang: Language): I18n {
  return { lang, t: createTranslator(lang, MESSAGES[lang]) };
}

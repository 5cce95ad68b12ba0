import { en } from "./en.ts";
import type { Language } from "./languages.ts";
import { ru } from "./ru.ts";
import { createTranslator, type Dictionary, type I18n } from "./translate.ts";

const MESSAGES = { en, ru } as const;

/**
 * The texts of one language. The root loader sends them with the page, so the browser loads the
 * dictionary of the page's language only, and as data rather than JavaScript.
 */
export function messagesFor(lang: Language): Dictionary {
  return MESSAGES[lang];
}

/** The translator of one language on the server (loaders, tests). */
export function createI18n(lang: Language): I18n {
  return { lang, t: createTranslator(lang, MESSAGES[lang]) };
}

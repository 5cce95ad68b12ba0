import { en } from "./en.ts";
import type { Language } from "./languages.ts";
import { mailEn } from "./mail-en.ts";
import { mailRu } from "./mail-ru.ts";
import { ru } from "./ru.ts";
import {
  createTranslator,
  type Dictionary,
  type I18n,
  type KeysOf,
  type TranslateFunction,
} from "./translate.ts";

const MESSAGES = { en, ru } as const;

/** The pages' texts and, under `mail`, the mails' texts: what the server writes to visitors. */
const MAIL_MESSAGES = {
  en: { ...en, mail: mailEn },
  ru: { ...ru, mail: mailRu },
} as const;

export type MailTranslationKey = KeysOf<(typeof MAIL_MESSAGES)["en"]>;

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

/**
 * The translator of the mails to visitors: every page text, and the mails' own under `mail.`,
 * which stay on the server (pages never send them to the browser).
 */
export function createMailI18n(lang: Language): {
  lang: Language;
  t: TranslateFunction<MailTranslationKey>;
} {
  return { lang, t: createTranslator<MailTranslationKey>(lang, MAIL_MESSAGES[lang]) };
}

import type { en } from "./en.ts";
import type { Language } from "./languages.ts";

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
type StripPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every key of the English texts as a dotted path; plural forms count as their base key. */
type Keys<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${StripPlural<K>}`
    : T[K] extends readonly string[]
      ? `${Prefix}${K}`
      : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TranslationKey = Keys<typeof en>;

export interface TranslateOptions {
  /** Picks the plural form (`key_one`, `key_few`, ...) and is available as {{count}}. */
  count?: number;
  [name: string]: string | number | boolean | undefined;
}

export interface TranslateFunction {
  /** A list of texts (for example the steps of a story). */
  (key: TranslationKey, options: TranslateOptions & { returnObjects: true }): readonly string[];
  (key: TranslationKey, options?: TranslateOptions): string;
}

export type Dictionary = { readonly [key: string]: string | readonly string[] | Dictionary };

export interface I18n {
  lang: Language;
  t: TranslateFunction;
}

const PLURAL_LOCALES: Record<Language, string> = { en: "en", ru: "ru" };

/**
 * The site's translator: dotted keys, {{name}} interpolation and plural forms by the language's
 * own rules (Russian has one, few and many). A missing key shows the key itself.
 */
export function createTranslator(lang: Language, messages: Dictionary): TranslateFunction {
  const plurals = new Intl.PluralRules(PLURAL_LOCALES[lang]);
  const lookup = (path: string): string | readonly string[] | undefined => {
    let node: string | readonly string[] | Dictionary | undefined = messages;
    for (const part of path.split(".")) {
      if (node === undefined || typeof node === "string" || Array.isArray(node)) return undefined;
      node = (node as Dictionary)[part];
    }
    return typeof node === "string" || Array.isArray(node)
      ? (node as string | readonly string[])
      : undefined;
  };

  function t(key: TranslationKey, options: TranslateOptions = {}): string | readonly string[] {
    const { count } = options;
    const found =
      (typeof count === "number" &&
        (lookup(`${key}_${plurals.select(count)}`) ?? lookup(`${key}_other`))) ||
      lookup(key);
    if (found === undefined) return key;
    if (Array.isArray(found)) return options.returnObjects ? found : key;
    return (found as string).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
      const value = options[name];
      return value === undefined ? whole : String(value);
    });
  }
  return t as TranslateFunction;
}

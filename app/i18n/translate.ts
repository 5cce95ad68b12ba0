import {
  REVENUE_SHARE_COMPANY_PERCENT,
  REVENUE_SHARE_OWNER_PERCENT,
  ROI_FREE_NIGHTS,
  ROI_PAYOUTS_PER_YEAR,
  ROI_PROJECTION_YEARS,
  ROI_RATE_PERCENT,
} from "../domain/owner-programs.ts";
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

/** Every key of a catalogue shaped like the English one. */
export type KeysOf<T> = Keys<T>;
export type TranslationKey = Keys<typeof en>;

export interface TranslateOptions {
  /** Picks the plural form (`key_one`, `key_few`, ...) and is available as {{count}}. */
  count?: number;
  [name: string]: string | number | boolean | undefined;
}

export interface TranslateFunction<Key extends string = TranslationKey> {
  /** A list of texts (for example the steps of a story). */
  (key: Key, options: TranslateOptions & { returnObjects: true }): readonly string[];
  (key: Key, options?: TranslateOptions): string;
}

export type Dictionary = { readonly [key: string]: string | readonly string[] | Dictionary };

export interface I18n {
  lang: Language;
  t: TranslateFunction;
}

const PLURAL_LOCALES: Record<Language, string> = { en: "en", ru: "ru" };
const NUMBER_LOCALES: Record<Language, string> = { en: "en-US", ru: "ru-RU" };

/**
 * Made once per language: a translator is made for every page rendered, and an Intl object costs
 * far more to make than to use.
 */
const figuresByLanguage = new Map<Language, Readonly<Record<string, string>>>();
const pluralsByLanguage = new Map<Language, Intl.PluralRules>();
/** What the keys found in each catalogue (by dotted path), per catalogue object. */
const lookups = new WeakMap<Dictionary, Map<string, string | readonly string[] | undefined>>();

/**
 * The owner programs' figures, which any text names without its caller passing them, so that a
 * catalogue never types "7%" or "70:30" itself: {{roiRate}} (7), {{roiQuarterRate}} (1.75, each
 * payout's share), {{roiYears}}, {{roiNights}}, {{ownerShare}} and {{companyShare}} (70 and 30).
 */
export function programFigures(lang: Language): Readonly<Record<string, string>> {
  const known = figuresByLanguage.get(lang);
  if (known) return known;
  const number = new Intl.NumberFormat(NUMBER_LOCALES[lang], { maximumFractionDigits: 2 });
  const figures = Object.freeze({
    roiRate: number.format(ROI_RATE_PERCENT),
    roiQuarterRate: number.format(ROI_RATE_PERCENT / ROI_PAYOUTS_PER_YEAR),
    roiYears: number.format(ROI_PROJECTION_YEARS),
    roiNights: number.format(ROI_FREE_NIGHTS),
    ownerShare: number.format(REVENUE_SHARE_OWNER_PERCENT),
    companyShare: number.format(REVENUE_SHARE_COMPANY_PERCENT),
  });
  figuresByLanguage.set(lang, figures);
  return figures;
}

function pluralRules(lang: Language): Intl.PluralRules {
  let rules = pluralsByLanguage.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(PLURAL_LOCALES[lang]);
    pluralsByLanguage.set(lang, rules);
  }
  return rules;
}

/**
 * The site's translator: dotted keys, {{name}} interpolation and plural forms by the language's
 * own rules (Russian has one, few and many), and the programs' figures (programFigures) wherever a
 * text names them. A missing key shows the key itself.
 */
export function createTranslator<Key extends string = TranslationKey>(
  lang: Language,
  messages: Dictionary,
): TranslateFunction<Key> {
  const plurals = pluralRules(lang);
  const figures = programFigures(lang);
  // A catalogue is not changed once made: what a key finds in it is looked up once.
  let found = lookups.get(messages);
  if (!found) {
    found = new Map();
    lookups.set(messages, found);
  }
  const known = found;
  const lookup = (path: string): string | readonly string[] | undefined => {
    const hit = known.get(path);
    if (hit !== undefined) return hit;
    let node: string | readonly string[] | Dictionary | undefined = messages;
    for (const part of path.split(".")) {
      if (node === undefined || typeof node === "string" || Array.isArray(node)) {
        node = undefined;
        break;
      }
      node = (node as Dictionary)[part];
    }
    const value =
      typeof node === "string" || Array.isArray(node)
        ? (node as string | readonly string[])
        : undefined;
    // Only what exists is kept: a key made from a visitor's input must not grow the map.
    if (value !== undefined) known.set(path, value);
    return value;
  };

  function t(key: Key, options: TranslateOptions = {}): string | readonly string[] {
    const { count } = options;
    const found =
      (typeof count === "number" &&
        (lookup(`${key}_${plurals.select(count)}`) ?? lookup(`${key}_other`))) ||
      lookup(key);
    const fill = (text: string) =>
      !text.includes("{{")
        ? text
        : text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
            const value =
              options[name] ?? (Object.hasOwn(figures, name) ? figures[name] : undefined);
            return value === undefined ? whole : String(value);
          });
    if (found === undefined) return key;
    // A list's lines are filled in like any text (a guide's paragraph may name a figure).
    if (Array.isArray(found)) return options.returnObjects ? (found as string[]).map(fill) : key;
    return fill(found as string);
  }
  return t as TranslateFunction<Key>;
}

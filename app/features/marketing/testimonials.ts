import type { Language } from "../../i18n/languages.ts";

/**
 * Residents' words on the home page; their places and quotes are in the dictionaries. Names
 * are written in the page's alphabet: "Dmitry Volkov" in English, "Дмитрий Волков" in Russian.
 */
export const TESTIMONIALS = [
  {
    id: "sarah",
    name: { en: "Sarah Mitchell", ru: "Сара Митчелл" },
    avatar: { en: "SM", ru: "СМ" },
  },
  {
    id: "dmitry",
    name: { en: "Dmitry Volkov", ru: "Дмитрий Волков" },
    avatar: { en: "DV", ru: "ДВ" },
  },
  {
    id: "thomas",
    name: { en: "Thomas Becker", ru: "Томас Беккер" },
    avatar: { en: "TB", ru: "ТБ" },
  },
] as const satisfies readonly {
  id: string;
  name: Record<Language, string>;
  avatar: Record<Language, string>;
}[];

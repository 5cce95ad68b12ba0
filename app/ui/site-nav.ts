import { type Language, localizePath } from "../i18n/languages.ts";

export const NAV_SECTIONS = ["home", "units", "about", "services", "contact", "blog"] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

/** Home goes to the top of the home page; every other section to its anchor there. */
export function sectionHref(section: NavSection, lang: Language): string {
  const home = localizePath("/", lang);
  return section === "home" ? home : `${home}#${section}`;
}

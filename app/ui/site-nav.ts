import { type Language, localizePath } from "../i18n/languages.ts";

export const NAV_SECTIONS = ["home", "units", "about", "services", "contact", "blog"] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

/**
 * Home goes to the top of the home page; About opens the About page (the spec's about view);
 * every other section goes to its anchor on the home page.
 */
export function sectionHref(section: NavSection, lang: Language): string {
  const home = localizePath("/", lang);
  if (section === "about") return localizePath("/about", lang);
  return section === "home" ? home : `${home}#${section}`;
}

export const LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

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

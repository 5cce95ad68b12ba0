export const LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];

/** English lives at the root, Russian under /ru. */
export function languageFromPath(pathname: string): Language {
  return pathname === "/ru" || pathname.startsWith("/ru/") ? "ru" : "en";
}

/**
 * A path that can only stay on this site: back-slashes read as slashes (as browsers do) and runs
 * of slashes made one, so "/ru//evil.example" or "/\\evil.example" never yields a link such as
 * "//evil.example", which a browser follows to another host.
 */
export function sitePath(pathname: string): string {
  // Browsers drop tabs and line breaks from a URL before reading it.
  const path = pathname.replace(/[\t\n\r]/g, "").replace(/[\\/]+/g, "/");
  return path.startsWith("/") ? path : `/${path}`;
}

/** The same page in `lang`: `/units/x` becomes `/ru/units/x` and back. */
export function localizePath(pathname: string, lang: Language): string {
  const path = sitePath(pathname);
  const bare = languageFromPath(path) === "ru" ? path.slice(3) || "/" : path;
  if (lang === "en") return bare;
  return bare === "/" ? "/ru" : `/ru${bare}`;
}

import { Link, useLocation } from "react-router";
import { LANGUAGES, localizePath } from "../i18n/languages.ts";
import { useT } from "../i18n/use-t.tsx";

/**
 * EN | RU: the same page, with the same query, in the other language. Each copy on a page has a
 * name of its own (`label`): two navigation landmarks may not share one.
 */
export function LanguageSwitch({ className = "", label }: { className?: string; label?: string }) {
  const { t, lang } = useT();
  const { pathname, search, hash } = useLocation();
  return (
    <nav
      aria-label={label ?? t("nav.language")}
      className={`flex items-center gap-1 text-sm ${className}`}
    >
      {LANGUAGES.map((code) => (
        <Link
          key={code}
          to={`${localizePath(pathname, code)}${search}${hash}`}
          hrefLang={code}
          lang={code}
          aria-current={code === lang ? "true" : undefined}
          className={`rounded-full px-2.5 py-1 font-semibold uppercase tracking-wide transition ${
            code === lang ? "bg-sea-900 text-white" : "text-sea-900 hover:bg-sea-100"
          }`}
        >
          {code}
        </Link>
      ))}
    </nav>
  );
}

import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { localizePath } from "../i18n/languages.ts";
import { useT } from "../i18n/use-t.tsx";
import { CurrencyPicker } from "./currency-picker.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { NAV_SECTIONS, sectionHref } from "./site-nav.ts";

export function SiteHeader({ brandName }: { brandName: string }) {
  const { t, lang } = useT();
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };
  // An open menu closes on Esc (focus back on its button) and on a tap or click outside it. The
  // listeners stay on and read the menu's own state, so a tap right after it opens is not missed.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.current?.open) return;
      menu.current.open = false;
      menu.current.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) {
        menu.current.open = false;
      }
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);
  const links = (className: string, wide = false) =>
    NAV_SECTIONS.map((section) => (
      // On the narrower desktops the logo is the way home: Home's own link waits for xl.
      <li key={section} className={wide && section === "home" ? "hidden xl:list-item" : undefined}>
        <Link to={sectionHref(section, lang)} onClick={closeMenu} className={className}>
          {t(`nav.${section}`)}
        </Link>
      </li>
    ));

  return (
    <header className="sticky top-0 z-30 border-b border-sand-200/70 bg-sand-50/90 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {t("nav.skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Link
          to={localizePath("/", lang)}
          className="flex shrink-0 items-center gap-2.5 text-sea-900"
          aria-label={`${brandName} — ${t("nav.home")}`}
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          {/* Without JavaScript the currency picker needs its Show button: on a phone the logo
              alone (the link keeps the name) leaves it room. */}
          <span className="font-display text-lg font-semibold tracking-tight noscript:max-sm:sr-only sm:text-xl">
            {brandName}
          </span>
        </Link>

        <nav aria-label={t("nav.main")} className="hidden lg:block">
          <ul className="flex items-center gap-0.5 xl:gap-1">
            {links(
              "rounded-full px-2.5 py-2 text-sm font-medium whitespace-nowrap text-ink-600 transition hover:bg-sea-50 hover:text-sea-900 xl:px-3",
              true,
            )}
            <li>
              <Link
                to={`${localizePath("/", lang)}#owners`}
                className="rounded-full px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-sea-800 transition hover:bg-sea-50 xl:px-3"
              >
                {t("nav.ownersShort")}
              </Link>
            </li>
            <li>
              <Link
                to={localizePath("/favorites", lang)}
                data-testid="header-favorites"
                title={t("nav.favorites")}
                className="inline-flex items-center gap-1 rounded-full px-2.5 py-2 text-sm font-medium whitespace-nowrap text-ink-600 transition hover:bg-sea-50 hover:text-sea-900"
              >
                <span aria-hidden="true" className="text-coral-500">
                  ♥
                </span>
                <span className="sr-only xl:not-sr-only">{t("nav.favorites")}</span>
              </Link>
            </li>
            <li>
              {/* Its name in words on the widest screens; below, the envelope, named for readers. */}
              <Link
                to={localizePath("/saved-searches", lang)}
                data-testid="header-saved-searches"
                title={t("nav.savedSearches")}
                className="inline-flex items-center gap-1 rounded-full px-2.5 py-2 text-sm font-medium whitespace-nowrap text-ink-600 transition hover:bg-sea-50 hover:text-sea-900"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-4 text-sea-700"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <rect x="3" y="5" width="18" height="14" rx="2" />
                  <path d="m3 7 9 6 9-6" />
                </svg>
                <span className="sr-only 2xl:not-sr-only">{t("nav.savedSearches")}</span>
              </Link>
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          <CurrencyPicker />
          <LanguageSwitch />
          <details ref={menu} className="group relative lg:hidden">
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full border border-sand-200 bg-white px-3 py-2 text-sm font-semibold text-sea-900 [&::-webkit-details-marker]:hidden">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" />
                <path className="hidden group-open:block" d="M6 6l12 12M18 6 6 18" />
              </svg>
              <span className="sr-only sm:not-sr-only">{t("nav.menu")}</span>
            </summary>
            {/* Named apart from the wide screens' navigation: no two landmarks share a name. */}
            <nav
              aria-label={t("nav.menu")}
              className="absolute right-0 mt-2 w-56 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-sand-200"
            >
              <ul>
                {links("block rounded-xl px-4 py-3 font-medium text-ink-900 hover:bg-sea-50")}
                <li className="mt-1 border-t border-sand-100 pt-1">
                  <Link
                    to={localizePath("/favorites", lang)}
                    onClick={closeMenu}
                    className="block rounded-xl px-4 py-3 font-medium text-ink-900 hover:bg-sea-50"
                  >
                    <span aria-hidden="true" className="text-coral-500">
                      ♥{" "}
                    </span>
                    {t("nav.favorites")}
                  </Link>
                </li>
                <li>
                  <Link
                    to={localizePath("/saved-searches", lang)}
                    onClick={closeMenu}
                    className="block rounded-xl px-4 py-3 font-medium text-ink-900 hover:bg-sea-50"
                  >
                    {t("nav.savedSearches")}
                  </Link>
                </li>
                <li>
                  <Link
                    to={`${localizePath("/", lang)}#owners`}
                    onClick={closeMenu}
                    className="block rounded-xl px-4 py-3 font-medium text-sea-800 hover:bg-sea-50"
                  >
                    {t("nav.owners")}
                  </Link>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

import { Link } from "react-router";
import { localizePath } from "../i18n/languages.ts";
import { useT } from "../i18n/use-t.ts";
import { LanguageSwitch } from "./language-switch.tsx";

export function SiteHeader({ brandName }: { brandName: string }) {
  const { lang } = useT();
  return (
    <header className="sticky top-0 z-30 border-b border-sand-200/70 bg-sand-50/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={localizePath("/", lang)} className="flex items-center gap-2.5 text-sea-900">
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span className="font-display text-xl font-semibold tracking-tight">{brandName}</span>
        </Link>
        <LanguageSwitch />
      </div>
    </header>
  );
}

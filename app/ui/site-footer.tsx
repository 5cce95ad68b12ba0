import { LanguageSwitch } from "./language-switch.tsx";

export function SiteFooter({ brandName }: { brandName: string }) {
  return (
    <footer className="border-t border-sand-200 bg-sea-900 text-sea-100">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-6 py-10 sm:flex-row">
        <p className="font-display text-lg text-white">{brandName}</p>
        <LanguageSwitch className="rounded-full bg-sand-50 p-1" />
        <p className="text-sm">
          © {new Date().getFullYear()} {brandName}
        </p>
      </div>
    </footer>
  );
}

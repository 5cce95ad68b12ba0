import { createContext, type ReactNode, useContext } from "react";
import type { I18n } from "./translate.ts";

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ value, children }: { value: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The translation function and language of the page; only inside the I18nProvider. */
export function useT(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useT must be used inside the I18nProvider");
  return i18n;
}

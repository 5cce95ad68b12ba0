import { useContext } from "react";
import { I18nContext, useTranslation } from "react-i18next";
import type { Language } from "./languages.ts";

/** The translation function of the page's language; only inside the I18nextProvider. */
export function useT() {
  const context = useContext(I18nContext);
  if (!context) throw new Error("useT must be used inside the I18nextProvider");
  const { t, i18n } = useTranslation();
  return { t, lang: i18n.language as Language };
}

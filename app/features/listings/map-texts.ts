import type { Language } from "../../i18n/languages.ts";
import { placeName } from "../../i18n/place-names.ts";
import type { TranslateFunction } from "../../i18n/translate.ts";
import type { MapTexts } from "../../ui/map/map-view.tsx";

/** The public maps' texts in the visitor's language (used by the modules fetched with a map). */
export function mapTexts(t: TranslateFunction, lang: Language): MapTexts {
  return {
    loading: t("map.loading"),
    noWebgl: t("map.noWebgl"),
    failed: t("map.failed"),
    office: t("map.office"),
    beach: (name) => t("map.beach", { name: placeName(name, lang) }),
    cluster: (count) => t("map.cluster", { count }),
  };
}

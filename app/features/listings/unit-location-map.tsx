/** The unit page's small map: fetched only when the visitor scrolls near it (unit-page.tsx). */
import type { GeoPosition } from "../../domain/geo.ts";
import type { Language } from "../../i18n/languages.ts";
import type { TranslateFunction } from "../../i18n/translate.ts";
import MapView from "../../ui/map/map-view.tsx";
import { mapTexts } from "./map-texts.ts";

export default function UnitLocationMap({
  slug,
  name,
  position,
  styleUrl,
  office,
  t,
  lang,
}: {
  slug: string;
  name: string;
  position: GeoPosition;
  styleUrl: string | undefined;
  /** OFFICE_POSITION, as the root loader passed it. */
  office: GeoPosition | undefined;
  t: TranslateFunction;
  lang: Language;
}) {
  return (
    <MapView
      texts={mapTexts(t, lang)}
      points={[{ id: slug, label: name, ...position }]}
      styleUrl={styleUrl}
      office={office}
      label={t("map.unitRegion", { name })}
      singleZoom={12}
      className="size-full"
    />
  );
}

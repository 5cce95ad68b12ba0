/** The unit page's small map: fetched only when the visitor scrolls near it (unit-page.tsx). */
import type { GeoPosition } from "../../domain/geo.ts";
import { useT } from "../../i18n/use-t.tsx";
import { useSite } from "../../lib/use-site.ts";
import MapView from "../../ui/map/map-view.tsx";

export default function UnitLocationMap({
  slug,
  name,
  position,
}: {
  slug: string;
  name: string;
  position: GeoPosition;
}) {
  const { t } = useT();
  return (
    <MapView
      points={[{ id: slug, label: name, ...position }]}
      styleUrl={useSite()?.mapStyleUrl}
      label={t("map.unitRegion", { name })}
      singleZoom={12}
      className="size-full"
    />
  );
}

/** The property form's map: fetched only when the form is shown in a browser. */
import type { GeoPosition } from "../../domain/geo.ts";
import MapView, { type MapTexts } from "../../ui/map/map-view.tsx";

/** The admin panel is in English. */
const TEXTS: MapTexts = {
  loading: "Loading the map…",
  noWebgl: "This browser cannot draw the map (it needs WebGL): type the position instead.",
  failed: "The map could not be loaded: type the position instead.",
  office: "Our office",
  beach: (name) => `${name} beach`,
  cluster: (count) => `${count} units here: zoom in`,
};

export default function PositionPicker({
  position,
  onPick,
  styleUrl,
  office,
}: {
  position: GeoPosition | null;
  onPick: (position: GeoPosition) => void;
  styleUrl: string | undefined;
  /** OFFICE_POSITION, as the root loader passed it. */
  office: GeoPosition | undefined;
}) {
  return (
    <MapView
      texts={TEXTS}
      points={position ? [{ id: "unit", label: "The unit's position", ...position }] : []}
      styleUrl={styleUrl}
      office={office}
      label="Map: click to set the unit's position"
      onPick={onPick}
      singleZoom={12}
      className="h-72 cursor-crosshair"
    />
  );
}

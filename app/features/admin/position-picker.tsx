/** The property form's map: fetched only when the form is shown in a browser. */
import type { GeoPosition } from "../../domain/geo.ts";
import { useSite } from "../../lib/use-site.ts";
import MapView from "../../ui/map/map-view.tsx";

export default function PositionPicker({
  position,
  onPick,
}: {
  position: GeoPosition | null;
  onPick: (position: GeoPosition) => void;
}) {
  return (
    <MapView
      points={position ? [{ id: "unit", label: "The unit's position", ...position }] : []}
      styleUrl={useSite()?.mapStyleUrl}
      label="Map: click to set the unit's position"
      onPick={onPick}
      singleZoom={14}
      className="h-72 cursor-crosshair"
    />
  );
}

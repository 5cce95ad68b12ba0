import type { GeoPosition } from "../../domain/geo.ts";

/** Something the maps show as a pin: its id, where it is, and what a screen reader calls it. */
export interface MapPoint extends GeoPosition {
  id: string;
  label: string;
}

export interface PointFeature {
  type: "Feature";
  geometry: { type: "Point"; coordinates: [longitude: number, latitude: number] };
  properties: { id: string; label: string };
}

export interface PointCollection {
  type: "FeatureCollection";
  features: PointFeature[];
}

/** The pins as GeoJSON (longitude first, as GeoJSON orders them), for a clustered source. */
export function pointsGeoJson(points: readonly MapPoint[]): PointCollection {
  return {
    type: "FeatureCollection",
    features: points.map((point) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [point.longitude, point.latitude] },
      properties: { id: point.id, label: point.label },
    })),
  };
}

/** The rectangle holding every point, as [[west, south], [east, north]]; null without points. */
export function boundsOf(
  points: readonly GeoPosition[],
): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const { latitude, longitude } of points) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return [
    [west, south],
    [east, north],
  ];
}

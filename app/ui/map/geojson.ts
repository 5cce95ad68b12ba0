import type { GeoPosition } from "../../domain/geo.ts";

/** Something the maps show as a pin: its id, where it is, and what a screen reader calls it. */
export interface MapPoint extends GeoPosition {
  id: string;
  label: string;
  /** A short text shown on the pin (a unit's price); without it the pin shows a house. */
  badge?: string;
}

export interface PointFeature {
  type: "Feature";
  geometry: { type: "Point"; coordinates: [longitude: number, latitude: number] };
  properties: { id: string; label: string; badge?: string };
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
      properties: { id: point.id, label: point.label, badge: point.badge },
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

/** How far apart (degrees, about 40 m) pins sharing one position are drawn. */
export const SHARED_SPREAD = 0.0004;

/**
 * Units of one building share its position; drawn there, their pins would cover each other at
 * every zoom. Each group of points at one position is set on a small circle around it, so they
 * part when the map is zoomed in close; a point alone stays where it is.
 */
export function spreadShared<P extends MapPoint>(points: readonly P[]): P[] {
  const groups = new Map<string, number[]>();
  points.forEach((point, index) => {
    const key = `${point.latitude},${point.longitude}`;
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  const out = [...points];
  for (const indexes of groups.values()) {
    if (indexes.length < 2) continue;
    indexes.forEach((index, k) => {
      const point = points[index];
      if (!point) return;
      const angle = (2 * Math.PI * k) / indexes.length;
      out[index] = {
        ...point,
        latitude: point.latitude + SHARED_SPREAD * Math.cos(angle),
        longitude: point.longitude + SHARED_SPREAD * Math.sin(angle),
      };
    });
  }
  return out;
}

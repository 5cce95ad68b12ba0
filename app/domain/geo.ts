/** A point on the earth in WGS 84 degrees, as maps and GPS give it. */
export interface GeoPosition {
  latitude: number;
  longitude: number;
}

export const LATITUDE_RANGE = { min: -90, max: 90 } as const;
export const LONGITUDE_RANGE = { min: -180, max: 180 } as const;

/** Degrees are kept to six decimals (about 10 cm): finer than any map pin needs. */
export function roundDegrees(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The position of something with optional coordinates: both set, or none. */
export function positionOf(item: {
  latitude: number | null;
  longitude: number | null;
}): GeoPosition | null {
  return item.latitude === null || item.longitude === null
    ? null
    : { latitude: item.latitude, longitude: item.longitude };
}

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

/**
 * "latitude, longitude" in decimal degrees ("7.9505, 98.2838"), as a map's "copy coordinates"
 * gives them; null unless both are numbers in range. Checked by one anchored pattern of bounded
 * parts, so any input is read in linear time.
 */
export function parsePosition(text: string): GeoPosition | null {
  const match = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > LATITUDE_RANGE.max || Math.abs(longitude) > LONGITUDE_RANGE.max) {
    return null;
  }
  return { latitude: roundDegrees(latitude), longitude: roundDegrees(longitude) };
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

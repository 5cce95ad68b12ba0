import type { GeoPosition } from "../../domain/geo.ts";

/** The beaches the maps label: the visitor's landmarks when choosing an area. */
/** `east`: the beach faces east, so its label sits on the land side of the point, to the right. */
export const BEACHES: readonly ({ name: string; east?: boolean } & GeoPosition)[] = [
  { name: "Mai Khao", latitude: 8.135, longitude: 98.298 },
  { name: "Bang Tao", latitude: 8.0, longitude: 98.292 },
  { name: "Surin", latitude: 7.975, longitude: 98.278 },
  { name: "Kamala", latitude: 7.95, longitude: 98.281 },
  { name: "Patong", latitude: 7.896, longitude: 98.296 },
  { name: "Karon", latitude: 7.845, longitude: 98.293 },
  { name: "Kata", latitude: 7.82, longitude: 98.297 },
  { name: "Nai Harn", latitude: 7.777, longitude: 98.303 },
  { name: "Rawai", latitude: 7.773, longitude: 98.328, east: true },
];

import { describe, expect, it } from "vitest";
import { DEMO_CONTACTS } from "../../lib/contacts.test-fixture.ts";
import { MAP_AREA } from "../../ui/map/map-area.ts";
import land from "../../ui/map/phuket-land.json";
import { BEACHES } from "../../ui/map/places.ts";
import { demoUnits } from "./demo-units.server.ts";

type Ring = number[][];

/** Even-odd rule: a horizontal ray from the point crosses the ring's edges an odd number of times. */
function inRing([x, y]: [number, number], ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const polygons = land.geometry.coordinates as Ring[][];
const onLand = (latitude: number, longitude: number) =>
  polygons.some(
    ([outer = [], ...holes]) =>
      inRing([longitude, latitude], outer) &&
      !holes.some((hole) => inRing([longitude, latitude], hole)),
  );

describe("the built-in map's data", () => {
  it("is Phuket's land inside the map's area, with the island in it", () => {
    for (const [x = 0, y = 0] of polygons.flat(2) as unknown as [number, number][]) {
      expect(x).toBeGreaterThanOrEqual(MAP_AREA.west);
      expect(x).toBeLessThanOrEqual(MAP_AREA.east);
      expect(y).toBeGreaterThanOrEqual(MAP_AREA.south);
      expect(y).toBeLessThanOrEqual(MAP_AREA.north);
    }
    // Phuket's airport and Big Buddha are on land; the Andaman Sea off Patong is not.
    expect(onLand(8.113, 98.306)).toBe(true);
    expect(onLand(7.828, 98.313)).toBe(true);
    expect(onLand(7.9, 98.2)).toBe(false);
  });

  it("places the office on land and every beach on the island's shore", () => {
    const office = DEMO_CONTACTS.officePosition;
    expect(onLand(office.latitude, office.longitude)).toBe(true);
    for (const beach of BEACHES) {
      expect(beach.latitude).toBeGreaterThan(7.7);
      expect(beach.latitude).toBeLessThan(8.2);
    }
  });

  it("places every demo unit on land, each condo at its building's one position", () => {
    const units = demoUnits();
    for (const unit of units) {
      expect(unit.latitude, unit.slug).not.toBeNull();
      expect(onLand(unit.latitude ?? 0, unit.longitude ?? 0), unit.slug).toBe(true);
    }
    const buildings = new Map<string, string>();
    for (const unit of units.filter((u) => u.type === "condo")) {
      const key = `${unit.building}/${unit.location}`;
      const at = `${unit.latitude},${unit.longitude}`;
      expect(buildings.get(key) ?? at, unit.slug).toBe(at);
      buildings.set(key, at);
    }
    // Villas stand apart: no two share a position.
    const villas = units.filter((u) => u.type === "pool-villa");
    expect(new Set(villas.map((u) => `${u.latitude},${u.longitude}`)).size).toBe(villas.length);
  });
});

import { describe, expect, it } from "vitest";
import { boundsOf, pointsGeoJson, SHARED_SPREAD, spreadShared } from "./geojson.ts";

describe("the maps' GeoJSON", () => {
  it("puts each point at [longitude, latitude] with its id and label", () => {
    expect(
      pointsGeoJson([
        { id: "canopy", label: "Canopy, ฿180,000 a month", latitude: 7.9588, longitude: 98.2885 },
      ]),
    ).toEqual({
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [98.2885, 7.9588] },
          properties: { id: "canopy", label: "Canopy, ฿180,000 a month" },
        },
      ],
    });
    expect(pointsGeoJson([]).features).toEqual([]);
  });

  it("bounds the points as [[west, south], [east, north]]", () => {
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        { latitude: 7.95, longitude: 98.29 },
        { latitude: 8.12, longitude: 98.3 },
        { latitude: 7.77, longitude: 98.39 },
      ]),
    ).toEqual([
      [98.29, 7.77],
      [98.39, 8.12],
    ]);
  });
});

describe("pins sharing a position", () => {
  it("are set apart on a small circle around it; a lone pin stays put", () => {
    const building = { latitude: 7.8843, longitude: 98.3878 };
    const spread = spreadShared([
      { id: "a", label: "A", ...building },
      { id: "b", label: "B", ...building },
      { id: "c", label: "C", ...building },
      { id: "villa", label: "Villa", latitude: 7.77, longitude: 98.32 },
    ]);
    expect(spread.map((p) => p.id)).toEqual(["a", "b", "c", "villa"]);
    expect(spread[3]).toMatchObject({ latitude: 7.77, longitude: 98.32 });
    const keys = new Set(spread.slice(0, 3).map((p) => `${p.latitude},${p.longitude}`));
    expect(keys.size).toBe(3);
    for (const p of spread.slice(0, 3)) {
      const distance = Math.hypot(p.latitude - building.latitude, p.longitude - building.longitude);
      expect(distance).toBeCloseTo(SHARED_SPREAD, 9);
    }
  });
});

import { describe, expect, it } from "vitest";
import { boundsOf, pointsGeoJson } from "./geojson.ts";

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

/**
 * Writes app/ui/map/phuket-land.json: the land around Phuket as one GeoJSON MultiPolygon, cut out
 * of Natural Earth's 1:10m land polygons (public domain), as the `world-atlas` package ships them
 * (TopoJSON). Run again only to change the area or the precision:
 *
 *   node scripts/derive-phuket-land.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { MAP_AREA } from "../app/ui/map/map-area.ts";

type Position = [number, number];
type Ring = Position[];

interface Topology {
  transform: { scale: Position; translate: Position };
  arcs: Position[][];
  objects: { land: { geometries: { type: string; arcs: number[][] | number[][][] }[] } };
}

const require = createRequire(import.meta.url);
const topology = JSON.parse(
  readFileSync(require.resolve("world-atlas/land-10m.json"), "utf8"),
) as Topology;

/** Arcs are delta-encoded integers: add up, then scale and translate into degrees. */
const arcs: Ring[] = topology.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  return arc.map(([dx, dy]) => {
    x += dx;
    y += dy;
    return [x * sx + tx, y * sy + ty];
  });
});

function item<T>(list: readonly T[], index: number): T {
  const value = list[(index + list.length) % list.length];
  if (value === undefined) throw new Error(`no item ${index}`);
  return value;
}

/** A ring from its arc indexes; a negative index (~i) is arc i reversed. */
function ringOf(indexes: number[]): Ring {
  const ring: Ring = [];
  for (const index of indexes) {
    const arc = index >= 0 ? item(arcs, index) : [...item(arcs, ~index)].reverse();
    // Consecutive arcs share their end point.
    ring.push(...(ring.length ? arc.slice(1) : arc));
  }
  return ring;
}

const { west, south, east, north } = MAP_AREA;

/** Sutherland–Hodgman against one edge of the rectangle. */
function clipEdge(
  ring: Ring,
  inside: (p: Position) => boolean,
  cut: (a: Position, b: Position) => Position,
) {
  const out: Ring = [];
  for (let i = 0; i < ring.length; i++) {
    const current = item(ring, i);
    const previous = item(ring, i - 1);
    if (inside(current)) {
      if (!inside(previous)) out.push(cut(previous, current));
      out.push(current);
    } else if (inside(previous)) out.push(cut(previous, current));
  }
  return out;
}

const atX =
  (x: number) =>
  (a: Position, b: Position): Position => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
const atY =
  (y: number) =>
  (a: Position, b: Position): Position => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];

function clip(ring: Ring): Ring {
  let r = ring.slice(0, -1); // open ring
  r = clipEdge(r, (p) => p[0] >= west, atX(west));
  r = clipEdge(r, (p) => p[0] <= east, atX(east));
  r = clipEdge(r, (p) => p[1] >= south, atY(south));
  r = clipEdge(r, (p) => p[1] <= north, atY(north));
  return r;
}

/** Five decimals (about a metre), consecutive duplicates dropped, the ring closed again. */
function tidy(ring: Ring): Ring {
  const rounded = ring.map(
    ([x, y]): Position => [Math.round(x * 1e5) / 1e5, Math.round(y * 1e5) / 1e5],
  );
  const out = rounded.filter(
    (p, i) => i === 0 || p[0] !== item(rounded, i - 1)[0] || p[1] !== item(rounded, i - 1)[1],
  );
  if (out.length > 0) out.push(item(out, 0));
  return out;
}

const polygons: Ring[][] = [];
for (const geometry of topology.objects.land.geometries) {
  const parts = (geometry.type === "Polygon" ? [geometry.arcs] : geometry.arcs) as number[][][];
  for (const polygon of parts) {
    const rings = polygon.map((indexes) => ringOf(indexes));
    const outer = tidy(clip(item(rings, 0)));
    if (outer.length < 4) continue;
    const holes = rings
      .slice(1)
      .map((r) => tidy(clip(r)))
      .filter((r) => r.length >= 4);
    polygons.push([outer, ...holes]);
  }
}

const target = path.resolve(import.meta.dirname, "../app/ui/map/phuket-land.json");
const geojson = {
  type: "Feature",
  properties: { source: "Natural Earth 1:10m land, public domain (naturalearthdata.com)" },
  geometry: { type: "MultiPolygon", coordinates: polygons },
};
writeFileSync(target, `${JSON.stringify(geojson)}\n`);
console.log(
  `${path.relative(process.cwd(), target)}: ${polygons.length} polygons, ${polygons.flat(2).length} points`,
);

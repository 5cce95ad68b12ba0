import { describe, expect, it } from "vitest";
import { overlappingIds, type Span } from "./overlaps.ts";

/** The plain reference: every pair compared (a < d and c < b: [a, b) and [c, d) share a day). */
function pairwise(spans: Span[]): Set<number> {
  const out = new Set<number>();
  for (const a of spans)
    for (const b of spans)
      if (a.id !== b.id && a.start < b.end && b.start < a.end) out.add(a.id).add(b.id);
  return out;
}

const day = (n: number) => new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10);

describe("overlappingIds", () => {
  it("touching is no overlap; nested, equal starts and a long stay over several are", () => {
    const spans: Span[] = [
      { id: 1, start: "2027-01-01", end: "2027-01-05" },
      { id: 2, start: "2027-01-05", end: "2027-01-08" }, // starts on 1's check-out: free
      { id: 3, start: "2027-02-01", end: "2027-03-01" },
      { id: 4, start: "2027-02-10", end: "2027-02-12" }, // inside 3
      { id: 5, start: "2027-02-20", end: "2027-02-22" }, // inside 3, after 4 (4 ends first)
      { id: 6, start: "2027-04-01", end: "2027-04-03" },
      { id: 7, start: "2027-04-01", end: "2027-04-02" }, // same first day as 6
      { id: 8, start: "2027-05-01", end: "2027-05-02" },
    ];
    expect([...overlappingIds(spans)].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7]);
    // Order given does not matter.
    expect(overlappingIds([...spans].reverse())).toEqual(overlappingIds(spans));
    expect(overlappingIds([])).toEqual(new Set());
  });

  it("agrees with comparing every pair on random calendars", () => {
    // A small fixed generator, so a failure repeats.
    let seed = 20261126;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 200; round++) {
      const count = 1 + Math.floor(random() * 40);
      const spread = 5 + Math.floor(random() * 200);
      const spans = Array.from({ length: count }, (_, i) => {
        const start = Math.floor(random() * spread);
        return {
          id: 1000 - i * 7,
          start: day(start),
          end: day(start + 1 + Math.floor(random() * 9)),
        };
      });
      expect(overlappingIds(spans), JSON.stringify(spans)).toEqual(pairwise(spans));
    }
  });
});

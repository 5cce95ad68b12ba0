import { describe, expect, it } from "vitest";
import { pictureId, RENDERED_PICTURES } from "../media/demo-pictures.server.ts";
import { demoUnits } from "./demo-units.server.ts";
import { compareListingOrder } from "./unit.ts";

const units = demoUnits(new Date("2026-11-23T00:00:00Z"));
const kindOf = (name: keyof typeof RENDERED_PICTURES) => RENDERED_PICTURES[name].kind;

describe("the demo units' pictures", () => {
  it("use no rendered picture, flipped or not, in more than 3 units", () => {
    const unitsShowing = new Map<string, Set<string>>();
    for (const unit of units)
      for (const picture of unit.pictures) {
        const seen = unitsShowing.get(picture.name) ?? new Set<string>();
        seen.add(unit.slug);
        unitsShowing.set(picture.name, seen);
      }
    const overused = [...unitsShowing]
      .filter(([, slugs]) => slugs.size > 3)
      .map(([name, slugs]) => `${name}: ${[...slugs].join(", ")}`);
    expect(overused).toEqual([]);
  });

  it("open each villa on its outside or its deck, each condo on a room or its view, never a building", () => {
    for (const unit of units) {
      const first = unit.pictures[0];
      expect(first, unit.slug).toBeDefined();
      const kind = kindOf(first?.name ?? "hero");
      if (unit.type === "pool-villa") expect(["villa", "pool-deck"], unit.slug).toContain(kind);
      else expect(["living", "bedroom", "kitchen", "balcony", "office"], unit.slug).toContain(kind);
    }
  });

  it("show at least two pictures, none twice in a unit, and a building only in its own units", () => {
    const buildingOf = { "the-trees": "The Trees", "zen-space": "Zen Space" } as const;
    for (const unit of units) {
      expect(unit.pictures.length, unit.slug).toBeGreaterThanOrEqual(2);
      const names = unit.pictures.map((p) => p.name);
      expect(new Set(names).size, unit.slug).toBe(names.length);
      for (const name of names) {
        const kind = kindOf(name);
        if (kind === "the-trees" || kind === "zen-space")
          expect(buildingOf[kind], unit.slug).toBe(unit.building);
        // A villa's gallery has no condo rooms' balcony, a condo's no villa or deck.
        if (unit.type === "condo") expect(["villa", "pool-deck"]).not.toContain(kind);
        else expect(["balcony", "the-trees", "zen-space"]).not.toContain(kind);
      }
    }
  });

  it("never open two cards side by side on the same picture, and no two villas alike", () => {
    const ordered = [...units].sort(compareListingOrder);
    for (let i = 1; i < ordered.length; i++) {
      const [a, b] = [ordered[i - 1]?.pictures[0], ordered[i]?.pictures[0]];
      expect(a?.name, ordered[i]?.slug).not.toBe(b?.name);
    }
    const villas = units.filter((u) => u.type === "pool-villa");
    const first = villas.map((u) => pictureId(u.pictures[0] ?? { name: "hero" }));
    expect(new Set(first).size).toBe(villas.length);
  });
});

describe("the demo units' facts", () => {
  it("put each building in one place, its condos at one position", () => {
    for (const building of ["The Trees", "Zen Space"]) {
      const inIt = units.filter((u) => u.building === building);
      expect(new Set(inIt.map((u) => u.location)).size, building).toBe(1);
      const condos = inIt.filter((u) => u.type === "condo");
      expect(new Set(condos.map((u) => `${u.latitude},${u.longitude}`)).size, building).toBe(1);
      // Its villas within 2 km of its block (about 0.018 degrees at Phuket's latitude).
      const [block] = condos;
      for (const villa of inIt.filter((u) => u.type === "pool-villa")) {
        const km = Math.hypot(
          ((villa.latitude ?? 0) - (block?.latitude ?? 0)) * 111,
          ((villa.longitude ?? 0) - (block?.longitude ?? 0)) * 110,
        );
        expect(km, villa.slug).toBeLessThan(2);
      }
    }
  });

  it("name in their texts no other place than their own area", () => {
    const elsewhere =
      /Surin|Bang Tao|Mai Khao|Patong|Rawai|Nai Harn|Thalang|Cherng Talay|Phuket Town|Old Town|Laguna|Сурин|Банг Тао|Май Кхао|Патонг|Раваи|Най Харн|Таланг|Лагун[ыа] /;
    for (const unit of units) {
      expect(`${unit.name} ${unit.description}`, unit.slug).not.toMatch(elsewhere);
      expect(unit.descriptionRu, unit.slug).not.toMatch(elsewhere);
    }
  });
});

describe("the demo units' dates", () => {
  it("count from the day in Phuket: a second past 17:00 UTC moves them a day on", () => {
    const before = demoUnits(new Date("2026-11-23T16:59:59Z"));
    const after = demoUnits(new Date("2026-11-23T17:00:00Z"));
    const dated = before.filter((u) => u.availableFrom || u.rentedUntil);
    expect(dated.length).toBeGreaterThan(0);
    for (const unit of dated) {
      const next = after.find((u) => u.slug === unit.slug);
      const day = (u: typeof unit | undefined) => u?.availableFrom ?? u?.rentedUntil ?? "";
      const oneDayOn = new Date(Date.parse(`${day(unit)}T00:00:00Z`) + 86_400_000)
        .toISOString()
        .slice(0, 10);
      expect(day(next), unit.slug).toBe(oneDayOn);
    }
  });
});

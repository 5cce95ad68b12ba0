import { describe, expect, it } from "vitest";
import { pictureId, RENDERED_PICTURES } from "../media/demo-pictures.server.ts";
import { demoUnits } from "./demo-units.server.ts";
import { compareListingOrder } from "./unit.ts";

const units = demoUnits(new Date("2026-11-23T00:00:00Z"));
const kindOf = (id: string) =>
  RENDERED_PICTURES[id.replace(":mirrored", "") as keyof typeof RENDERED_PICTURES].kind;

describe("the demo units' pictures", () => {
  it("never open two cards side by side on the same picture, in the listing's order", () => {
    const ordered = [...units].sort(compareListingOrder);
    for (let i = 1; i < ordered.length; i++) {
      const [a, b] = [ordered[i - 1], ordered[i]];
      expect(pictureId(a?.pictures[0] ?? { name: "hero" })).not.toBe(
        pictureId(b?.pictures[0] ?? { name: "hero" }),
      );
    }
  });

  it("open each villa on a view of a villa, and the villas' views all differ", () => {
    const villas = units.filter((u) => u.type === "pool-villa");
    const first = villas.map((u) => pictureId(u.pictures[0] ?? { name: "hero" }));
    for (const id of first) expect(kindOf(id)).toBe("villa");
    expect(new Set(first).size).toBe(villas.length);
  });

  it("open each condo on its own building", () => {
    for (const u of units.filter((u) => u.type === "condo")) {
      const id = pictureId(u.pictures[0] ?? { name: "hero" });
      expect(kindOf(id)).toBe(u.building === "Zen Space" ? "zen-space" : "the-trees");
    }
  });

  it("show rooms and the villa's deck or the condo's balcony after the exterior, never the same picture twice in a unit", () => {
    for (const u of units) {
      const ids = u.pictures.map(pictureId);
      expect(new Set(ids).size).toBe(ids.length);
      const outside = u.type === "pool-villa" ? "pool-deck" : "balcony";
      for (const id of ids.slice(1))
        expect(["living", "bedroom", "bathroom", "kitchen", outside]).toContain(kindOf(id));
    }
  });

  it("give no two villas, nor two condos, the same rooms, and neighbours other living rooms", () => {
    for (const type of ["pool-villa", "condo"]) {
      const ordered = units.filter((u) => u.type === type).sort(compareListingOrder);
      const rooms = ordered.map((u) => u.pictures.slice(1, 3).map(pictureId).join(" "));
      expect(new Set(rooms).size).toBe(ordered.length);
      for (let i = 1; i < ordered.length; i++)
        expect(pictureId(ordered[i]?.pictures[1] ?? { name: "hero" })).not.toBe(
          pictureId(ordered[i - 1]?.pictures[1] ?? { name: "hero" }),
        );
    }
  });
});

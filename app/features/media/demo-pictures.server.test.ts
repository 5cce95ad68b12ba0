import { readdirSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { projectPath } from "../../lib/paths.server.ts";
import {
  PICTURE_HEIGHT,
  PICTURE_NAMES,
  PICTURE_WIDTH,
  pictureId,
  picturesOf,
  RENDERED_PICTURES,
  readRenderedPicture,
} from "./demo-pictures.server.ts";

describe("rendered pictures", () => {
  it("are each a committed WebP of the demo pictures' size, and no file is left over", async () => {
    for (const name of PICTURE_NAMES) {
      const meta = await sharp(await readRenderedPicture(name)).metadata();
      expect([name, meta.format, meta.width, meta.height]).toEqual([
        name,
        "webp",
        PICTURE_WIDTH,
        PICTURE_HEIGHT,
      ]);
    }
    const files = readdirSync(projectPath("assets", "pictures")).filter((f) => f.endsWith(".webp"));
    expect(files.sort()).toEqual(PICTURE_NAMES.map((n) => `${n}.webp`).sort());
  });

  it("are dealt by kind, the wanted view first, then the same flipped", () => {
    const living = picturesOf("living", "sea");
    expect(living.length).toBeGreaterThanOrEqual(2);
    expect(RENDERED_PICTURES[living[0]?.name ?? "hero"]).toMatchObject({ view: "sea" });
    expect(RENDERED_PICTURES[picturesOf("living", "garden")[0]?.name ?? "hero"]).toMatchObject({
      view: "garden",
    });
    expect(new Set(living.map(pictureId)).size).toBe(living.length);
    const half = living.length / 2;
    expect(living.slice(half).map((p) => p.name)).toEqual(living.slice(0, half).map((p) => p.name));
    expect(living.slice(half).every((p) => p.mirrored)).toBe(true);
    expect(picturesOf("office")).toEqual([{ name: "office" }, { name: "office", mirrored: true }]);
  });
});

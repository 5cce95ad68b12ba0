import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { ensureHeroVariants } from "./hero-variants.server.ts";
import { LocalDiskStorage } from "./storage.server.ts";

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** A stored wide picture: left half red, right half blue, in the three WebP widths. */
async function storedHero() {
  const folder = await mkdtemp(path.join(tmpdir(), "hero-variants-"));
  folders.push(folder);
  const storage = new LocalDiskStorage(folder);
  for (const width of [480, 960, 1600]) {
    const height = Math.round((width * 10) / 16);
    const half = { width: width / 2, height, channels: 3 } as const;
    const red = await sharp({ create: { ...half, background: "#ff0000" } })
      .png()
      .toBuffer();
    const blue = await sharp({ create: { ...half, background: "#0000ff" } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width, height, channels: 3, background: "#000" } })
      .composite([
        { input: red, left: 0, top: 0 },
        { input: blue, left: width / 2, top: 0 },
      ])
      .webp()
      .toBuffer();
    await storage.put(`site/hero-${width}.webp`, webp);
  }
  return storage;
}

describe("ensureHeroVariants", () => {
  it("adds AVIF copies of each width and a 480 × 800 phone cut from the middle, once", async () => {
    const storage = await storedHero();
    expect(await ensureHeroVariants(storage, "site/hero")).toBe(5);

    for (const width of [480, 960, 1600]) {
      const avif = await storage.get(`site/hero-${width}.avif`);
      const meta = await sharp(avif).metadata();
      expect(meta.format).toBe("heif");
      expect(meta.compression).toBe("av1");
      expect(meta.width).toBe(width);
    }
    for (const format of ["avif", "webp"]) {
      const cut = await storage.get(`site/hero-phone-480.${format}`);
      const meta = await sharp(cut).metadata();
      expect([meta.width, meta.height]).toEqual([480, 800]);
      // Cut from the middle: red on its left edge, blue on its right.
      const { data, info } = await sharp(cut)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
      ];
      expect(at(5, 400)[0]).toBeGreaterThan(200);
      expect(at(474, 400)[2]).toBeGreaterThan(200);
    }
    // Already there: nothing is made again.
    expect(await ensureHeroVariants(storage, "site/hero")).toBe(0);
  });
});

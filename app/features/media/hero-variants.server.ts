import sharp from "sharp";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { avifPath, MEDIA_WIDTHS, PHONE_CUT, phoneCutPath, variantPath } from "./media-url.ts";

/**
 * Adds what the home page's first picture needs, all made from its stored WebP variants (no new
 * rendering, never upscaled): an AVIF copy of each width (about a third smaller), and for phones
 * a 480 × 800 cut from the middle of the 1600 px variant. The hero on a phone is a tall box; the
 * wide 480 px variant would be stretched some seven times on a 3× screen to cover it, a blur,
 * where the cut is shown at about its own size. Files already stored are left alone; returns
 * how many were made.
 */
export async function ensureHeroVariants(storage: MediaStorage, key: string): Promise<number> {
  let made = 0;
  for (const width of MEDIA_WIDTHS) {
    if (await storage.exists(avifPath(key, width))) continue;
    const webp = await storage.get(variantPath(key, width));
    if (!webp) continue;
    await storage.put(avifPath(key, width), await sharp(webp).avif(AVIF).toBuffer());
    made++;
  }
  const largest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] as number;
  const cuts = [phoneCutPath(key, "avif"), phoneCutPath(key, "webp")];
  if ((await Promise.all(cuts.map((path) => storage.exists(path)))).every(Boolean)) return made;
  const source = await storage.get(variantPath(key, largest));
  if (!source) return made;
  const cut = sharp(source).resize({ ...PHONE_CUT, fit: "cover", position: "centre" });
  await storage.put(cuts[0] as string, await cut.clone().avif(AVIF).toBuffer());
  await storage.put(cuts[1] as string, await cut.clone().webp({ quality: 78 }).toBuffer());
  return made + 2;
}

const AVIF = { quality: 50, effort: 4 } as const;

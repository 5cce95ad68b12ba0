import type { MediaStorage } from "../../lib/media-storage.ts";
import { avifPath, MEDIA_WIDTHS, phoneCutPath, variantPath } from "./media-url.ts";
import { inProcessEncoder, type PictureEncoder } from "./picture-encoder.server.ts";

/**
 * Adds what the home page's first picture needs, all made from its stored WebP variants (no new
 * rendering, never upscaled): an AVIF copy of each width (about a third smaller), and for phones
 * a 480 × 800 cut from the middle of the 1600 px variant. The hero on a phone is a tall box; the
 * wide 480 px variant would be stretched some seven times on a 3× screen to cover it, a blur,
 * where the cut is shown at about its own size. Files already stored are left alone; returns
 * how many were made. The server passes an encoder in a child process (withEncoderProcess).
 */
export async function ensureHeroVariants(
  storage: MediaStorage,
  key: string,
  encoder: PictureEncoder = inProcessEncoder,
): Promise<number> {
  let made = 0;
  for (const width of MEDIA_WIDTHS) {
    if (await storage.exists(avifPath(key, width))) continue;
    const webp = await storage.get(variantPath(key, width));
    if (!webp) continue;
    await storage.put(avifPath(key, width), await encoder.avif(webp));
    made++;
  }
  const largest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] as number;
  const cuts = [phoneCutPath(key, "avif"), phoneCutPath(key, "webp")];
  if ((await Promise.all(cuts.map((path) => storage.exists(path)))).every(Boolean)) return made;
  const source = await storage.get(variantPath(key, largest));
  if (!source) return made;
  const cut = await encoder.phoneCut(source);
  await storage.put(cuts[0] as string, cut.avif);
  await storage.put(cuts[1] as string, cut.webp);
  return made + 2;
}

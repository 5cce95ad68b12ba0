import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "../../domain/media.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { MEDIA_WIDTHS, variantPath } from "./media-url.ts";

export interface EncodedImage {
  width: number;
  height: number;
  /** Widths actually stored (never upscaled past the original), ascending. */
  variants: number[];
}

/**
 * Stores an image as WebP variants under `key`: auto-oriented, metadata stripped (sharp drops
 * EXIF, GPS included, unless asked to keep it), never wider than the original.
 */
export async function storeImageVariants(
  storage: MediaStorage,
  key: string,
  input: Buffer | string,
): Promise<EncodedImage> {
  const base = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const { data: normalized, info } = await base
    .png({ compressionLevel: 0 })
    .toBuffer({ resolveWithObject: true });
  const widths: number[] = MEDIA_WIDTHS.filter((w) => w <= info.width);
  if (widths.length === 0) widths.push(info.width);
  for (const width of widths) {
    const data = await sharp(normalized)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78, effort: 3 })
      .toBuffer();
    await storage.put(variantPath(key, width), data);
  }
  return { width: info.width, height: info.height, variants: widths };
}

import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "../../domain/media.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { MEDIA_WIDTHS, variantPath } from "./media-url.ts";

// Each picture is encoded once and never read again by sharp, so libvips keeps no cache of
// operations (by default up to 50 MB); one thread per picture keeps the encoding of the demo
// pictures on a first start, or of a phone's upload, within the memory budget (decision 099).
sharp.cache(false);
sharp.concurrency(1);

export interface EncodedImage {
  width: number;
  height: number;
  /** Widths actually stored (never upscaled past the original), ascending. */
  variants: number[];
}

/** An image's WebP variants, encoded but not stored yet. */
export interface ImageVariants extends EncodedImage {
  files: { width: number; data: Buffer }[];
}

/**
 * Encodes an image as WebP variants: auto-oriented, metadata stripped (sharp drops EXIF, GPS
 * included, unless asked to keep it), never wider than the original; `mirror` flips it left to
 * right.
 */
export async function encodeImageVariants(
  input: Buffer | string,
  { mirror = false }: { mirror?: boolean } = {},
): Promise<ImageVariants> {
  const base = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().flop(mirror);
  const { data: normalized, info } = await base
    .png({ compressionLevel: 0 })
    .toBuffer({ resolveWithObject: true });
  const widths: number[] = MEDIA_WIDTHS.filter((w) => w <= info.width);
  if (widths.length === 0) widths.push(info.width);
  const files: ImageVariants["files"] = [];
  for (const width of widths) {
    const data = await sharp(normalized)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78, effort: 3 })
      .toBuffer();
    files.push({ width, data });
  }
  return { width: info.width, height: info.height, variants: widths, files };
}

/** Stores encoded variants under `key`. */
export async function putImageVariants(
  storage: MediaStorage,
  key: string,
  image: ImageVariants,
): Promise<EncodedImage> {
  for (const { width, data } of image.files) await storage.put(variantPath(key, width), data);
  return { width: image.width, height: image.height, variants: image.variants };
}

/** Encodes an image (see encodeImageVariants) and stores its variants under `key`. */
export async function storeImageVariants(
  storage: MediaStorage,
  key: string,
  input: Buffer | string,
): Promise<EncodedImage> {
  return putImageVariants(storage, key, await encodeImageVariants(input));
}

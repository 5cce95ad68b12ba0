import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { MAX_IMAGE_PIXELS } from "../../domain/media.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { type EncodedImage, storeImageVariants } from "../media/images.server.ts";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export class UploadError extends Error {}

export interface UploadedImage extends EncodedImage {
  mediaKey: string;
}

/**
 * Checks an upload by its content (never its name or declared type), then stores it as WebP
 * variants under a key made here: auto-oriented, metadata (GPS included) stripped.
 */
export async function storeUpload(storage: MediaStorage, bytes: Buffer): Promise<UploadedImage> {
  if (bytes.length === 0) throw new UploadError("The file is empty.");
  if (bytes.length > MAX_UPLOAD_BYTES) throw new UploadError("The file is larger than 10 MB.");
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new UploadError("The file is not a PNG, JPEG or WebP image.");
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new UploadError("The file is not a PNG, JPEG or WebP image.");
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new UploadError("The image has too many pixels (40 megapixels at most).");
  }
  const mediaKey = `uploads/${randomBytes(16).toString("hex")}`;
  try {
    const encoded = await storeImageVariants(storage, mediaKey, bytes);
    return { mediaKey, ...encoded };
  } catch {
    throw new UploadError("The image could not be read.");
  }
}

import { inArray } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { propertyImages } from "../../db/schema.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { MEDIA_WIDTHS, variantPath } from "../media/media-url.ts";
import { PropertyError } from "./properties.server.ts";
import type { ImageItem } from "./property-schema.ts";

const isStored = (storage: MediaStorage, image: Extract<ImageItem, { kind: "media" }>) =>
  storage.exists(variantPath(image.mediaKey, Math.min(...image.variants)));

/** Media keys must name pictures this server stored. */
export async function assertImagesExist(storage: MediaStorage, images: ImageItem[]) {
  for (const image of images) {
    if (image.kind !== "media") continue;
    if (!(await isStored(storage, image))) {
      throw new PropertyError(
        "A picture of this property was not found; upload it again.",
        "invalid",
        "images",
      );
    }
  }
}

/** The pictures of a list whose files are still stored (external URLs always are), in order. */
export async function imagesStillStored(
  storage: MediaStorage,
  images: ImageItem[],
): Promise<ImageItem[]> {
  const kept = await Promise.all(
    images.map(async (image) =>
      image.kind !== "media" || (await isStored(storage, image)) ? image : null,
    ),
  );
  return kept.filter((i): i is ImageItem => i !== null);
}

/** Deletes the files of uploaded pictures no property refers to any more (demo pictures stay). */
export async function removeUnusedMedia(db: AppDatabase, storage: MediaStorage, keys: string[]) {
  const uploads = keys.filter((k) => k.startsWith("uploads/"));
  if (uploads.length === 0) return;
  const used = new Set(
    (
      await db
        .select({ key: propertyImages.mediaKey })
        .from(propertyImages)
        .where(inArray(propertyImages.mediaKey, uploads))
    ).map((r) => r.key),
  );
  for (const key of uploads) {
    if (used.has(key)) continue;
    for (const width of MEDIA_WIDTHS) await storage.remove(variantPath(key, width));
  }
}

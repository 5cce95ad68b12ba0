import type { UnitImage } from "./media-url.ts";
import { MEDIA_WIDTHS, toUnitImage } from "./media-url.ts";

/** A site picture stored at start from a rendered one (see SITE_PICTURES), by its media key. */
export function sitePicture(key: string): UnitImage {
  return toUnitImage({
    mediaKey: key,
    url: null,
    width: 1600,
    height: 1000,
    variants: [...MEDIA_WIDTHS],
  }) as UnitImage;
}

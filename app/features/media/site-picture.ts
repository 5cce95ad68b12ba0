import type { UnitImage } from "./media-url.ts";
import { avifPath, MEDIA_WIDTHS, mediaUrl, phoneCutPath, toUnitImage } from "./media-url.ts";

/** The home page's background picture: the page's largest paint. */
export const HERO_PICTURE = "site/hero";

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

/**
 * The hero's sources: phones (up to 640 CSS px wide, whatever their pixel ratio) get the 480 px
 * wide phone cut (hero-variants.server.ts), shown at about its own size behind the text; wider
 * screens choose from the 960 and 1600 by width. AVIF first, WebP for the rest.
 */
export function heroSources() {
  const avif = (w: number) => `/media/${avifPath(HERO_PICTURE, w)}`;
  const wide = (url: (w: number) => string) => `${url(960)} 960w, ${url(1600)} 1600w`;
  const webp = (w: number) => mediaUrl(HERO_PICTURE, w);
  return {
    phoneMedia: "(max-width: 640px)",
    wideMedia: "(min-width: 641px)",
    phoneAvif: `/media/${phoneCutPath(HERO_PICTURE, "avif")}`,
    phoneWebp: `/media/${phoneCutPath(HERO_PICTURE, "webp")}`,
    wideAvif: wide(avif),
    wideWebp: wide(webp),
    sizes: "100vw",
  };
}

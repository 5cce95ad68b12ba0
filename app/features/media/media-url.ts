/** Widths of the WebP variants stored for every uploaded or generated picture. */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;

/** The storage path of one variant; media keys are made by the server, never by a client. */
export function variantPath(key: string, width: number): string {
  return `${key}-${width}.webp`;
}

/** The storage path of a variant's AVIF copy (made for the pictures that paint first). */
export function avifPath(key: string, width: number): string {
  return `${key}-${width}.avif`;
}

/** A phone's cut of a wide picture: as tall as the home page's hero is on a phone. */
export const PHONE_CUT = { width: 480, height: 800 } as const;

/** Where a picture's phone cut is stored, in AVIF or WebP. */
export function phoneCutPath(key: string, format: "avif" | "webp"): string {
  return `${key}-phone-${PHONE_CUT.width}.${format}`;
}

export function mediaUrl(key: string, width: number): string {
  return `/media/${variantPath(key, width)}`;
}

/** A picture as a page shows it: a default source, a srcset and its size when known. */
export interface UnitImage {
  src: string;
  /** `srcset` of the WebP variants; absent for external URLs. */
  srcSet?: string;
  width?: number;
  height?: number;
}

export interface StoredImage {
  mediaKey: string | null;
  url: string | null;
  width: number | null;
  height: number | null;
  variants: number[];
}

/** What a page needs to show a stored picture: a default source, a srcset and its size. */
export function toUnitImage(image: StoredImage): UnitImage | null {
  if (image.url) return { src: image.url };
  if (!image.mediaKey || image.variants.length === 0) return null;
  const key = image.mediaKey;
  const widths = [...image.variants].sort((a, b) => a - b);
  const middle = widths[Math.floor((widths.length - 1) / 2)] as number;
  return {
    src: mediaUrl(key, middle),
    srcSet: widths.map((w) => `${mediaUrl(key, w)} ${w}w`).join(", "),
    ...(image.width && image.height ? { width: image.width, height: image.height } : {}),
  };
}

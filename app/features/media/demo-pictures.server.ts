import { readFile } from "node:fs/promises";
import { projectPath } from "../../lib/paths.server.ts";

/**
 * The demo's pictures: scenes rendered once, at development time, from the scripts in
 * assets/scenes and committed as WebP in assets/pictures (decision 075). The server only
 * re-encodes them into its media variants, some flipped left to right for more variety.
 */

/** What a rendered picture shows; interiors say what their glazing looks onto. */
export type PictureKind =
  | "villa"
  | "the-trees"
  | "zen-space"
  /** A villa's pool deck over the bay. */
  | "pool-deck"
  /** A condo's balcony over the gardens and the sea. */
  | "balcony"
  | "living"
  | "bedroom"
  | "bathroom"
  | "kitchen"
  | "office";

interface PictureInfo {
  kind: PictureKind;
  view?: "garden" | "sea";
}

export const RENDERED_PICTURES = {
  "villa-1": { kind: "villa" },
  "villa-2": { kind: "villa" },
  "villa-3": { kind: "villa" },
  "villa-4": { kind: "villa" },
  "villa-5": { kind: "villa" },
  "villa-6": { kind: "villa" },
  "villa-7": { kind: "villa" },
  // The home page's picture, the deck at golden hour, is one of the villas' too.
  hero: { kind: "pool-deck" },
  "terrace-1": { kind: "pool-deck" },
  "terrace-2": { kind: "balcony" },
  "condo-trees-1": { kind: "the-trees" },
  "condo-trees-2": { kind: "the-trees" },
  "condo-zen-1": { kind: "zen-space" },
  "condo-zen-2": { kind: "zen-space" },
  "living-1": { kind: "living", view: "garden" },
  "living-2": { kind: "living", view: "sea" },
  "living-3": { kind: "living", view: "garden" },
  "bedroom-1": { kind: "bedroom", view: "garden" },
  "bedroom-2": { kind: "bedroom", view: "sea" },
  "bedroom-3": { kind: "bedroom", view: "garden" },
  "bathroom-1": { kind: "bathroom", view: "garden" },
  "bathroom-2": { kind: "bathroom", view: "sea" },
  "kitchen-1": { kind: "kitchen", view: "garden" },
  "kitchen-2": { kind: "kitchen", view: "sea" },
  office: { kind: "office" },
} as const satisfies Record<string, PictureInfo>;

export type PictureName = keyof typeof RENDERED_PICTURES;
export const PICTURE_NAMES = Object.keys(RENDERED_PICTURES) as [PictureName, ...PictureName[]];

/** One picture as shown: a rendered scene, maybe flipped left to right. */
export interface DemoPicture {
  name: PictureName;
  mirrored?: boolean;
}

/** The size every rendered picture is committed at. */
export const PICTURE_WIDTH = 1600;
export const PICTURE_HEIGHT = 1000;

/**
 * The pictures of one kind, the ones looking onto `view` first, then the same flipped: a list
 * to deal from in turn, where two pictures next to each other are never the same.
 */
export function picturesOf(kind: PictureKind, view?: "garden" | "sea"): DemoPicture[] {
  const all = (Object.entries(RENDERED_PICTURES) as [PictureName, PictureInfo][]).filter(
    ([, info]) => info.kind === kind,
  );
  const rank = (info: PictureInfo) => (view && info.view && info.view !== view ? 1 : 0);
  const names = all.sort((a, b) => rank(a[1]) - rank(b[1])).map(([name]) => name);
  return [...names.map((name) => ({ name })), ...names.map((name) => ({ name, mirrored: true }))];
}

/** A picture's identity, the same for the same file flipped the same way. */
export function pictureId(picture: DemoPicture): string {
  return picture.mirrored ? `${picture.name}:mirrored` : picture.name;
}

/** The committed WebP file of a rendered picture. */
export function readRenderedPicture(name: PictureName): Promise<Buffer> {
  return readFile(projectPath("assets", "pictures", `${name}.webp`));
}

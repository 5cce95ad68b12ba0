/** Lists of unit slugs in URLs (`?units=a,b,c`) and in the browser's storage. */

/** A favourites list (and a shared link) holds at most this many units. */
export const MAX_LISTED_UNITS = 50;
/** Compare shows at most this many units side by side. */
export const MAX_COMPARED_UNITS = 4;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;

export function isUnitSlug(value: string): boolean {
  return SLUG.test(value);
}

export type SlugList =
  | { ok: true; slugs: string[] }
  | { ok: false; reason: "invalid" | "too-many"; count: number };

/**
 * Reads `a,b,c`: trimmed, duplicates dropped, order kept. More than `max` slugs, or any that is
 * not a slug, refuses the whole list (a link that was cut or made up), never a partial one.
 */
export function parseSlugList(value: string | null, max: number): SlugList {
  const parts = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const slugs = [...new Set(parts)];
  if (slugs.length > max) return { ok: false, reason: "too-many", count: slugs.length };
  if (!slugs.every(isUnitSlug)) return { ok: false, reason: "invalid", count: slugs.length };
  return { ok: true, slugs };
}

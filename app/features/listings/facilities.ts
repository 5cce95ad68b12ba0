import type { TranslateFunction } from "../../i18n/translate.ts";

/**
 * The facilities the admin ticks on a property, stored by these keys in `properties.facilities`;
 * their names in both languages are in the catalogues under `facility.<key>`. A facility that is
 * not in the set is stored and shown as the admin typed it (migration 0025 moved the free-text
 * lists of before onto the set and kept the rest that way).
 */
export const FACILITY_KEYS = [
  "private-pool",
  "pool",
  "sea-view",
  "garden",
  "sala",
  "bbq",
  "beach-access",
  "private-jacuzzi",
  "gym",
  "sauna",
  "co-working",
  "kids-club",
  "cinema-room",
  "security",
  "parking",
  "wifi",
  "air-conditioning",
  "washing-machine",
  "housekeeping",
  "chef-on-request",
] as const;
export type FacilityKey = (typeof FACILITY_KEYS)[number];

/**
 * Other ways the admin typed a facility, in the normal form of `normalName` (lower case, runs of
 * spaces, hyphens and underscores as one space). Each key's own name and its key in that form
 * match without being listed. Migration 0025 maps the same names (a test compares the two).
 */
export const FACILITY_ALIASES: Readonly<Record<string, FacilityKey>> = {
  "private swimming pool": "private-pool",
  "swimming pool": "pool",
  "communal pool": "pool",
  "shared pool": "pool",
  "sea views": "sea-view",
  "sala (pavilion)": "sala",
  barbecue: "bbq",
  "beach front": "beach-access",
  beachfront: "beach-access",
  jacuzzi: "private-jacuzzi",
  fitness: "gym",
  "fitness centre": "gym",
  "fitness center": "gym",
  coworking: "co-working",
  "kids' club": "kids-club",
  "kid's club": "kids-club",
  cinema: "cinema-room",
  "24h security": "security",
  "car park": "parking",
  "wi fi": "wifi",
  internet: "wifi",
  aircon: "air-conditioning",
  "a/c": "air-conditioning",
  washer: "washing-machine",
  cleaning: "housekeeping",
  "private chef": "chef-on-request",
};

/** Lower case, trimmed, each run of spaces, hyphens and underscores one space. */
export function normalName(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
}

const BY_NAME = new Map<string, FacilityKey>([
  ...FACILITY_KEYS.map((key) => [normalName(key), key] as const),
  ...Object.entries(FACILITY_ALIASES),
]);

export function isFacilityKey(value: string): value is FacilityKey {
  return (FACILITY_KEYS as readonly string[]).includes(value);
}

/** The facility of the set that `text` names (its key, its name or a known other name), if any. */
export function facilityKey(text: string): FacilityKey | null {
  return BY_NAME.get(normalName(text)) ?? null;
}

/** A property's facilities as stored: keys of the set first in the set's order, then the others as typed, once each. */
export function storedFacilities(values: readonly string[]): string[] {
  const keys = new Set<FacilityKey>();
  const others = new Map<string, string>();
  for (const raw of values) {
    const text = raw.trim();
    if (!text) continue;
    const key = facilityKey(text);
    if (key) keys.add(key);
    else if (!others.has(text.toLowerCase())) others.set(text.toLowerCase(), text);
  }
  return [...FACILITY_KEYS.filter((key) => keys.has(key)), ...others.values()];
}

/** The name to show: the set's translated name, or the text as the admin typed it. */
export function facilityName(value: string, t: TranslateFunction): string {
  const key = facilityKey(value);
  return key ? t(`facility.${key}`) : value;
}

/** The fixed vocabulary of the listings: buildings, types, statuses, locations and filter ranges. */

export const BUILDINGS = ["The Trees", "Zen Space"] as const;
export type Building = (typeof BUILDINGS)[number];

export const PROPERTY_TYPES = ["pool-villa", "condo"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_STATUSES = ["available", "soon", "occupied"] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
export const DEFAULT_STATUS: PropertyStatus = "available";

/** Locations offered by the listing filter, in the order the spec lists them. */
export const LISTING_LOCATIONS = [
  "Bang Tao",
  "Cherng Talay",
  "Kamala",
  "Patong",
  "Surin",
  "Kata",
  "Rawai",
  "Nai Harn",
  "Chalong",
  "Karon",
  "Mai Khao",
  "Thalang",
  "Phuket Town",
] as const;
export type ListingLocation = (typeof LISTING_LOCATIONS)[number];

export const BEDROOM_OPTIONS = ["1", "2", "3", "4+"] as const;
export type BedroomOption = (typeof BEDROOM_OPTIONS)[number];
/** "4+" matches this many bedrooms or more. */
export const BEDROOMS_PLUS_THRESHOLD = 4;

/** Price ranges on the yearly-lease price (baht per month); `max` is exclusive. */
export const PRICE_RANGES = [
  { id: "under-25", label: "< 25K", min: 0, max: 25_000 },
  { id: "25-45", label: "25K - 45K", min: 25_000, max: 45_000 },
  { id: "45-70", label: "45K - 70K", min: 45_000, max: 70_000 },
  { id: "70-100", label: "70K - 100K", min: 70_000, max: 100_000 },
  { id: "100-plus", label: "100K+", min: 100_000, max: null },
] as const satisfies readonly { id: string; label: string; min: number; max: number | null }[];
export type PriceRangeId = (typeof PRICE_RANGES)[number]["id"];
export type PriceRange = (typeof PRICE_RANGES)[number];

export const PAGE_SIZE = 9;
export const LIST_TIMEOUT_MS = 30_000;
export const COUNTS_TIMEOUT_MS = 5_000;

export function priceRangeById(id: PriceRangeId): PriceRange {
  const range = PRICE_RANGES.find((r) => r.id === id);
  if (!range) throw new Error(`Unknown price range ${id}`);
  return range;
}

export function isInPriceRange(yearlyPrice: number, range: PriceRange): boolean {
  return yearlyPrice >= range.min && (range.max === null || yearlyPrice < range.max);
}

export function matchesBedrooms(bedrooms: number, option: BedroomOption): boolean {
  return option === "4+" ? bedrooms >= BEDROOMS_PLUS_THRESHOLD : bedrooms === Number(option);
}

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}

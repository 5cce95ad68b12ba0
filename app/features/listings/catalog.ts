/** The listing's filter ranges and page size; the unit vocabulary is in app/domain/listing.ts. */
import { BEDROOMS_PLUS_THRESHOLD, type BedroomOption } from "../../domain/listing.ts";

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
/** The most units the map view shows at once (the rest are named in a note). */
export const MAP_UNITS_LIMIT = 500;
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

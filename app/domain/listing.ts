/**
 * The fixed vocabulary of a unit: buildings, types, statuses, locations and bedroom options.
 * The database's checks, the listing filter, the admin form and the demo data all read it here.
 */

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

/** Bedroom choices of the listing filter and of the ROI calculator. */
export const BEDROOM_OPTIONS = ["1", "2", "3", "4+"] as const;
export type BedroomOption = (typeof BEDROOM_OPTIONS)[number];
/** "4+" matches this many bedrooms or more. */
export const BEDROOMS_PLUS_THRESHOLD = 4;

/**
 * Move-in and move-out inspections of a lease: the facts the database checks and the screens,
 * services and the printed report share.
 */

export const INSPECTION_KINDS = ["move-in", "move-out"] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];

export const ITEM_CONDITIONS = ["good", "fair", "damaged", "missing"] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

/** Items on one inspection, and photos on one item, at most. */
export const MAX_INSPECTION_ITEMS = 120;
export const MAX_ITEM_PHOTOS = 6;

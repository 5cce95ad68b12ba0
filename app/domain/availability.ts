/** The kinds of stay a unit's calendar holds; the database's check constraint lists the same. */
export const STAY_KINDS = ["lease", "short-stay", "owner-block", "maintenance"] as const;
export type StayKind = (typeof STAY_KINDS)[number];

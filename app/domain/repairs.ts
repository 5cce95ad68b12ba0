/**
 * Repairs and maintenance of an owner's unit: the stages of a ticket, who may move it where, and
 * when a quote waits for the owner. Shared by the database checks, the services and the screens.
 */

/** reported → quoted → approved → in progress → done; an owner may decline a quote. */
export const REPAIR_STAGES = [
  "reported",
  "quoted",
  "approved",
  "in-progress",
  "done",
  "declined",
] as const;
export type RepairStage = (typeof REPAIR_STAGES)[number];

/** Who made a change: a desk user, an owner, or the threshold rule (auto-approval). */
export const REPAIR_ACTORS = ["desk", "owner", "auto"] as const;
export type RepairActor = (typeof REPAIR_ACTORS)[number];

/** What an entry of a ticket's history records: a stage it reached, or a photo added. */
export const REPAIR_EVENT_KINDS = [...REPAIR_STAGES, "photo"] as const;
export type RepairEventKind = (typeof REPAIR_EVENT_KINDS)[number];

/** A ticket keeps at most this many photos (the report's and the finished work's together). */
export const MAX_REPAIR_PHOTOS = 12;

/** The largest amount a quote or a final cost may have, in baht (ten million). */
export const MAX_REPAIR_BAHT = 10_000_000;

/** Stages a ticket is still open in (shown on the owner's overview). */
export const OPEN_REPAIR_STAGES: readonly RepairStage[] = [
  "reported",
  "quoted",
  "approved",
  "in-progress",
];

/** The desk may (re)quote a ticket that is reported, quoted and waiting, or declined. */
export const QUOTABLE_STAGES: readonly RepairStage[] = ["reported", "quoted", "declined"];

/**
 * A quote waits for the owner when it is above the threshold; at or below it, the desk goes
 * ahead. A unit with several owners takes the lowest threshold among them, so no owner's limit
 * is passed over.
 */
export function quoteNeedsOwner(
  amountBaht: number,
  thresholdsBaht: readonly number[],
  fallback: number,
): boolean {
  const threshold = thresholdsBaht.length === 0 ? fallback : Math.min(...thresholdsBaht);
  return amountBaht > threshold;
}

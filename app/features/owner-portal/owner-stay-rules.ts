import type { StayKind } from "../../domain/availability.ts";
import { dayCount, isIsoDay, plusDays } from "../../domain/date-time.ts";
import { ROI_FREE_NIGHTS } from "../../domain/owner-programs.ts";
import { GUARANTEED_STAY_SEASON, type OwnerProgramKind } from "../../domain/owners.ts";

/** The longest owner stay asked for at once on a revenue-share unit: a year. */
export const MAX_OWNER_STAY_NIGHTS = 366;

/** A period already on the unit's calendar (a stay, or another owner request still waiting). */
export interface TakenPeriod {
  kind: StayKind | "request";
  startDate: string;
  endDate: string;
}

export interface OwnerStayQuestion {
  program: OwnerProgramKind;
  startDate: string;
  /** The first free day after the stay (check-out), like every stay's end. */
  endDate: string;
  /** Today in Phuket. */
  today: string;
  /** Everything on the unit's calendar that the request may clash with. */
  taken: readonly TakenPeriod[];
  /** The unit's owner nights already approved or asked for (owner blocks and waiting requests). */
  ownerNights: readonly { startDate: string; endDate: string }[];
}

export type OwnerStayAnswer =
  | { ok: true; nights: number }
  | { ok: false; reason: "dates" | "past" | "too-long" }
  | { ok: false; reason: "season"; year: number; nightsLeft: number }
  | { ok: false; reason: "allowance"; year: number; nightsLeft: number; nights: number }
  | { ok: false; reason: "clash"; clash: TakenPeriod };

/** Nights of [start, end) that fall in calendar year `year`. */
function nightsInYear(startDate: string, endDate: string, year: number): number {
  const from = `${year}-01-01`;
  const to = `${year + 1}-01-01`;
  const start = startDate > from ? startDate : from;
  const end = endDate < to ? endDate : to;
  return end > start ? dayCount(start, end) : 0;
}

/** Free nights a guaranteed-return unit still has in `year`. */
export function nightsLeft(
  ownerNights: readonly { startDate: string; endDate: string }[],
  year: number,
): number {
  const used = ownerNights.reduce((sum, s) => sum + nightsInYear(s.startDate, s.endDate, year), 0);
  return Math.max(0, ROI_FREE_NIGHTS - used);
}

/**
 * Whether an owner may block these dates of their unit. Guaranteed-return units: only nights
 * from 1 May to 30 September, at most ROI_FREE_NIGHTS in a calendar year. Revenue-share units:
 * any free dates. Never the past, never over another stay or waiting request.
 */
export function checkOwnerStay(q: OwnerStayQuestion): OwnerStayAnswer {
  if (!isIsoDay(q.startDate) || !isIsoDay(q.endDate) || q.endDate <= q.startDate)
    return { ok: false, reason: "dates" };
  if (q.startDate < q.today) return { ok: false, reason: "past" };
  const nights = dayCount(q.startDate, q.endDate);
  if (q.program === "guaranteed") {
    const year = Number(q.startDate.slice(0, 4));
    const left = nightsLeft(q.ownerNights, year);
    const seasonStart = `${year}-${GUARANTEED_STAY_SEASON.from}`;
    // The season's last night is its last day: a stay ends the day after at the latest.
    const seasonEnd = plusDays(`${year}-${GUARANTEED_STAY_SEASON.to}`, 1);
    if (q.startDate < seasonStart || q.endDate > seasonEnd)
      return { ok: false, reason: "season", year, nightsLeft: left };
    if (nights > left) return { ok: false, reason: "allowance", year, nightsLeft: left, nights };
    const clash = firstClash(q);
    if (clash) return { ok: false, reason: "clash", clash };
    return { ok: true, nights };
  }
  if (nights > MAX_OWNER_STAY_NIGHTS) return { ok: false, reason: "too-long" };
  const clash = firstClash(q);
  if (clash) return { ok: false, reason: "clash", clash };
  return { ok: true, nights };
}

function firstClash(q: OwnerStayQuestion): TakenPeriod | undefined {
  return [...q.taken]
    .sort((a, b) => (a.startDate < b.startDate ? -1 : 1))
    .find((t) => t.startDate < q.endDate && t.endDate > q.startDate);
}

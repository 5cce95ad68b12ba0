import { currentLogger } from "../../db/runtime.server.ts";
import type { UnitDetail } from "./unit.ts";
import { loadSiteUnit, type UnitLookup } from "./unit-detail.server.ts";
import {
  availableUnits,
  fallbackUnits,
  fromSiteDatabase,
  type ListedUnit,
  similarUnits,
} from "./units-by-slug.server.ts";

export type UnitPageData<Calendar> =
  | {
      found: true;
      unit: UnitDetail;
      source: Exclude<UnitLookup["source"], "unavailable">;
      calendar: Calendar | null;
      similar: ListedUnit[];
      /** False when any part came from the demo data or failed: the page must not be cached. */
      cacheable: boolean;
    }
  | { found: false; status: 404 | 503; suggestions: ListedUnit[]; cacheable: boolean };

/**
 * Everything the unit page at `slug` shows: the unit, its calendar and similar units, each from
 * the database or, when it fails, the demo data. A unit that no longer exists answers 404 with a
 * few available units to suggest; a database that cannot say answers 503. `loadCalendar` reads a
 * unit's public calendar (the availability feature's, composed by the route).
 */
export async function loadUnitPage<Calendar>(
  slug: string,
  loadCalendar: (unit: UnitDetail & { id: number }) => Promise<Calendar>,
): Promise<UnitPageData<Calendar>> {
  const found = await loadSiteUnit(slug);
  let cacheable = found.source === "database";
  if (!found.unit) {
    if (found.source === "unavailable")
      return { found: false, status: 503, suggestions: [], cacheable };
    const suggestions = await fromSiteDatabase(availableUnits, () => fallbackUnits.available());
    return { found: false, status: 404, suggestions: suggestions.value, cacheable };
  }
  const unit = found.unit;
  // A database that just failed is not asked again: the demo units answer at once.
  const similar =
    found.source === "database"
      ? await fromSiteDatabase(
          (db) => similarUnits(db, unit),
          () => fallbackUnits.similar(unit),
        )
      : { value: fallbackUnits.similar(unit), source: "fallback" as const };
  if (similar.source === "fallback") cacheable = false;
  let calendar: Calendar | null = null;
  if (found.source === "database" && unit.id !== null) {
    try {
      calendar = await loadCalendar({ ...unit, id: unit.id });
    } catch (error) {
      currentLogger().warn({ err: error }, "unit page without its calendar");
      cacheable = false;
    }
  }
  return { found: true, unit, source: found.source, calendar, similar: similar.value, cacheable };
}

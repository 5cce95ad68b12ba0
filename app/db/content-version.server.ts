import { eq, sql } from "drizzle-orm";
import type { AppDatabase, AppTransaction } from "./client.server.ts";
import { settings } from "./schema.ts";

/** The content version: bumped by a database trigger on every write to the listing tables. */
export async function contentVersion(db: AppDatabase): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, "content_version"));
  return JSON.stringify(row?.value ?? 0);
}

/**
 * A run of content versions that one write made, from `from` (excluded) to `to`, and the units
 * (by slug) whose own pages it changed. Versions no record covers changed anything at all.
 */
export interface ContentChange {
  from: number;
  to: number;
  units: string[];
}

const CHANGES_KEY = "content_changes";
/** The records kept: far more than several servers miss between two reads of the version. */
export const CONTENT_CHANGES_KEPT = 100;

/**
 * Inside a write's transaction, before its first statement: locks the content version, so that
 * no other write bumps it until this one commits, and returns it.
 */
export async function lockContentVersion(tx: AppTransaction): Promise<number> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, "content_version"))
    .for("update");
  return Number(row?.value ?? 0);
}

/**
 * Inside the same transaction, after its last write: records that the versions it made, since
 * `from` (lockContentVersion), changed only these units' own pages and the pages listing units.
 */
export async function recordUnitChange(
  tx: AppTransaction,
  from: number,
  units: string[],
): Promise<void> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, "content_version"));
  const to = Number(row?.value ?? 0);
  if (!(to > from)) return;
  const [kept] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, CHANGES_KEY));
  const changes = parseChanges(kept?.value).filter((c) => c.to <= from);
  changes.push({ from, to, units });
  const value = changes.slice(-CONTENT_CHANGES_KEPT);
  await tx
    .insert(settings)
    .values({ key: CHANGES_KEY, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

function parseChanges(value: unknown): ContentChange[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (c): c is ContentChange =>
      typeof c === "object" &&
      c !== null &&
      Number.isSafeInteger(c.from) &&
      Number.isSafeInteger(c.to) &&
      Array.isArray(c.units) &&
      c.units.every((u: unknown) => typeof u === "string"),
  );
}

/** The recorded changes, oldest first. */
export async function contentChanges(db: AppDatabase): Promise<ContentChange[]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, CHANGES_KEY));
  return parseChanges(row?.value);
}

/**
 * The units whose own pages changed between two content versions, or null when anything may
 * have changed: a version in between that no record covers (a calendar sync, a currency rate, a
 * restore, a new day, a unit added or deleted) or a version that went back.
 */
export function unitsChangedBetween(
  changes: ContentChange[],
  from: number,
  to: number,
): Set<string> | null {
  if (!(Number.isSafeInteger(from) && Number.isSafeInteger(to)) || to < from) return null;
  const byStart = new Map(changes.map((c) => [c.from, c]));
  const units = new Set<string>();
  let at = from;
  while (at < to) {
    const change = byStart.get(at);
    if (!change || change.to > to || change.to <= at) return null;
    for (const unit of change.units) units.add(unit);
    at = change.to;
  }
  return units;
}

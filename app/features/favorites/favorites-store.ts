import { useSyncExternalStore } from "react";
import { isUnitSlug, MAX_LISTED_UNITS } from "./slug-list.ts";

/**
 * Favourite units, kept in this browser's localStorage (no account). Components read them with
 * `useFavorites`: the server and the first render in the browser see none, then the stored list
 * (useSyncExternalStore's server snapshot), so hydration never mismatches.
 */
const KEY = "kamala-living:favorites";
const EMPTY: readonly string[] = [];
const listeners = new Set<() => void>();
let cache: { raw: string | null; slugs: readonly string[] } = { raw: null, slugs: EMPTY };

function read(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    return cache.slugs; // storage blocked: keep what this page has
  }
  if (raw === cache.raw) return cache.slugs;
  let slugs: readonly string[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed))
      slugs = parsed
        .filter((s): s is string => typeof s === "string" && isUnitSlug(s))
        .slice(0, MAX_LISTED_UNITS);
  } catch {
    slugs = EMPTY;
  }
  cache = { raw, slugs };
  return slugs;
}

function write(slugs: readonly string[]) {
  const next = [...new Set(slugs)].slice(0, MAX_LISTED_UNITS);
  const raw = JSON.stringify(next);
  cache = { raw, slugs: next };
  try {
    window.localStorage.setItem(KEY, raw);
  } catch {
    // storage full or blocked: the list lives until the page is left
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const serverSnapshot = () => EMPTY;

/** The saved slugs, newest last; none on the server and during hydration. */
export function useFavorites(): readonly string[] {
  return useSyncExternalStore(subscribe, read, serverSnapshot);
}

export function toggleFavorite(slug: string) {
  const current = read();
  write(current.includes(slug) ? current.filter((s) => s !== slug) : [...current, slug]);
}

export function addFavorites(slugs: readonly string[]) {
  write([...read(), ...slugs.filter(isUnitSlug)]);
}

/** A stay's days: `start` the first taken day, `end` the first free one (ISO dates). */
export interface Span {
  id: number;
  start: string;
  end: string;
}

/**
 * The ids of the spans that overlap another (touching, one ending the day the next starts, is
 * no overlap): sorted by first day, then swept once, O(n log n) where comparing every pair
 * was O(n²). In that order a span overlaps an earlier one exactly when the latest end so far
 * is after its first day, and a later one exactly when the next span starts before its end
 * (the next one starts earliest of all the later ones).
 */
export function overlappingIds(spans: readonly Span[]): Set<number> {
  const sorted = [...spans].sort((a, b) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id,
  );
  const overlapping = new Set<number>();
  let latestEnd = "";
  for (let i = 0; i < sorted.length; i++) {
    const span = sorted[i] as Span;
    const next = sorted[i + 1];
    if (latestEnd > span.start || (next !== undefined && next.start < span.end))
      overlapping.add(span.id);
    if (span.end > latestEnd) latestEnd = span.end;
  }
  return overlapping;
}

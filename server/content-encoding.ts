/**
 * The encoding to answer with, from the request's Accept-Encoding and the forms we have, in our
 * order of preference. Highest q-value wins; on a tie, the earlier of `available`. Identity is
 * acceptable unless refused (`identity;q=0`, or `*;q=0` without naming it); undefined when
 * nothing we have is acceptable.
 */
export function pickEncoding<T extends string>(
  acceptEncoding: string | undefined,
  available: readonly T[],
): T | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: string) =>
    weights.get(encoding) ??
    weights.get("*") ??
    // Identity is acceptable when not mentioned; `*;q=0` refuses it only if it is not named.
    (encoding === "identity" ? 1 : 0);
  let best: T | undefined;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weightOf(encoding);
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

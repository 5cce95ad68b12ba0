/** Whether `value` is one of a fixed list of strings, narrowing its type when it is. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}

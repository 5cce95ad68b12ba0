/**
 * A select's options from a list of values and their label map, typed by the same union, so a
 * value without a label does not compile and every select writes its options the same way.
 */
export function LabelOptions<Value extends string>({
  values,
  labels,
}: {
  values: readonly Value[];
  labels: Record<Value, string>;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}

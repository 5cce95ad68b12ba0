import { leadInputs } from "./lead-format.ts";

/** Without the unit's web address when the unit itself is shown beside. */
function shown(inputs: Record<string, unknown>, unitShown: boolean) {
  const { slug: _slug, ...rest } = inputs;
  return leadInputs(unitShown ? rest : inputs);
}

/** A lead's inputs on one line of the leads table: "Property value ฿8,000,000 · Location Kamala". */
export function LeadInputsLine({
  inputs,
  unitShown = false,
}: {
  inputs: Record<string, unknown>;
  unitShown?: boolean;
}) {
  const items = shown(inputs, unitShown);
  if (items.length === 0) return null;
  return (
    <p data-testid="lead-inputs">
      {items.map(({ label, value }, i) => (
        <span key={label}>
          {i > 0 && " · "}
          <span className="text-ink-500">{label}</span>{" "}
          <span className="font-medium text-ink-900">{value}</span>
        </span>
      ))}
    </p>
  );
}

/** A lead's inputs as rows of the lead page's description list. */
export function LeadInputsRows({
  inputs,
  unitShown = false,
}: {
  inputs: Record<string, unknown>;
  unitShown?: boolean;
}) {
  return shown(inputs, unitShown).map(({ label, value }) => (
    <div key={label} className="contents" data-testid="lead-input">
      <dt className="font-medium">{label}</dt>
      <dd>{value}</dd>
    </div>
  ));
}

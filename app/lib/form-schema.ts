/*
 * What a form's zod schema says, turned into what its page needs: the first message of each
 * field when a post is refused, and the HTML constraints of each field (required, maxLength,
 * min, max) so that the page never retypes a limit the schema holds. Works with zod and
 * zod/mini schemas alike.
 */
import { type $ZodType, type input, toJSONSchema } from "zod/v4/core";

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * The first message of each field of a refused post, keyed by the field's name (its first path
 * segment; with `nested`, the whole path, as `tenants.0.name`); an issue about the whole form is
 * keyed `form`.
 */
export function fieldErrorsOf<M extends string = string>(
  error: { readonly issues: readonly Issue[] },
  options: { nested?: boolean } = {},
): Record<string, M> {
  const errors: Record<string, M> = {};
  for (const issue of error.issues) {
    const path = options.nested ? issue.path : issue.path.slice(0, 1);
    const field = path.length > 0 ? path.map(String).join(".") : "form";
    errors[field] ??= issue.message as M;
  }
  return errors;
}

/** A field's HTML constraints, to spread onto its input: `<input {...limits.title} />`. */
export interface FieldConstraints {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
}

interface JsonProperty {
  type?: string | string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonProperty[];
}

/**
 * Each field's HTML constraints as the form's object schema gives them, read through zod's own
 * JSON Schema of what the form may send (its input side: before transforms). A text field that
 * must not be empty is `required`; a number's bounds become `min` and `max` (an exclusive bound
 * of a whole number is moved one step in). Refinements written as code give nothing here: the
 * server checks them.
 */
export function formConstraints<S extends $ZodType>(
  schema: S,
): Record<Extract<keyof input<S>, string>, FieldConstraints> {
  const json = toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonProperty>;
  };
  const out: Record<string, FieldConstraints> = {};
  for (const [name, property] of Object.entries(json.properties ?? {})) {
    out[name] = constraintsOf(property);
  }
  return out as Record<Extract<keyof input<S>, string>, FieldConstraints>;
}

function constraintsOf(property: JsonProperty): FieldConstraints {
  // An optional or nullable field is a union with null: its constraints are the other branch's.
  const branches = property.anyOf?.filter((b) => b.type !== "null") ?? [];
  const p = branches.length === 1 && branches[0] ? branches[0] : property;
  const c: FieldConstraints = {};
  if (p.type === "string") {
    if (p.minLength !== undefined && p.minLength >= 1) c.required = true;
    if (p.minLength !== undefined && p.minLength > 1) c.minLength = p.minLength;
    if (p.maxLength !== undefined) c.maxLength = p.maxLength;
  }
  if (p.type === "number" || p.type === "integer") {
    const step = p.type === "integer" ? 1 : 0;
    if (p.minimum !== undefined) c.min = p.minimum;
    else if (p.exclusiveMinimum !== undefined && step) c.min = p.exclusiveMinimum + step;
    if (p.maximum !== undefined) c.max = p.maximum;
    else if (p.exclusiveMaximum !== undefined && step) c.max = p.exclusiveMaximum - step;
  }
  return c;
}

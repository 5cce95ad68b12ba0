import { describe, expect, it } from "vitest";
import * as z from "zod";
import * as zm from "zod/mini";
import { fieldErrorsOf, formConstraints } from "./form-schema.ts";

describe("fieldErrorsOf", () => {
  it("keeps the first message of each field, and names form-wide issues 'form'", () => {
    const schema = z
      .object({
        title: z.string().min(1, "Enter a title").max(5, "Too long"),
        nights: z.coerce.number().int("Whole nights").min(1, "At least one night"),
      })
      .refine((v) => v.title !== "x", "Not this one");
    const refused = schema.safeParse({ title: "", nights: "0.5" });
    expect(refused.success).toBe(false);
    if (refused.success) return;
    expect(fieldErrorsOf(refused.error)).toEqual({
      title: "Enter a title",
      nights: "Whole nights",
    });

    const whole = schema.safeParse({ title: "x", nights: "2" });
    if (whole.success) throw new Error("expected a refusal");
    expect(fieldErrorsOf(whole.error)).toEqual({ form: "Not this one" });
  });

  it("keys nested fields by their whole path when asked", () => {
    const schema = z.object({ tenants: z.array(z.object({ name: z.string().min(1, "Name") })) });
    const refused = schema.safeParse({ tenants: [{ name: "A" }, { name: "" }] });
    if (refused.success) throw new Error("expected a refusal");
    expect(fieldErrorsOf(refused.error, { nested: true })).toEqual({ "tenants.1.name": "Name" });
    expect(fieldErrorsOf(refused.error)).toEqual({ tenants: "Name" });
  });

  it("reads zod/mini errors the same way", () => {
    const schema = zm.object({ email: zm.string().check(zm.minLength(3, "forms.errors.email")) });
    const refused = zm.safeParse(schema, { email: "a" });
    if (refused.success) throw new Error("expected a refusal");
    expect(fieldErrorsOf<"forms.errors.email">(refused.error)).toEqual({
      email: "forms.errors.email",
    });
  });
});

describe("formConstraints", () => {
  it("gives each field the limits its schema holds", () => {
    const schema = z.object({
      title: z.string().trim().min(1, "Enter a title").max(120),
      code: z.string().min(4).max(8),
      note: z.string().max(500).optional(),
      reference: z.string().max(80).nullable().default(null),
      months: z.number().int().min(1).max(120),
      share: z.number().gt(0).lt(100),
      nights: z.number().int().positive().lt(31),
      kind: z.enum(["a", "b"]),
      when: z.string().transform((s) => s.length),
    });
    expect(formConstraints(schema)).toEqual({
      title: { required: true, maxLength: 120 },
      code: { required: true, minLength: 4, maxLength: 8 },
      note: { maxLength: 500 },
      reference: { maxLength: 80 },
      months: { min: 1, max: 120 },
      // A decimal's exclusive bounds have no HTML form: the server keeps them.
      share: {},
      nights: { min: 1, max: 30 },
      kind: {},
      when: {},
    });
  });

  it("reads zod/mini schemas too", () => {
    const schema = zm.object({
      name: zm.string().check(zm.minLength(1), zm.maxLength(100)),
      message: zm.string().check(zm.maxLength(2000)),
    });
    expect(formConstraints(schema)).toEqual({
      name: { required: true, maxLength: 100 },
      message: { maxLength: 2000 },
    });
  });
});

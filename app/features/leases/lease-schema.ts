/**
 * The lease forms' schemas: one per form, used by the action as the real check and by the page
 * for its HTML limits. Blank optional fields are "not given".
 */
import { z } from "zod";
import { dayCount, isIsoDay } from "../../domain/date-time.ts";
import { advanceProblem } from "../../domain/lease-rules.ts";
import {
  LEASE_TERMS,
  MAX_DUE_DAY,
  MAX_TENANTS,
  PAYMENT_METHODS,
  TENANT_LANGUAGES,
} from "../../domain/leases.ts";

/** The longest lease: ten years, as the calendar's longest stay. */
export const MAX_LEASE_DAYS = 3660;
/** The largest amount in baht a form accepts (a rent, a deposit, a payment). */
export const MAX_BAHT = 100_000_000;

export const LIMITS = {
  name: 200,
  nationality: 60,
  passport: 20,
  email: 254,
  phone: 40,
  visaType: 60,
  port: 100,
  reference: 200,
  reason: 500,
  notes: 2000,
  receipt: 60,
  search: 100,
} as const;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine((v) => v.length <= 10 && isIsoDay(v), `${label} must be a date like 2027-01-15`);

const optionalDay = (label: string) => z.preprocess(blank, day(label).optional());

const text = (label: string, max: number) =>
  z.preprocess(
    blank,
    z.string().trim().max(max, `${label} must be at most ${max} characters`).optional(),
  );

const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      const t = v.trim().replace(/[,\s]/g, "");
      if (t === "") return undefined;
      return /^\d{1,10}$/.test(t) ? Number(t) : Number.NaN;
    },
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max.toLocaleString("en")}`)
      .optional(),
  );

export const tenantSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(LIMITS.name, `Name must be at most ${LIMITS.name} characters`),
  nationality: text("Nationality", LIMITS.nationality),
  passportNumber: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(LIMITS.passport, `Passport number must be at most ${LIMITS.passport} characters`)
      .regex(/^[A-Za-z0-9]+$/, "Passport number takes letters and digits only")
      .optional(),
  ),
  email: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(LIMITS.email, "E-mail is too long")
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "E-mail must look like name@example.com")
      .optional(),
  ),
  phone: text("Phone", LIMITS.phone),
  language: z.enum(TENANT_LANGUAGES, { error: "Choose English, Russian or Thai" }),
  visaType: text("Visa type", LIMITS.visaType),
  permittedStayUntil: optionalDay("Permitted stay"),
  arrivalDate: optionalDay("Arrival date"),
  portOfEntry: text("Port of entry", LIMITS.port),
});
export type TenantInput = z.infer<typeof tenantSchema>;

/** A new lease, or a draft's changes. Rent, deposit and due day default from the unit and term. */
export const leaseFormSchema = z
  .object({
    propertyId: z.preprocess(
      blank,
      z
        .string({ error: "Choose a unit" })
        .regex(/^[1-9][0-9]{0,9}$/, "Choose a unit")
        .transform(Number),
    ),
    leadId: z.preprocess(
      blank,
      z
        .string()
        .regex(/^[1-9][0-9]{0,9}$/)
        .transform(Number)
        .optional(),
    ),
    term: z.enum(LEASE_TERMS, { error: "Choose a term" }),
    startDate: day("Start"),
    endDate: optionalDay("End"),
    monthlyRent: wholeNumber("Monthly rent", 0, MAX_BAHT),
    deposit: wholeNumber("Deposit", 0, MAX_BAHT),
    dueDay: wholeNumber("Due day", 1, MAX_DUE_DAY),
    notes: text("Notes", LIMITS.notes),
    tenants: z
      .array(tenantSchema)
      .min(1, "Add at least one tenant")
      .max(MAX_TENANTS, `A lease has ${MAX_TENANTS} tenants at most`),
  })
  .superRefine((v, ctx) => {
    // The rent and deposit left empty come from the unit; the service checks those.
    const tooMuch =
      v.deposit !== undefined && v.monthlyRent !== undefined
        ? advanceProblem(v.deposit, v.monthlyRent)
        : null;
    if (tooMuch) ctx.addIssue({ code: "custom", path: ["deposit"], message: tooMuch });
    if (v.term === "custom" && !v.endDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "Custom dates need an end" });
    if (v.endDate) {
      const days = dayCount(v.startDate, v.endDate);
      if (days < 1)
        ctx.addIssue({
          code: "custom",
          path: ["endDate"],
          message: "End (the first free day) must be after the start",
        });
      else if (days > MAX_LEASE_DAYS)
        ctx.addIssue({
          code: "custom",
          path: ["endDate"],
          message: "A lease lasts ten years at most",
        });
    }
  });
export type LeaseInput = z.infer<typeof leaseFormSchema>;

const TENANT_FIELDS = Object.keys(tenantSchema.shape) as (keyof TenantInput)[];

/**
 * The lease form's fields as the schema wants them: `tenants.0.name` and the like become a list
 * of tenants (slots left wholly empty are dropped), the rest is kept as sent.
 */
export function leaseFormFields(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const tenants: Record<string, string>[] = [];
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    const m = /^tenants\.(\d)\.([A-Za-z]+)$/.exec(key);
    if (m) {
      const index = Number(m[1]);
      const field = m[2] as keyof TenantInput;
      if (index >= MAX_TENANTS || !TENANT_FIELDS.includes(field)) continue;
      tenants[index] ??= {};
      (tenants[index] as Record<string, string>)[field] = value;
    } else out[key] = value;
  }
  out.tenants = tenants.filter(
    (t) => t && TENANT_FIELDS.some((f) => f !== "language" && (t[f] ?? "").trim() !== ""),
  );
  return out;
}

export const paymentFormSchema = z.object({
  dueId: z
    .string({ error: "Choose a due" })
    .regex(/^[1-9][0-9]{0,9}$/, "Choose a due")
    .transform(Number),
  paidOn: day("Payment date"),
  amount: wholeNumber("Amount", 1, MAX_BAHT).refine((v) => v !== undefined, "Amount is required"),
  method: z.enum(PAYMENT_METHODS, { error: "Choose how it was paid" }),
  reference: text("Reference", LIMITS.reference),
});

export const endFormSchema = z.object({ endedOn: day("Last day (first free day)") });
export const endDateFormSchema = z.object({ endDate: day("New end") });

/** A stored variant of an upload, `uploads/<32 hex>-<width>.webp`, as the upload endpoint made it. */
export const PHOTO_PATH = /^uploads\/[a-f0-9]{32}-[0-9]{1,4}\.webp$/;

const photo = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(60, "Upload the photo again")
    .regex(PHOTO_PATH, "Upload the photo again");

export const deductionFormSchema = z.object({
  amount: wholeNumber("Amount", 1, MAX_BAHT).refine((v) => v !== undefined, "Amount is required"),
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(1, "Reason is required")
    .max(LIMITS.reason, `Reason must be at most ${LIMITS.reason} characters`),
  isRepair: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  photo: photo("Add a photo of the damage"),
});

export const depositReturnFormSchema = z.object({ returnedOn: day("Return date") });
export const depositReceivedFormSchema = z.object({ receivedOn: day("Date received") });

export const taskDoneFormSchema = z.object({
  taskId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, "Unknown task")
    .transform(Number),
  receiptNumber: z
    .string({ error: "Receipt number is required" })
    .trim()
    .min(1, "Receipt number is required")
    .max(LIMITS.receipt, `Receipt number must be at most ${LIMITS.receipt} characters`),
  photo: photo("Add a photo of the receipt"),
});

export const returnFromAbroadFormSchema = z.object({
  tenantId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, "Choose a tenant")
    .transform(Number),
  arrivalDate: day("Arrival date"),
  visaType: text("Visa type", LIMITS.visaType),
  permittedStayUntil: optionalDay("Permitted stay"),
  portOfEntry: text("Port of entry", LIMITS.port),
});

/** The list's search and filters, from the query string; anything unknown is ignored. */
export const leaseFilterSchema = z.object({
  q: z.preprocess(blank, z.string().trim().max(LIMITS.search).optional()).catch(undefined),
  status: z
    .preprocess(blank, z.enum(["draft", "signed", "active", "ended", "cancelled"]).optional())
    .catch(undefined),
  unit: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^[1-9][0-9]{0,9}$/)
        .transform(Number)
        .optional(),
    )
    .catch(undefined),
  due: z.preprocess(blank, z.enum(["overdue", "this-week"]).optional()).catch(undefined),
});
export type LeaseFilter = z.infer<typeof leaseFilterSchema>;

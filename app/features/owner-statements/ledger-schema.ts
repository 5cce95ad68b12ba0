/** The desk's ledger and statement forms, checked the same way in the browser and the action. */
import { z } from "zod";
import { isIsoDay } from "../../domain/date-time.ts";
import {
  EXPENSE_BEARERS,
  EXPENSE_CATEGORIES,
  MAX_LINE_BAHT,
  PAYOUT_METHODS,
  STAY_CHANNELS,
  WITHHOLDING_BASES,
} from "../../domain/owner-money.ts";

const day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine((v) => v.length <= 10 && isIsoDay(v), `${label} must be a date like 2027-01-15`);

/** Whole baht, typed with or without separators ("12,500", "12 500", "฿12500"). */
const baht = (label: string, min: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s,฿_\u00a0]/g, "") : v),
    z
      .string({ error: `${label} is required` })
      .regex(/^\d{1,10}$/, `${label} is a whole number of baht`)
      .transform(Number)
      .refine(
        (n) => n >= min && n <= MAX_LINE_BAHT,
        `${label} must be ${min} to 1,000,000,000 baht`,
      ),
  );

const id = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

export const stayFormSchema = z
  .object({
    propertyId: id("Choose a unit"),
    checkIn: day("Check-in"),
    checkOut: day("Check-out"),
    channel: z.enum(STAY_CHANNELS, { error: "Choose the channel" }),
    gross: baht("The price paid", 1),
    commission: baht("The commission", 0),
    reference: z.string().trim().max(80, "The reference is too long").default(""),
  })
  .refine((v) => v.checkOut > v.checkIn, {
    path: ["checkOut"],
    message: "Check-out must be after check-in",
  })
  .refine((v) => v.commission <= v.gross, {
    path: ["commission"],
    message: "The commission cannot be more than the price paid",
  });
export type StayFormInput = z.infer<typeof stayFormSchema>;

export const expenseFormSchema = z.object({
  propertyId: id("Choose a unit"),
  spentOn: day("The date"),
  category: z.enum(EXPENSE_CATEGORIES, { error: "Choose a category" }),
  vendor: z.string().trim().min(1, "Enter the vendor").max(120, "The vendor is too long"),
  amount: baht("The amount", 1),
  bearer: z.enum(EXPENSE_BEARERS, { error: "Choose who bears it" }),
  note: z.string().trim().max(500, "The note is too long").default(""),
});
export type ExpenseFormInput = z.infer<typeof expenseFormSchema>;

export const withholdingFormSchema = z
  .object({
    ownerId: id("Choose an owner"),
    basis: z.enum([...WITHHOLDING_BASES, "none"] as const, { error: "Choose a rate" }),
    percent: z
      .string()
      .trim()
      .default("")
      .refine(
        (v) => v === "" || /^\d{1,3}(\.\d{1,2})?$/.test(v),
        "The rate is a percent like 5 or 7.5",
      ),
  })
  .transform((v, ctx) => {
    if (v.basis !== "custom") return { ownerId: v.ownerId, basis: v.basis, rateBp: null };
    const rateBp = Math.round(Number(v.percent) * 100);
    if (v.percent === "" || rateBp < 1 || rateBp > 10_000) {
      ctx.addIssue({
        code: "custom",
        path: ["percent"],
        message: "Enter a rate from 0.01 to 100%",
      });
      return z.NEVER;
    }
    return { ownerId: v.ownerId, basis: v.basis, rateBp };
  });

export const generateFormSchema = z.object({
  month: z
    .string({ error: "Choose a month" })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month like 2026-10"),
  propertyId: z.preprocess((v) => (v === "" ? undefined : v), id("Choose a unit").optional()),
});

export const payoutFormSchema = z.object({
  ownerId: id("Choose the owner"),
  paidOn: day("The payout date"),
  method: z.enum(PAYOUT_METHODS, { error: "Choose how it was paid" }),
  reference: z
    .string()
    .trim()
    .min(1, "Enter the transfer's reference")
    .max(80, "The reference is too long"),
});

export const correctionFormSchema = z.object({
  reason: z
    .string({ error: "Say why the statement is corrected" })
    .trim()
    .min(5, "Say why the statement is corrected (5 characters at least)")
    .max(500, "The reason is too long"),
});

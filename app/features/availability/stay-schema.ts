import { z } from "zod";
import { dayCount, isIsoDay } from "../../domain/date-time.ts";
import { STAY_KINDS } from "./stay-kinds.ts";

/** The longest stay accepted: ten years. */
export const MAX_STAY_DAYS = 3660;

const isoDate = (field: string) => {
  const message = `${field} must be a date like 2026-12-01`;
  return z
    .string()
    .trim()
    .min(1, message)
    .refine((v) => v.length <= 10 && isIsoDay(v), message);
};

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * A stay entered by hand. `endDate` is the first free day (check-out), so a one-night stay runs
 * from the 1st to the 2nd.
 */
export const stayFormSchema = z
  .object({
    kind: z.enum(STAY_KINDS, { error: "Choose a kind of stay" }),
    startDate: isoDate("Start"),
    endDate: isoDate("End"),
    tenantName: z.preprocess(
      blankToUndefined,
      z.string().trim().max(200, "Tenant name must be at most 200 characters").optional(),
    ),
    leaseMonths: z.preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
      z
        .number({ error: "Lease length must be a number of months" })
        .int("Lease length must be a whole number of months")
        .min(1, "Lease length must be 1 to 120 months")
        .max(120, "Lease length must be 1 to 120 months")
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    const days = dayCount(v.startDate, v.endDate);
    if (days < 1)
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: "End (the first free day) must be after the start",
      });
    else if (days > MAX_STAY_DAYS)
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: "A stay can last ten years at most",
      });
    if (v.kind !== "lease" && (v.tenantName || v.leaseMonths))
      ctx.addIssue({
        code: "custom",
        path: ["kind"],
        message: "Tenant name and lease length are for leases only",
      });
  });
export type StayInput = z.infer<typeof stayFormSchema>;

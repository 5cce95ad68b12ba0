import { z } from "zod";

export const REPAIR_FIELD_LIMITS = { title: 120, description: 2000 } as const;

/** Opening a ticket (portal and desk alike). */
export const repairOpenSchema = z.object({
  propertyId: z
    .string()
    .regex(/^\d{1,9}$/, "Choose a unit")
    .transform(Number),
  title: z
    .string()
    .trim()
    .min(1, "Enter a title")
    .max(REPAIR_FIELD_LIMITS.title, "The title is too long"),
  description: z
    .string()
    .trim()
    .max(REPAIR_FIELD_LIMITS.description, "The description is too long")
    .default(""),
});
export type RepairOpenInput = z.infer<typeof repairOpenSchema>;

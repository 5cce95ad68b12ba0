import { z } from "zod";
import { isIsoDay } from "../../domain/date-time.ts";
import { type INSPECTION_KINDS, ITEM_CONDITIONS } from "../../domain/inspections.ts";

/** Lengths of an item's texts; the form's inputs take their `maxLength` from here. */
export const INSPECTION_LIMITS = { room: 80, item: 120, notes: 1000 } as const;

export const CONDITION_LABELS: Record<(typeof ITEM_CONDITIONS)[number], string> = {
  good: "Good",
  fair: "Fair (wear)",
  damaged: "Damaged",
  missing: "Missing",
};

export const KIND_LABELS: Record<(typeof INSPECTION_KINDS)[number], string> = {
  "move-in": "Move-in",
  "move-out": "Move-out",
};

const id = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, "Unknown item")
  .transform(Number);
const condition = z.enum(ITEM_CONDITIONS, { error: "Choose a condition" });
const notes = z
  .string()
  .max(INSPECTION_LIMITS.notes, `Notes are at most ${INSPECTION_LIMITS.notes} characters`)
  .default("")
  .transform((v) => v.trim());
const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(max, `${label} is at most ${max} characters`)
        .refine((v) => !/[\p{Cc}\u2028\u2029]/u.test(v), `${label} is one line of text`),
    );

/** A stored variant of an upload, `uploads/<32 hex>-<width>.webp`: what an item's photo keeps. */
export const PHOTO_PATH = /^uploads\/[a-f0-9]{32}-[0-9]{1,4}\.webp$/;

/** Every form of the inspection page, told apart by `intent`. */
export const inspectionFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("start"),
    inspectedOn: z.string().refine(isIsoDay, "Give the day of the inspection"),
  }),
  z.object({
    intent: z.literal("add-item"),
    room: line("Room", INSPECTION_LIMITS.room),
    item: line("Item", INSPECTION_LIMITS.item),
    condition,
    notes,
  }),
  z.object({ intent: z.literal("update-item"), itemId: id, condition, notes }),
  z.object({ intent: z.literal("remove-item"), itemId: id }),
  z.object({
    intent: z.literal("add-photo"),
    itemId: id,
    // A file the upload endpoint stored: the smallest WebP variant of an upload.
    photo: z.string().regex(PHOTO_PATH, "Upload the photo again"),
  }),
]);
export type InspectionForm = z.infer<typeof inspectionFormSchema>;

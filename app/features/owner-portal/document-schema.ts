import { z } from "zod";
import { OWNER_DOCUMENT_CATEGORIES } from "../../domain/owners.ts";

/** The form's fields besides the file: a title, a category, and a unit or an owner. */
export const documentFormSchema = z
  .object({
    title: z.string().trim().min(1, "Enter a title").max(120, "The title is too long"),
    category: z.enum(OWNER_DOCUMENT_CATEGORIES, { message: "Choose a category" }),
    target: z
      .string()
      .regex(/^(unit|owner):\d{1,9}$/, "Choose a unit or an owner")
      .transform((v) => {
        const [kind, id] = v.split(":") as ["unit" | "owner", string];
        return { kind, id: Number(id) };
      }),
  })
  .strip();
export type DocumentFormInput = z.infer<typeof documentFormSchema>;

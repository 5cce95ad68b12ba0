import { z } from "zod";

export const MAX_FEEDS_PER_UNIT = 20;

/** A calendar feed as the admin adds it: a name and an http(s) or webcal address. */
export const feedFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the feed (e.g. Airbnb)")
    .max(80, "The name must be at most 80 characters"),
  url: z
    .string()
    .trim()
    .refine((text) => {
      if (text.length > 2000) return false;
      try {
        return ["http:", "https:", "webcal:"].includes(new URL(text).protocol);
      } catch {
        return false;
      }
    }, "The address must start with https://, http:// or webcal:// (at most 2000 characters)"),
});
export type FeedInput = z.infer<typeof feedFormSchema>;

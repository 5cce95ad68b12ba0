import { z } from "zod";

export const MAX_FEEDS_PER_UNIT = 20;

const FEED_URL_MESSAGE =
  "The address must start with https://, http:// or webcal:// (at most 2000 characters)";

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
    .min(1, FEED_URL_MESSAGE)
    .max(2000, FEED_URL_MESSAGE)
    .refine((text) => {
      try {
        return ["http:", "https:", "webcal:"].includes(new URL(text).protocol);
      } catch {
        return false;
      }
    }, FEED_URL_MESSAGE),
});
export type FeedInput = z.infer<typeof feedFormSchema>;

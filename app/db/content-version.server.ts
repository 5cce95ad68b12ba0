import { eq } from "drizzle-orm";
import type { AppDatabase } from "./client.server.ts";
import { settings } from "./schema.ts";

/** The content version: bumped by a database trigger on every write to the listing tables. */
export async function contentVersion(db: AppDatabase): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, "content_version"));
  return JSON.stringify(row?.value ?? 0);
}

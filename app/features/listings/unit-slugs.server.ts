import { asc } from "drizzle-orm";
import { currentLogger, getRuntime } from "../../db/runtime.server.ts";
import { properties } from "../../db/schema.ts";

/**
 * Every unit's slug, in order, for the sitemap; none while the database is not ready or when
 * it fails (then `complete` is false: the answer must not be cached).
 */
export async function listUnitSlugs(): Promise<{ slugs: string[]; complete: boolean }> {
  const { database, databaseReady } = getRuntime();
  if (!databaseReady) return { slugs: [], complete: true };
  try {
    const rows = await database.db
      .select({ slug: properties.slug })
      .from(properties)
      .orderBy(asc(properties.slug));
    return { slugs: rows.map((r) => r.slug), complete: true };
  } catch (error) {
    currentLogger().warn({ err: error }, "sitemap without units: database unavailable");
    return { slugs: [], complete: false };
  }
}

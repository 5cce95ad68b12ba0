import { currentLogger, getRuntime } from "../../db/runtime.server.ts";
import type { ListingQuery } from "./filters.ts";
import { type ListingOptions, loadListing } from "./listings.server.ts";

/** The listing from the running server's database, with failures logged and the fallback used. */
export function loadSiteListing(
  query: ListingQuery,
  options: Pick<ListingOptions, "through"> = {},
) {
  const { database, databaseReady } = getRuntime();
  return loadListing(databaseReady ? database.db : undefined, query, {
    ...options,
    onError: (what, error) =>
      currentLogger().warn({ err: error, what }, "listing fell back to demo data"),
  });
}

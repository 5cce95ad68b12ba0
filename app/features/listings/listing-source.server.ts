import { data } from "react-router";
import { currentLogger, getRuntime } from "../../db/runtime.server.ts";
import type { ListingQuery } from "./filters.ts";
import { type ListingOptions, loadListing } from "./listings.server.ts";

/**
 * The listing from the running server's database, with failures logged and the demo units
 * standing in. With SEED_DEMO=off nothing invented is shown: a listing the database cannot give
 * answers 503, the site's "unavailable for a moment" page.
 */
export async function loadSiteListing(
  query: ListingQuery,
  options: Pick<ListingOptions, "through"> = {},
) {
  const { database, databaseReady, config } = getRuntime();
  const demoFallback = config.demo.seed;
  const listing = await loadListing(databaseReady ? database.db : undefined, query, {
    ...options,
    demoFallback,
    onError: (what, error) =>
      currentLogger().warn(
        { err: error, what },
        demoFallback ? "listing fell back to demo data" : "listing unavailable",
      ),
  });
  if (listing.source === "fallback" && !demoFallback) throw data(null, { status: 503 });
  return listing;
}

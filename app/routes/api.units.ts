import { parseListingQuery } from "../features/listings/filters.ts";
import { loadSiteListing } from "../features/listings/listing-source.server.ts";
import { markNotCacheable } from "../lib/request-context.ts";
import type { Route } from "./+types/api.units";

/** GET /api/units?status=&location=&type=&bedrooms=&price=&sort=&page= : one page of the listing. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { query, errors } = parseListingQuery(url.searchParams);
  if (errors.length > 0) {
    return Response.json({ error: "Invalid filter", details: errors }, { status: 400 });
  }
  const listing = await loadSiteListing(query);
  if (listing.source === "fallback") markNotCacheable(context);
  // Browsers ask again each time; the server keeps the answer until the listing changes.
  return Response.json(
    { page: query.page, ...listing },
    { headers: { "Cache-Control": "no-cache" } },
  );
}

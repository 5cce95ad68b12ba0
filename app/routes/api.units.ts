import { parseListingQuery } from "../features/listings/filters.ts";
import { loadSiteListing } from "../features/listings/listing-source.server.ts";
import type { Route } from "./+types/api.units";

/** GET /api/units?status=&location=&type=&bedrooms=&price=&page= : one page of the listing. */
export async function loader({ request }: Route.LoaderArgs) {
  const { query, errors } = parseListingQuery(new URL(request.url).searchParams);
  if (errors.length > 0) {
    return Response.json({ error: "Invalid filter", details: errors }, { status: 400 });
  }
  const listing = await loadSiteListing(query);
  return Response.json(
    { page: query.page, ...listing },
    { headers: { "Cache-Control": "no-store" } },
  );
}

import { data } from "react-router";
import { getRuntime } from "../db/runtime.server.ts";
import { unitCalendarIcs } from "../features/availability/ical-export.server.ts";
import type { Route } from "./+types/unit-calendar";

/** /units/:slug/calendar.ics: the unit's taken periods for booking channels to subscribe to. */
export async function loader({ params }: Route.LoaderArgs) {
  const { config, database, databaseReady } = getRuntime();
  if (!databaseReady) throw data("The calendar is unavailable right now.", { status: 503 });
  const slug = params.slug;
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) throw data("Unit not found", { status: 404 });
  const body = await unitCalendarIcs(database.db, slug, {
    publicUrl: config.publicUrl,
    brandName: config.contacts.brandName,
  });
  if (body === null) throw data("Unit not found", { status: 404 });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="${slug}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}

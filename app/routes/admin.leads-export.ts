import { getRuntime } from "../db/runtime.server.ts";
import { requireAdmin } from "../features/auth/guard.server.ts";
import {
  leadsCsv,
  leadsCsvFileName,
  listLeads,
  parseLeadFilter,
} from "../features/lead-desk/lead-desk.server.ts";
import type { Route } from "./+types/admin.leads-export";

/** The leads of the current filter as CSV (UTF-8 with BOM, so spreadsheets read Cyrillic). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const filter = parseLeadFilter(url.searchParams, admin.id);
  const csv = leadsCsv(await listLeads(getRuntime().database.db, filter));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${leadsCsvFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}

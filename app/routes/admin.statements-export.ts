import { getRuntime } from "../db/runtime.server.ts";
import { monthOf } from "../domain/owner-money.ts";
import { requireAdmin } from "../features/auth/guard.server.ts";
import { monthCsv } from "../features/owner-statements/statement-csv.ts";
import { loadMonthStatements } from "../features/owner-statements/statements.server.ts";
import { readMonth } from "../features/owner-statements/statements-admin-actions.server.ts";
import type { Route } from "./+types/admin.statements-export";

/** Every statement closing in a month, one row per owner's part, for the accountant. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const month = readMonth(url.searchParams.get("month"));
  const statements = await loadMonthStatements(getRuntime().database.db, monthOf(`${month}-01`));
  return new Response(monthCsv(statements), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statements-${month}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

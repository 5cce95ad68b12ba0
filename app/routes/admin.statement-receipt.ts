import { getRuntime } from "../db/runtime.server.ts";
import { requireAdmin } from "../features/auth/guard.server.ts";
import { expenseReceipt } from "../features/owner-statements/statements.server.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.statement-receipt";

/** An expense's receipt for the desk, as an attachment that is never sniffed or run. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const { database, storage } = getRuntime();
  const receipt = id === null ? null : await expenseReceipt(database.db, id);
  const bytes = receipt ? await storage.get(receipt.key) : null;
  if (!receipt || !bytes)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": receipt.type,
      "Content-Disposition": `attachment; filename="receipt-${id}.${receipt.type === "application/pdf" ? "pdf" : "webp"}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

import { getRuntime } from "../db/runtime.server.ts";
import { requireOwner } from "../features/owner-portal/owner-guard.server.ts";
import { ownerReceipt } from "../features/owner-statements/statements.server.ts";
import { languageFromPath } from "../i18n/languages.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/owner.statement-receipt";

/** The receipt of an expense on one of the owner's statements; anything else is a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const owner = await requireOwner(request, languageFromPath(new URL(request.url).pathname));
  const id = parseId(params.id);
  const lineId = parseId(params.lineId);
  const { database, storage } = getRuntime();
  const receipt =
    id === null || lineId === null ? null : await ownerReceipt(database.db, owner.id, id, lineId);
  const bytes = receipt ? await storage.get(receipt.key) : null;
  if (!receipt || !bytes)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": receipt.type,
      "Content-Disposition": `attachment; filename="receipt-${lineId}.${receipt.type === "application/pdf" ? "pdf" : "webp"}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

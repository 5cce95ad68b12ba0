import { getRuntime } from "../db/runtime.server.ts";
import { requireAdmin } from "../features/auth/guard.server.ts";
import {
  companyFromContacts,
  DocumentError,
  documentLanguage,
  invoiceFromLease,
  refusal,
} from "../features/lease-documents/from-lease.ts";
import { renderInvoice } from "../features/lease-documents/invoice-pdf.server.ts";
import { loadLease } from "../features/leases/leases.server.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.lease-invoice";

/**
 * The invoice of one due of a lease as a PDF: what is left to pay on it, with a PromptPay QR
 * for exactly that amount when PROMPTPAY_ID is set.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const dueId = parseId(params.dueId);
  if (id === null || dueId === null) return refusal(new DocumentError("No such due.", 404));
  const { config, database } = getRuntime();
  const lease = await loadLease(database.db, id);
  if (!lease) return refusal(new DocumentError("No such lease.", 404));
  try {
    const lang = documentLanguage(url.searchParams.get("lang"), lease);
    const input = invoiceFromLease(
      lease,
      dueId,
      companyFromContacts(config.contacts),
      lang,
      config.promptPayId ?? null,
    );
    const pdf = await renderInvoice(input);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="invoice-${input.number}.pdf"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof DocumentError) return refusal(error);
    throw error;
  }
}

import { getRuntime } from "../db/runtime.server.ts";
import { requireAdmin } from "../features/auth/guard.server.ts";
import { renderContract } from "../features/lease-documents/contract-pdf.server.ts";
import { contractProblem } from "../features/lease-documents/contract-text.ts";
import {
  companyFromContacts,
  contractFromLease,
  DocumentError,
  documentLanguage,
  refusal,
} from "../features/lease-documents/from-lease.ts";
import { loadLease } from "../features/leases/leases.server.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.lease-contract";

/**
 * The lease contract as a PDF: Thai, with `?lang=en|ru` beside it (`th`: Thai alone; none: the
 * main tenant's language). It holds passport numbers: admins only, never cached.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  if (id === null) return refusal(new DocumentError("No such lease.", 404));
  const { config, database } = getRuntime();
  const lease = await loadLease(database.db, id);
  if (!lease) return refusal(new DocumentError("No such lease.", 404));
  try {
    const lang = documentLanguage(url.searchParams.get("lang"), lease);
    const input = contractFromLease(lease, companyFromContacts(config.contacts), lang);
    const problem = contractProblem(input);
    if (problem) return refusal(new DocumentError(problem, 409));
    const pdf = await renderContract(input);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="lease-${id}-contract-${lang}.pdf"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof DocumentError) return refusal(error);
    throw error;
  }
}

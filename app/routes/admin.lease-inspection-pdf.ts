import { getRuntime } from "../db/runtime.server.ts";
import { INSPECTION_KINDS, type InspectionKind } from "../domain/inspections.ts";
import { requireAdmin } from "../features/auth/guard.server.ts";
import {
  DocumentError,
  documentLanguage,
  leaseReference,
  refusal,
} from "../features/lease-documents/from-lease.ts";
import { renderInspectionReport } from "../features/lease-documents/inspection-pdf.server.ts";
import { loadInspections } from "../features/lease-documents/inspections.server.ts";
import { loadLease } from "../features/leases/leases.server.ts";
import { parseId } from "../lib/request-body.server.ts";
import type { Route } from "./+types/admin.lease-inspection-pdf";

/** The printable move-in or move-out report of a lease, for both parties to sign. */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const kind = (INSPECTION_KINDS as readonly string[]).includes(params.kind ?? "")
    ? (params.kind as InspectionKind)
    : null;
  if (id === null || kind === null) return refusal(new DocumentError("No such inspection.", 404));
  const { config, database } = getRuntime();
  const lease = await loadLease(database.db, id);
  if (!lease) return refusal(new DocumentError("No such lease.", 404));
  const [inspection] = await loadInspections(database.db, id, kind);
  if (!inspection) return refusal(new DocumentError("This inspection was not started.", 404));
  try {
    const lang = documentLanguage(url.searchParams.get("lang"), lease);
    const pdf = await renderInspectionReport({
      lang,
      kind,
      leaseReference: leaseReference(lease.id),
      inspectedOn: inspection.inspectedOn,
      company: { name: config.contacts.brandName },
      tenants: lease.tenants.map((t) => t.name ?? "—"),
      unit: lease.unit,
      items: inspection.items.map((i) => ({
        room: i.room,
        item: i.item,
        condition: i.condition,
        notes: i.notes,
        photos: i.photoKeys.length,
      })),
    });
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="lease-${id}-${kind}-inspection.pdf"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof DocumentError) return refusal(error);
    throw error;
  }
}

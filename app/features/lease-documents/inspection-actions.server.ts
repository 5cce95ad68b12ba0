import { data } from "react-router";
import { getRuntime } from "../../db/runtime.server.ts";
import { INSPECTION_KINDS, type InspectionKind } from "../../domain/inspections.ts";
import { fieldErrorsOf } from "../../lib/form-schema.ts";
import { readForm } from "../../lib/request-body.server.ts";
import { DocumentError } from "./from-lease.ts";
import { inspectionFormSchema } from "./inspection-schema.ts";
import { applyInspectionForm } from "./inspections.server.ts";

/** The inspection kind a URL names, or null. */
export function inspectionKindOf(value: string | undefined): InspectionKind | null {
  return (INSPECTION_KINDS as readonly string[]).includes(value ?? "")
    ? (value as InspectionKind)
    : null;
}

export interface InspectionActionResult {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
}

/** A post of the inspection page of lease `leaseId`: the form checked, then applied. */
export async function inspectionAction(
  request: Request,
  leaseId: number,
  kind: InspectionKind,
  adminId: number,
) {
  const parsed = inspectionFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return data<InspectionActionResult>(
      { ok: false, message: "Check the highlighted field.", fieldErrors },
      { status: 400 },
    );
  }
  const { database, storage } = getRuntime();
  try {
    const message = await applyInspectionForm(
      database.db,
      storage,
      leaseId,
      kind,
      parsed.data,
      adminId,
    );
    return data<InspectionActionResult>({ ok: true, message });
  } catch (error) {
    if (error instanceof DocumentError)
      return data<InspectionActionResult>(
        { ok: false, message: error.message },
        { status: error.status },
      );
    throw error;
  }
}

import { data, redirect } from "react-router";
import { z } from "zod";
import { reportFailure } from "../../db/failure.server.ts";
import { getRuntime } from "../../db/runtime.server.ts";
import { idSchema } from "../../lib/request-body.server.ts";
import { requireAdminAction, sessionCheckFailure } from "../auth/guard.server.ts";
import type { SessionUser } from "../auth/sessions.server.ts";
import { databaseBadge } from "./admin-data.server.ts";
import { deleteProperty, listProperties, PropertyError } from "./properties.server.ts";
import type { PropertyCardData } from "./property-card.tsx";

/** The list of /admin for a signed-in admin; a failed read is a sentence, not an error page. */
export async function loadPropertyList(admin: SessionUser) {
  const badge = await databaseBadge();
  try {
    const properties: PropertyCardData[] = await listProperties(getRuntime().database.db);
    return { signedIn: true as const, email: admin.email, badge, properties, loadError: null };
  } catch (error) {
    const failure = await reportFailure("Failed to load properties", error);
    return {
      signedIn: true as const,
      email: admin.email,
      badge,
      properties: [] as PropertyCardData[],
      loadError: failure.message,
    };
  }
}

/** The delete dialog's form. */
export const deletePropertySchema = z.object({ intent: z.literal("delete"), id: idSchema });

/** Deletes from a dialog over the list: every failure is a sentence in a toast, never SQL. */
export async function deletePropertyAction(request: Request, form: FormData) {
  const failed = (message: string, status: number) =>
    data({ error: `Error deleting property: ${message}` }, { status });
  let adminId: number;
  try {
    adminId = (await requireAdminAction(request)).id;
  } catch (thrown) {
    const failure = sessionCheckFailure(thrown);
    if (!failure) throw thrown;
    return failed(failure.error, failure.databaseDown ? 503 : 500);
  }
  const parsed = deletePropertySchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failed("This property no longer exists.", 404);
  try {
    await deleteProperty(getRuntime().database.db, parsed.data.id, adminId);
  } catch (error) {
    if (error instanceof PropertyError) return failed(error.message, 404);
    const failure = await reportFailure("deleting a property failed", error);
    return failed(failure.message, failure.databaseDown ? 503 : 500);
  }
  return redirect("/admin?notice=deleted");
}

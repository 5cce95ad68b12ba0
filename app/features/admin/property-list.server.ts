import { data, redirect } from "react-router";
import { z } from "zod";
import { reportFailure } from "../../db/failure.server.ts";
import { getRuntime } from "../../db/runtime.server.ts";
import { idSchema } from "../../lib/request-body.server.ts";
import { requireAdminAction, sessionCheckFailure } from "../auth/guard.server.ts";
import type { SessionUser } from "../auth/sessions.server.ts";
import { databaseBadge } from "./admin-data.server.ts";
import { deleteProperty, listPropertyPage, PropertyError } from "./properties.server.ts";
import type { PropertyCardData } from "./property-card.tsx";
import { backToList, parsePropertyListQuery } from "./property-list-query.ts";

/**
 * The list of /admin for a signed-in admin: one page, searched, filtered and sorted as the URL
 * asks (values that do not parse are ignored). A failed read is a sentence, not an error page.
 */
export async function loadPropertyList(admin: SessionUser, url: URL) {
  const badge = await databaseBadge();
  const query = parsePropertyListQuery(url.searchParams);
  const page = { signedIn: true as const, email: admin.email, badge, query };
  try {
    const list = await listPropertyPage(getRuntime().database.db, query);
    const properties: PropertyCardData[] = list.properties;
    return { ...page, ...list, properties, loadError: null };
  } catch (error) {
    const failure = await reportFailure("Failed to load properties", error);
    return {
      ...page,
      properties: [] as PropertyCardData[],
      total: 0,
      matching: 0,
      page: 1,
      pageCount: 1,
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
  return redirect(backToList(new URL(request.url).search, "deleted"));
}

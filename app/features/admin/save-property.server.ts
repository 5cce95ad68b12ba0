import { data, redirect } from "react-router";
import { reportFailure } from "../../db/failure.server.ts";
import { getRuntime } from "../../db/runtime.server.ts";
import { BODY_LIMITS, parseId, readForm } from "../../lib/request-body.server.ts";
import { requireAdminAction, sessionCheckFailure } from "../auth/guard.server.ts";
import type { SessionUser } from "../auth/sessions.server.ts";
import { refreshUnitAvailability } from "../availability/stays.server.ts";
import { createProperty, PropertyError, updateProperty } from "./properties.server.ts";
import { backToList } from "./property-list-query.ts";
import { assertImagesExist } from "./property-media.server.ts";
import { fieldErrors, propertyFormEntries, propertyFormSchema } from "./property-schema.ts";

export interface SaveResult {
  error: string;
  fieldErrors?: Record<string, string | undefined>;
  conflict?: boolean;
}

/**
 * The property form's action, for a new property (`idParam` null) or an edit. Signed in first;
 * when even that cannot be checked (the database down), the form stays with a message.
 */
export async function saveProperty(request: Request, idParam: string | null) {
  let admin: SessionUser;
  try {
    admin = await requireAdminAction(request);
  } catch (thrown) {
    const failure = sessionCheckFailure(thrown);
    if (!failure) throw thrown;
    return data<SaveResult>(
      { error: `Error saving property: ${failure.error}` },
      { status: failure.databaseDown ? 503 : 500 },
    );
  }
  const id = idParam === null ? null : parseId(idParam);
  if (idParam !== null && id === null) throw data("Property not found", { status: 404 });

  const { database, storage } = getRuntime();
  const form = await readForm(request, BODY_LIMITS.adminForm);
  const parsed = propertyFormSchema.safeParse(propertyFormEntries(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data<SaveResult>(
      {
        error: `Error saving property: ${Object.values(errors)[0] ?? "Unknown error"}`,
        fieldErrors: errors,
      },
      { status: 400 },
    );
  }
  try {
    await assertImagesExist(storage, parsed.data.images);
    if (id === null) {
      await createProperty(database.db, parsed.data, admin.id);
    } else {
      const version = parseId(form.get("version"));
      if (version === null) throw new PropertyError("The form is missing its version.", "invalid");
      await updateProperty(database.db, storage, id, version, parsed.data, admin.id);
      // A unit with a calendar (and no override) takes its status from it again at once.
      await refreshUnitAvailability(database.db, id, {
        horizonDays: getRuntime().config.availability.horizonDays,
      });
    }
  } catch (error) {
    if (error instanceof PropertyError) {
      return data<SaveResult>(
        {
          error: `Error saving property: ${error.message}`,
          ...(error.field ? { fieldErrors: { [error.field]: error.message } } : {}),
          conflict: error.kind === "conflict",
        },
        { status: error.kind === "not-found" ? 404 : 409 },
      );
    }
    const failure = await reportFailure("saving a property failed", error);
    return data<SaveResult>(
      { error: `Error saving property: ${failure.message}` },
      { status: failure.databaseDown ? 503 : 500 },
    );
  }
  return redirect(backToList(new URL(request.url).search, "saved"));
}

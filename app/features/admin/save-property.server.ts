import { data, redirect } from "react-router";
import { getRuntime } from "../../lib/runtime.server.ts";
import type { SessionUser } from "../auth/sessions.server.ts";
import {
  assertImagesExist,
  createProperty,
  PropertyError,
  updateProperty,
} from "./properties.server.ts";
import { fieldErrors, propertyFormSchema } from "./property-schema.ts";

export interface SaveResult {
  error: string;
  fieldErrors?: Record<string, string | undefined>;
  conflict?: boolean;
}

/** The property form's action, for a new property (`id` null) or an edit. */
export async function saveProperty(request: Request, admin: SessionUser, id: number | null) {
  const { database, storage, logger } = getRuntime();
  const form = await request.formData();
  const parsed = propertyFormSchema.safeParse(Object.fromEntries(form));
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
      const version = Number(form.get("version"));
      if (!Number.isInteger(version))
        throw new PropertyError("The form is missing its version.", "invalid");
      await updateProperty(database.db, storage, id, version, parsed.data, admin.id);
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
    logger.error({ err: error }, "saving a property failed");
    return data<SaveResult>(
      {
        error: `Error saving property: ${error instanceof Error ? error.message : "Unknown error"}`,
      },
      { status: 500 },
    );
  }
  return redirect("/admin?notice=saved");
}

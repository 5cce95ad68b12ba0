import { data, href, redirect } from "react-router";
import { z } from "zod";
import type { AppDatabase } from "../../db/client.server.ts";
import { reportFailure } from "../../db/failure.server.ts";
import { getRuntime } from "../../db/runtime.server.ts";
import { properties } from "../../db/schema.ts";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { idSchema } from "../../lib/request-body.server.ts";
import type { SessionUser } from "../auth/sessions.server.ts";
import {
  assertUnitCodeFree,
  columns,
  getProperty,
  PropertyError,
  type PropertySnapshot,
  uniqueSlug,
  writeImages,
} from "./properties.server.ts";
import { latestPropertyChange, recordPropertyChange } from "./property-audit.server.ts";
import { imagesStillStored } from "./property-media.server.ts";
import { propertySnapshotSchema } from "./property-schema.ts";

/**
 * Puts a deleted property back as it was, under its old id, slug and pictures (those whose files
 * are gone are left out). The saved copy is checked with the property's schema first: a copy
 * that would not pass the form today is refused with the reason, never inserted.
 */
export async function restoreProperty(
  db: AppDatabase,
  storage: MediaStorage,
  id: number,
  adminUserId: number,
): Promise<PropertySnapshot> {
  const latest = await latestPropertyChange(db, id);
  if (latest?.action !== "delete" || !latest.before) {
    throw new PropertyError("There is no deleted property to restore.", "not-found");
  }
  const parsed = propertySnapshotSchema.safeParse(latest.before);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw new PropertyError(
      `The saved copy of this property is not valid (${where}${issue?.message ?? "unreadable"}), so it cannot be restored.`,
      "invalid",
    );
  }
  const snapshot = parsed.data;
  const images = await imagesStillStored(storage, snapshot.images);
  return db.transaction(async (tx) => {
    await assertUnitCodeFree(tx, snapshot);
    const slug = await uniqueSlug(tx, snapshot.slug);
    await tx
      .insert(properties)
      .overridingSystemValue()
      .values({
        ...columns(snapshot),
        id,
        slug,
        createdAt: new Date(snapshot.createdAt),
        updatedAt: new Date(),
        version: snapshot.version + 1,
      });
    await writeImages(tx, id, images);
    const after = await getProperty(tx, id);
    await recordPropertyChange(tx, adminUserId, "restore", id, null, after);
    if (!after) throw new Error("The property was not restored");
    return after;
  });
}

/** The Restore button's form: the id of the property to put back. */
export const restoreFormSchema = z.object({ id: idSchema });

/** Restores from the deleted list: a refusal is a sentence on the page, never SQL. */
export async function restorePropertyAction(admin: SessionUser, form: FormData) {
  const parsed = restoreFormSchema.safeParse(Object.fromEntries(form));
  const id = parsed.success ? parsed.data.id : null;
  if (id === null)
    return data({ error: "Error restoring property: Property not found" }, { status: 404 });
  const { database, storage } = getRuntime();
  try {
    await restoreProperty(database.db, storage, id, admin.id);
  } catch (error) {
    // A rule of the listing (a unit code taken meanwhile) is said as it is; anything else is a
    // sentence with a log reference, never the database's words.
    if (error instanceof PropertyError) {
      const status = error.kind === "not-found" ? 404 : 409;
      return data({ error: `Error restoring property: ${error.message}` }, { status });
    }
    const failure = await reportFailure("restoring a property failed", error);
    return data(
      { error: `Error restoring property: ${failure.message}` },
      { status: failure.databaseDown ? 503 : 500 },
    );
  }
  return redirect(`${href("/admin")}?notice=restored`);
}

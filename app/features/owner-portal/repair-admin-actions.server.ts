/** The desk's actions on /admin/owners/repairs and its tickets; the route checks the admin first. */

import { eq } from "drizzle-orm";
import { data } from "react-router";
import { getRuntime } from "../../db/runtime.server.ts";
import { properties } from "../../db/schema.ts";
import { repairOpenSchema } from "./repair-schema.ts";
import {
  addRepairPhoto,
  advanceRepair,
  listOwnedUnits,
  listRepairsForAdmin,
  loadRepairForAdmin,
  openRepair,
  quoteRepair,
  RepairError,
  repairDoneSchema,
  repairPhotoSchema,
  repairQuoteSchema,
} from "./repairs.server.ts";

const done = (message: string) => ({ ok: true as const, message });
const refused = (message: string, status = 400) =>
  data({ ok: false as const, message }, { status });

export async function loadRepairsPage(unitId: number | null = null) {
  const { db } = getRuntime().database;
  const unit =
    unitId === null
      ? null
      : ((
          await db
            .select({ id: properties.id, name: properties.name })
            .from(properties)
            .where(eq(properties.id, unitId))
        )[0] ?? null);
  return { repairs: await listRepairsForAdmin(db), units: await listOwnedUnits(db), unit };
}

/** Opens a ticket for a unit; answers the new ticket's id. */
export async function openRepairAction(form: FormData, adminId: number) {
  const parsed = repairOpenSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the form");
  const units = await listOwnedUnits(getRuntime().database.db);
  if (!units.some((u) => u.id === parsed.data.propertyId))
    return refused("Choose a unit that has owners");
  const id = await openRepair(getRuntime().database.db, parsed.data, { adminId });
  return { ok: true as const, message: `Ticket #${id} opened.`, id };
}

export async function loadRepairAdmin(id: number) {
  return loadRepairForAdmin(getRuntime().database.db, id);
}

/** quote (amount, picture), start, done (final cost) or add-photo on one ticket. */
export async function repairAction(id: number, form: FormData, adminId: number) {
  const { config, database, storage } = getRuntime();
  const fields = Object.fromEntries(form);
  try {
    switch (fields.intent) {
      case "quote": {
        const parsed = repairQuoteSchema.safeParse(fields);
        if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the quote");
        const result = await quoteRepair(
          database.db,
          id,
          adminId,
          parsed.data,
          storage,
          new Date(),
          config,
        );
        getRuntime().outbox?.nudge();
        return done(
          result.stage === "quoted"
            ? `Quoted: above the owners' threshold of ฿${result.thresholdBaht.toLocaleString("en")}, it waits for an owner's approval.`
            : `Quoted and approved: within the owners' threshold of ฿${result.thresholdBaht.toLocaleString("en")}.`,
        );
      }
      case "start":
        await advanceRepair(database.db, id, adminId, { to: "in-progress" });
        return done("Work started.");
      case "done": {
        const parsed = repairDoneSchema.safeParse(fields);
        if (!parsed.success)
          return refused(parsed.error.issues[0]?.message ?? "Enter the final cost");
        await advanceRepair(
          database.db,
          id,
          adminId,
          { to: "done", ...parsed.data },
          new Date(),
          config,
        );
        getRuntime().outbox?.nudge();
        return done("Marked done with its final cost.");
      }
      case "add-photo": {
        const parsed = repairPhotoSchema.safeParse(fields);
        if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Upload again");
        await addRepairPhoto(database.db, id, parsed.data.photo, { adminId }, storage);
        return done("Photo added.");
      }
      default:
        return refused("Unknown action");
    }
  } catch (error) {
    if (!(error instanceof RepairError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    return refused(error.message, error.status);
  }
}

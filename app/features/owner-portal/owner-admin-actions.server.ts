/** The desk's actions on /admin/owners and /admin/owners/:id; the route checks the admin first. */
import { data } from "react-router";
import { getRuntime } from "../../db/runtime.server.ts";
import { auditLog } from "../../db/schema.ts";
import { parseId } from "../../lib/request-body.server.ts";
import {
  createOwner,
  findOwner,
  issueOwnerToken,
  listOwners,
  listUnitOwnership,
  OwnerError,
  saveUnitOwnership,
  updateOwner,
} from "./owner-accounts.server.ts";
import { queueAccessMail, setPasswordLink } from "./owner-messages.server.ts";
import {
  approveOwnerStay,
  autoApproveOwnerStays,
  listWaitingOwnerStays,
  refuseOwnerStay,
  setAutoApproveOwnerStays,
} from "./owner-portal.server.ts";
import { ownerFormSchema, readUnitOwnershipForm } from "./owner-schema.ts";
import { OWNER_FACTORS } from "./owner-second-factor.server.ts";

const done = (message: string) => ({ ok: true as const, message });
const refused = (message: string, status = 400) =>
  data({ ok: false as const, message }, { status });

function readOwnerForm(form: FormData) {
  return ownerFormSchema.safeParse({
    ...Object.fromEntries(form),
    alertChannels: form.getAll("alertChannels"),
  });
}

export async function loadOwnersPage() {
  const { db } = getRuntime().database;
  return {
    owners: await listOwners(db),
    units: await listUnitOwnership(db),
    waiting: await listWaitingOwnerStays(db),
    autoApprove: await autoApproveOwnerStays(db),
  };
}

export async function ownersAction(form: FormData, adminId: number) {
  const { config, database } = getRuntime();
  const db = database.db;
  const intent = form.get("intent");
  try {
    if (intent === "create-owner") {
      const parsed = readOwnerForm(form);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the form");
      await createOwner(db, parsed.data, adminId);
      return done(`Owner ${parsed.data.name} added. Open them to send the invitation.`);
    }
    if (intent === "save-unit") {
      const parsed = readUnitOwnershipForm(form);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the form");
      await saveUnitOwnership(db, parsed.data, adminId);
      return done("The unit's owners and program are saved.");
    }
    if (intent === "approve-stay" || intent === "refuse-stay") {
      const id = parseId(form.get("requestId"));
      if (id === null) return refused("Unknown request");
      const outcome =
        intent === "approve-stay"
          ? await approveOwnerStay(db, id, adminId, config)
          : await refuseOwnerStay(db, id, adminId, "", config);
      getRuntime().outbox?.nudge();
      if (!outcome.ok) return refused(outcome.message, 409);
      return done(intent === "approve-stay" ? "Owner stay approved." : "Owner stay refused.");
    }
    if (intent === "auto-approve") {
      const on = form.get("on") === "1";
      await setAutoApproveOwnerStays(db, on);
      return done(
        on ? "Free owner stays are now approved at once." : "The desk decides every owner stay.",
      );
    }
  } catch (error) {
    if (error instanceof OwnerError) return refused(error.message, 409);
    throw error;
  }
  return refused("Unknown action");
}

export async function loadOwnerForAdmin(id: number) {
  const owner = await findOwner(getRuntime().database.db, id);
  if (!owner) return null;
  return {
    id: owner.id,
    name: owner.name,
    email: owner.email,
    phone: owner.phone,
    language: owner.language,
    alertChannels: owner.alertChannels,
    telegramChatId: owner.telegramChatId,
    lineUserId: owner.lineUserId,
    residency: owner.residency,
    approvalThresholdBaht: owner.approvalThresholdBaht,
    invited: owner.passwordHash !== null,
    secondFactor: owner.totpEnabledAt !== null,
  };
}

export async function ownerAction(id: number, form: FormData, adminId: number) {
  const { config, database } = getRuntime();
  const db = database.db;
  const owner = await findOwner(db, id);
  if (!owner) throw data(null, { status: 404 });
  const intent = form.get("intent");
  try {
    if (intent === "save") {
      const parsed = readOwnerForm(form);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the form");
      await updateOwner(db, id, parsed.data, adminId);
      return done("Saved.");
    }
    if (intent === "reset-second-factor") {
      // For an owner who lost both the phone and the recovery codes: the password alone again.
      await db.transaction(async (tx) => {
        await OWNER_FACTORS.clear(tx, id);
        await tx.insert(auditLog).values({
          adminUserId: adminId,
          action: "reset-second-factor",
          entity: "owner",
          entityId: String(id),
          before: { secondFactor: owner.totpEnabledAt !== null },
          after: { secondFactor: false },
        });
      });
      return done(`${owner.name} signs in with the password alone now.`);
    }
    if (intent === "invite") {
      const { token, mailed } = await db.transaction(async (tx) => {
        const token = await issueOwnerToken(tx, id, "invite");
        return { token, mailed: await queueAccessMail(tx, owner, "invite", token, config) };
      });
      getRuntime().outbox?.nudge();
      if (mailed) return done(`Invitation mailed to ${owner.email}.`);
      return {
        ok: true as const,
        message: "This site sends no e-mail (SMTP_URL is not set).",
        link: setPasswordLink(config.publicUrl, owner.language, token),
      };
    }
  } catch (error) {
    if (error instanceof OwnerError) return refused(error.message, 409);
    throw error;
  }
  return refused("Unknown action");
}

/**
 * Owner accounts as the desk keeps them: details, units with shares and programs, invitations;
 * and the single-use links (invitation, password reset) that set an owner's password.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import {
  auditLog,
  ownerSessions,
  owners,
  ownerTokens,
  properties,
  unitOwners,
  unitPrograms,
} from "../../db/schema.ts";
import { OWNER_TOKEN_DAYS, type OwnerTokenPurpose } from "../../domain/owners.ts";
import { hashPassword } from "../auth/password.server.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import { hashToken } from "../auth/sessions.server.ts";
import type { OwnerInput, UnitOwnershipInput } from "./owner-schema.ts";

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export class OwnerError extends Error {}

export type OwnerRow = typeof owners.$inferSelect;

export async function listOwners(db: AppDatabase) {
  const rows = await db.select().from(owners).orderBy(asc(owners.name), asc(owners.id));
  const shares = await db
    .select({
      ownerId: unitOwners.ownerId,
      propertyId: unitOwners.propertyId,
      sharePercent: unitOwners.sharePercent,
      name: properties.name,
    })
    .from(unitOwners)
    .innerJoin(properties, eq(properties.id, unitOwners.propertyId))
    .orderBy(asc(properties.name));
  return rows.map((o) => ({
    id: o.id,
    name: o.name,
    email: o.email,
    language: o.language,
    invited: o.passwordHash !== null,
    disabled: o.disabledAt !== null,
    units: shares.filter((s) => s.ownerId === o.id),
  }));
}

export async function findOwner(db: AppDatabase, id: number): Promise<OwnerRow | undefined> {
  const [row] = await db.select().from(owners).where(eq(owners.id, id));
  return row;
}

export async function findOwnerByEmail(db: AppDatabase, email: string) {
  const [row] = await db
    .select()
    .from(owners)
    .where(eq(sql`lower(${owners.email})`, email.trim().toLowerCase()));
  return row;
}

function ownerValues(input: OwnerInput) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    language: input.language,
    alertChannels: input.alertChannels,
    telegramChatId: input.telegramChatId ?? null,
    lineUserId: input.lineUserId ?? null,
    residency: input.residency,
    approvalThresholdBaht: input.approvalThresholdBaht,
  };
}

/** Creates an owner (without a password: the invitation sets it). */
export async function createOwner(db: AppDatabase, input: OwnerInput, by: number | null) {
  if (await findOwnerByEmail(db, input.email))
    throw new OwnerError(`An owner with ${input.email} exists already.`);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(owners).values(ownerValues(input)).returning({ id: owners.id });
    if (!row) throw new Error("The owner was not stored");
    await audit(tx, by, "create", "owner", row.id, null, ownerValues(input));
    return row.id;
  });
}

export async function updateOwner(
  db: AppDatabase,
  id: number,
  input: OwnerInput,
  by: number | null,
) {
  const other = await findOwnerByEmail(db, input.email);
  if (other && other.id !== id)
    throw new OwnerError(`An owner with ${input.email} exists already.`);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(owners).where(eq(owners.id, id));
    if (!before) throw new OwnerError("This owner no longer exists.");
    await tx
      .update(owners)
      .set({ ...ownerValues(input), updatedAt: new Date() })
      .where(eq(owners.id, id));
    await audit(tx, by, "update", "owner", id, pickOwner(before), ownerValues(input));
  });
}

function pickOwner(row: OwnerRow) {
  const { passwordHash: _hidden, ...rest } = row;
  return rest;
}

async function audit(
  tx: Tx,
  by: number | null,
  action: string,
  entity: string,
  id: number,
  before: unknown,
  after: unknown,
) {
  await tx.insert(auditLog).values({
    adminUserId: by,
    action,
    entity,
    entityId: String(id),
    before: before ?? null,
    after: after ?? null,
  });
}

/** Every unit with its owners and program, for the admin's unit form. */
export async function listUnitOwnership(db: AppDatabase) {
  const units = await db
    .select({ id: properties.id, name: properties.name, unitCode: properties.unitCode })
    .from(properties)
    .orderBy(asc(properties.name));
  const shares = await db
    .select({
      propertyId: unitOwners.propertyId,
      ownerId: unitOwners.ownerId,
      sharePercent: unitOwners.sharePercent,
    })
    .from(unitOwners)
    .orderBy(asc(unitOwners.ownerId));
  const programs = await db.select().from(unitPrograms);
  return units.map((u) => ({
    ...u,
    owners: shares.filter((s) => s.propertyId === u.id),
    program: programs.find((p) => p.propertyId === u.id) ?? null,
  }));
}

/**
 * Sets one unit's owners (shares adding up to 100, checked by the form's schema) and program at
 * once; an empty list of owners leaves the unit with none.
 */
export async function saveUnitOwnership(
  db: AppDatabase,
  input: UnitOwnershipInput,
  by: number | null,
) {
  await db.transaction(async (tx) => {
    const [unit] = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, input.propertyId))
      .for("update");
    if (!unit) throw new OwnerError("This unit no longer exists.");
    const ids = input.owners.map((o) => o.ownerId);
    if (ids.length > 0) {
      const found = await tx.select({ id: owners.id }).from(owners).where(inArray(owners.id, ids));
      if (found.length !== ids.length) throw new OwnerError("An owner chosen no longer exists.");
    }
    const before = await tx
      .select({ ownerId: unitOwners.ownerId, sharePercent: unitOwners.sharePercent })
      .from(unitOwners)
      .where(eq(unitOwners.propertyId, input.propertyId));
    const [programBefore] = await tx
      .select()
      .from(unitPrograms)
      .where(eq(unitPrograms.propertyId, input.propertyId));
    await tx.delete(unitOwners).where(eq(unitOwners.propertyId, input.propertyId));
    if (input.owners.length > 0)
      await tx
        .insert(unitOwners)
        .values(input.owners.map((o) => ({ propertyId: input.propertyId, ...o })));
    // Both programs keep the value and the start date the desk gives: the guaranteed return is
    // paid on them; for revenue share they are optional, the value naming what the guaranteed
    // program would have paid and the start date the first month the daily round drafts.
    const program = {
      kind: input.program,
      propertyValueBaht: input.propertyValueBaht ?? null,
      startDate: input.startDate ?? null,
    };
    await tx
      .insert(unitPrograms)
      .values({ propertyId: input.propertyId, ...program })
      .onConflictDoUpdate({
        target: unitPrograms.propertyId,
        set: { ...program, updatedAt: new Date() },
      });
    await audit(
      tx,
      by,
      "update",
      "unit-ownership",
      input.propertyId,
      { owners: before, program: programBefore ?? null },
      { owners: input.owners, program },
    );
  });
}

/** A new single-use link for `purpose`; earlier unused links of the owner stop working. */
export async function issueOwnerToken(
  db: AppDatabase | Tx,
  ownerId: number,
  purpose: OwnerTokenPurpose,
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .update(ownerTokens)
    .set({ usedAt: now })
    .where(and(eq(ownerTokens.ownerId, ownerId), isNull(ownerTokens.usedAt)));
  await db.insert(ownerTokens).values({
    tokenHash: hashToken(token),
    ownerId,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OWNER_TOKEN_DAYS * 24 * 60 * 60 * 1000),
  });
  return token;
}

/** The owner a link is for, while it is unused and unexpired; null otherwise. */
export async function findOwnerToken(db: AppDatabase, token: string, now: Date = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({
      ownerId: ownerTokens.ownerId,
      purpose: ownerTokens.purpose,
      email: owners.email,
      name: owners.name,
      language: owners.language,
    })
    .from(ownerTokens)
    .innerJoin(owners, eq(owners.id, ownerTokens.ownerId))
    .where(
      and(
        eq(ownerTokens.tokenHash, hashToken(token)),
        isNull(ownerTokens.usedAt),
        gt(ownerTokens.expiresAt, now),
        isNull(owners.disabledAt),
      ),
    );
  return row ?? null;
}

export type SetPasswordResult =
  | { ok: true; ownerId: number }
  | { ok: false; reason: "link" }
  | { ok: false; reason: "weak"; problem: string };

/**
 * Sets the password from a link: the link is used up in the same statement that checks it, so
 * two tabs cannot both use it; every session the owner had ends.
 */
export async function setPasswordWithToken(
  db: AppDatabase,
  token: string,
  password: string,
  now: Date = new Date(),
): Promise<SetPasswordResult> {
  const found = await findOwnerToken(db, token, now);
  if (!found) return { ok: false, reason: "link" };
  const problem = passwordProblem(password, found.email);
  if (problem) return { ok: false, reason: "weak", problem };
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const used = await tx
      .update(ownerTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(ownerTokens.tokenHash, hashToken(token)),
          isNull(ownerTokens.usedAt),
          gt(ownerTokens.expiresAt, now),
        ),
      )
      .returning({ ownerId: ownerTokens.ownerId });
    const ownerId = used[0]?.ownerId;
    if (ownerId === undefined) return { ok: false as const, reason: "link" as const };
    await tx.update(owners).set({ passwordHash, updatedAt: now }).where(eq(owners.id, ownerId));
    await tx.delete(ownerSessions).where(eq(ownerSessions.ownerId, ownerId));
    return { ok: true as const, ownerId };
  });
}

import { desc, eq } from "drizzle-orm";
import { type AuditEntry, auditEntries } from "../../db/audit.server.ts";
import type { AppDatabase, AppTransaction } from "../../db/client.server.ts";
import { adminUsers, auditLog } from "../../db/schema.ts";
import type { PropertySnapshot, Queryable } from "./properties.server.ts";

/** The audit log of properties: every write recorded with who made it, before and after. */

export type PropertyAction = "create" | "update" | "delete" | "restore";

export async function recordPropertyChange(
  tx: AppTransaction,
  adminUserId: number,
  action: PropertyAction,
  id: number,
  before: PropertySnapshot | null,
  after: PropertySnapshot | null,
) {
  await tx.insert(auditLog).values({
    adminUserId,
    action,
    entity: "property",
    entityId: String(id),
    before,
    after,
  });
}

export type HistoryEntry = AuditEntry<PropertySnapshot>;

export function propertyHistory(db: AppDatabase, id: number): Promise<HistoryEntry[]> {
  return auditEntries<PropertySnapshot>(db, "property", id);
}

/** Properties whose latest recorded action is a delete: what can be restored. */
export async function listDeletedProperties(db: AppDatabase) {
  const rows = await db
    .selectDistinctOn([auditLog.entityId], {
      entityId: auditLog.entityId,
      at: auditLog.createdAt,
      action: auditLog.action,
      before: auditLog.before,
      by: adminUsers.email,
    })
    .from(auditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminUserId))
    .where(eq(auditLog.entity, "property"))
    .orderBy(auditLog.entityId, desc(auditLog.createdAt), desc(auditLog.id));
  return rows
    .flatMap((r) => {
      const before = r.before as Partial<PropertySnapshot> | null;
      if (r.action !== "delete" || !before) return [];
      return [
        {
          id: Number(r.entityId),
          name: before.name ?? "",
          building: before.building ?? "",
          unitCode: before.unitCode ?? "",
          deletedAt: r.at.toISOString(),
          by: r.by,
        },
      ];
    })
    .sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));
}

/**
 * The latest recorded action on one property, found through the audit log's index on
 * (entity, entity id, time): restore reads this one row, never the whole log.
 */
export async function latestPropertyChange(db: Queryable, id: number) {
  const [entry] = await auditEntries<PropertySnapshot>(db, "property", id, 1);
  return entry ? { action: entry.action, before: entry.before } : null;
}

import { and, desc, eq } from "drizzle-orm";
import type { AppDatabase, AppTransaction } from "./client.server.ts";
import { adminUsers, auditLog } from "./schema.ts";

/** One recorded write: what was done, when, by whom (their e-mail, if still an admin), and the record before and after. */
export interface AuditEntry<Snapshot> {
  id: number;
  action: string;
  at: string;
  by: string | null;
  before: Snapshot | null;
  after: Snapshot | null;
}

/**
 * The audit log of one record (`entity` and its id as written), newest first; `limit` keeps the
 * most recent. The snapshot type is the caller's: it wrote them.
 */
export async function auditEntries<Snapshot>(
  db: AppDatabase | AppTransaction,
  entity: string,
  entityId: string | number,
  limit?: number,
): Promise<AuditEntry<Snapshot>[]> {
  const query = db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      at: auditLog.createdAt,
      by: adminUsers.email,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminUserId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((r) => ({
    ...r,
    at: r.at.toISOString(),
    before: r.before as Snapshot | null,
    after: r.after as Snapshot | null,
  }));
}

/**
 * A published statement told to its owners, each in their language and channels, with their own
 * payout: one owner-portal alert per owner with a part, in the publication's transaction.
 */
import { eq } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { ownerStatementParts, ownerStatements, properties } from "../../db/schema.ts";
import { alertOwner } from "../owner-portal/owner-alerts.server.ts";
import type { OwnerMailSettings } from "../owner-portal/owner-messages.server.ts";

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** Queues the alerts; answers how many messages were queued. */
export async function alertStatementPublished(
  tx: Tx | AppDatabase,
  statementId: number,
  settings: OwnerMailSettings,
): Promise<number> {
  const [statement] = await tx
    .select({
      version: ownerStatements.version,
      periodStart: ownerStatements.periodStart,
      periodEnd: ownerStatements.periodEnd,
      unitName: properties.name,
    })
    .from(ownerStatements)
    .innerJoin(properties, eq(properties.id, ownerStatements.propertyId))
    .where(eq(ownerStatements.id, statementId));
  if (!statement) return 0;
  const parts = await tx
    .select({ ownerId: ownerStatementParts.ownerId, payout: ownerStatementParts.payout })
    .from(ownerStatementParts)
    .where(eq(ownerStatementParts.statementId, statementId));
  let queued = 0;
  for (const part of parts)
    queued += await alertOwner(
      tx,
      part.ownerId,
      { kind: "statement-published", statementId, ...statement, payout: part.payout },
      settings,
    );
  return queued;
}

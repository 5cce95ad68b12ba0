import { getRuntime } from "../../db/runtime.server.ts";
import { withTimeout } from "../../lib/timeout.ts";
import { databaseLabel } from "./database-label.ts";

export interface DatabaseBadge {
  kind: "embedded" | "postgres";
  label: string;
  answering: boolean;
}

/** Which database the site is connected to and whether it answers right now. */
export async function databaseBadge(): Promise<DatabaseBadge> {
  const { database } = getRuntime();
  const label = databaseLabel(database.kind);
  try {
    await withTimeout(database.ping(), 2_000);
    return { kind: database.kind, label, answering: true };
  } catch {
    return { kind: database.kind, label, answering: false };
  }
}

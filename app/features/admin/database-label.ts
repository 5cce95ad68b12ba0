import type { DatabaseKind } from "../../db/client.server.ts";

/** The database's name on the admin's badge. */
export function databaseLabel(kind: DatabaseKind): string {
  return kind === "embedded" ? "Embedded PostgreSQL (PGlite)" : "PostgreSQL";
}

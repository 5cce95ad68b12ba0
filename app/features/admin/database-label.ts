import type { DatabaseKind } from "../../db/client.server.ts";

/** The database in words an office manager understands, for the admin's badge. */
export function databaseLabel(kind: DatabaseKind): string {
  return kind === "embedded" ? "built-in, on this server" : "PostgreSQL server";
}

/**
 * The database the configuration names (DATABASE_URL, or the embedded one in DATA_DIR), opened
 * for a command-line script; a failure to open it ends the script with its message.
 */
import path from "node:path";
import { openDatabase } from "../app/db/client.server.ts";
import { loadConfig } from "../app/lib/config.server.ts";

export async function openConfiguredDatabase() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
  }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  /** Where the data is, for messages. */
  const where = config.databaseUrl ? "PostgreSQL" : `the embedded database in ${config.dataDir}`;
  return { config, database, where };
}

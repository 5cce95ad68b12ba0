/**
 * For database tests of admin routes: the runtime their loaders and actions read (the test's
 * database, a data folder of its own, a silent log) and a signed-in admin's session cookie.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setRuntime } from "../../app/db/runtime.server.ts";
import type { TestDatabase } from "../../app/db/testing.server.ts";
import { createAccount } from "../../app/features/auth/accounts.server.ts";
import { createSession } from "../../app/features/auth/sessions.server.ts";
import { LocalDiskStorage } from "../../app/features/media/storage.server.ts";
import { loadConfig } from "../../app/lib/config.server.ts";
import { createLogger } from "../../app/lib/logger.server.ts";

export async function adminRouteRuntime(
  database: TestDatabase,
  options: { site: string; email: string; folder: string },
): Promise<{ adminId: number; cookie: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${options.folder}-`));
  setRuntime({
    config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: options.site }),
    database,
    databaseReady: true,
    storage: new LocalDiskStorage(path.join(dataDir, "media")),
    logger: createLogger("silent"),
  });
  const admin = await createAccount(database.db, options.email, "coral reef at dawn");
  return {
    adminId: admin.id,
    cookie: `admin_session=${await createSession(database.db, admin.id)}`,
  };
}

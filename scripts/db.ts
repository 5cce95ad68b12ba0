/**
 * Database chores by hand, on the database the configuration names (DATABASE_URL, or the
 * embedded one in DATA_DIR):
 *   npm run db:migrate   apply new migrations
 *   npm run db:seed      add the demo units that are missing (by slug), with their pictures
 *   npm run db:reset     drop everything, migrate, and seed the demo data again
 */
import { dropEverything } from "../app/db/client.server.ts";
import { blogPictures } from "../app/features/blog/posts.server.ts";
import { demoUnits } from "../app/features/listings/demo-units.server.ts";
import { createMediaStorage } from "../app/features/media/create-storage.server.ts";
import {
  ensureDemoPictures,
  insertDemoRates,
  insertDemoUnits,
  SITE_PICTURES,
} from "../app/setup/seed.server.ts";
import { openConfiguredDatabase } from "./configured-database.ts";

const command = process.argv[2];
if (!command || !["migrate", "seed", "reset"].includes(command)) {
  console.error("Usage: tsx scripts/db.ts migrate|seed|reset");
  process.exit(2);
}

const { config, database, where } = await openConfiguredDatabase();
try {
  await database.exclusive(async () => {
    if (command === "reset") {
      console.log(`Dropping every table of ${where}...`);
      await dropEverything(database.db);
    }
    await database.migrate();
    console.log(`Migrations applied to ${where}.`);
    if (command === "seed" || command === "reset") {
      const pictures = await ensureDemoPictures(createMediaStorage(config), demoUnits(), [
        ...SITE_PICTURES,
        ...(await blogPictures()),
      ]);
      const units = await insertDemoUnits(database.db);
      await insertDemoRates(database.db);
      console.log(`Demo data: ${units} units added, ${pictures} pictures stored.`);
    }
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}

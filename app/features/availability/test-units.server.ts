import { eq } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.server.ts";
import { properties } from "../../db/schema.ts";

/** A unit stored straight into the table for availability tests; returns its id. */
export async function insertTestUnit(
  db: AppDatabase,
  slug: string,
  fields: Partial<typeof properties.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(properties)
    .values({
      slug,
      name: `Unit ${slug}`,
      building: "The Trees",
      unitCode: slug.toUpperCase(),
      type: "condo",
      location: "Kamala",
      bedrooms: 1,
      bathrooms: 1,
      sizeM2: 40,
      pricingMonthly: 40000,
      pricingSixMonth: 35000,
      pricingYearly: 30000,
      ...fields,
    })
    .returning({ id: properties.id });
  if (!row) throw new Error("no unit");
  return row.id;
}

export async function unitStatus(db: AppDatabase, id: number) {
  const [row] = await db
    .select({
      status: properties.status,
      availableFrom: properties.availableFrom,
      rentedUntil: properties.rentedUntil,
    })
    .from(properties)
    .where(eq(properties.id, id));
  return row;
}

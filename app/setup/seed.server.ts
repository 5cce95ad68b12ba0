import { count, eq, inArray } from "drizzle-orm";
import type { AppDatabase, Database } from "../db/client.server.ts";
import { currencyRates, properties, propertyImages, settings } from "../db/schema.ts";
import { DEMO_RATES } from "../features/currencies/demo-rates.ts";
import { insertDemoLeases } from "../features/leases/demo-leases.server.ts";
import { type DemoUnit, demoMediaKey, demoUnits } from "../features/listings/demo-units.server.ts";
import {
  type DemoPicture,
  PICTURE_HEIGHT,
  PICTURE_WIDTH,
  pictureId,
} from "../features/media/demo-pictures.server.ts";
import { type ImageVariants, putImageVariants } from "../features/media/images.server.ts";
import { MEDIA_WIDTHS, variantPath } from "../features/media/media-url.ts";
import { inProcessEncoder, type PictureEncoder } from "../features/media/picture-encoder.server.ts";
import {
  DEMO_OWNER_DEFAULT_EMAIL,
  seedDemoOwner,
} from "../features/owner-portal/demo-owner.server.ts";
import {
  fillDemoPropertyValues,
  seedDemoStatements,
} from "../features/owner-statements/demo-statements.server.ts";
import type { MediaStorage } from "../lib/media-storage.ts";

const SEEDED_KEY = "demo_seeded_at";

export interface PictureSpec {
  key: string;
  picture: DemoPicture;
}

/** Pictures of the site itself: the hero background and the office. */
export const SITE_PICTURES: PictureSpec[] = [
  { key: "site/hero", picture: { name: "hero" } },
  { key: "site/office", picture: { name: "office" } },
];

/**
 * Stores the demo units' pictures that are not in storage yet, re-encoded from the rendered
 * files (each file once, however many units show it). The fallback listing shows them too, so
 * the server makes sure they exist whatever the state of the database. The server passes an
 * encoder in a child process (withEncoderProcess), so libvips's memory leaves with it.
 */
export async function ensureDemoPictures(
  storage: MediaStorage,
  units: DemoUnit[] = demoUnits(),
  extra: PictureSpec[] = SITE_PICTURES,
  encoder: PictureEncoder = inProcessEncoder,
): Promise<number> {
  const wanted: PictureSpec[] = [
    ...units.flatMap((unit) =>
      unit.pictures.map((picture, i) => ({ key: demoMediaKey(unit, i), picture })),
    ),
    ...extra,
  ];
  // One listing per folder (demo/, site/, blog/) rather than a question per file: cheap on
  // disk, and a few requests instead of hundreds on S3.
  const folders = new Set(wanted.map(({ key }) => key.slice(0, key.indexOf("/") + 1)));
  const stored = new Set<string>();
  for (const folder of folders)
    for (const file of await storage.list(folder)) stored.add(file.path);
  const encoded = new Map<string, ImageVariants>();
  let made = 0;
  for (const { key, picture } of wanted) {
    if (MEDIA_WIDTHS.every((w) => stored.has(variantPath(key, w)))) continue;
    const id = pictureId(picture);
    let image = encoded.get(id);
    if (!image) {
      image = await encoder.demoPicture(picture);
      encoded.set(id, image);
    }
    await putImageVariants(storage, key, image);
    made++;
  }
  return made;
}

/** Inserts the demo units whose slugs are not taken yet, with their pictures' rows. */
export async function insertDemoUnits(db: AppDatabase, units: DemoUnit[] = demoUnits()) {
  return db.transaction(async (tx) => {
    const taken = new Set(
      (
        await tx
          .select({ slug: properties.slug })
          .from(properties)
          .where(
            inArray(
              properties.slug,
              units.map((u) => u.slug),
            ),
          )
      ).map((r) => r.slug),
    );
    const fresh = units.filter((u) => !taken.has(u.slug));
    for (const unit of fresh) {
      const [row] = await tx
        .insert(properties)
        .values({
          slug: unit.slug,
          name: unit.name,
          building: unit.building,
          unitCode: unit.unitCode,
          type: unit.type,
          location: unit.location,
          bedrooms: unit.bedrooms,
          bathrooms: unit.bathrooms,
          sizeM2: unit.sizeM2,
          floor: unit.floor,
          status: unit.status,
          availableFrom: unit.availableFrom,
          rentedUntil: unit.rentedUntil,
          pricingMonthly: unit.pricing.monthly,
          pricingSixMonth: unit.pricing.sixMonth,
          pricingYearly: unit.pricing.yearly,
          latitude: unit.latitude,
          longitude: unit.longitude,
          facilities: unit.facilities,
          description: unit.description,
          descriptionRu: unit.descriptionRu,
        })
        .returning({ id: properties.id });
      if (!row) throw new Error(`Could not insert ${unit.slug}`);
      if (unit.pictures.length > 0) {
        await tx.insert(propertyImages).values(
          unit.pictures.map((_, index) => ({
            propertyId: row.id,
            position: index,
            mediaKey: demoMediaKey(unit, index),
            width: PICTURE_WIDTH,
            height: PICTURE_HEIGHT,
            variants: [...MEDIA_WIDTHS],
          })),
        );
      }
    }
    await tx
      .insert(settings)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing();
    return fresh.length;
  });
}

/**
 * First start: an empty database gets the demo portfolio, once. Once seeded (or once it holds
 * real units), it is never seeded again, even if every unit is later deleted.
 */
export async function seedIfEmpty(
  database: Database,
  demo: { seed: boolean; ownerEmail?: string; ownerPassword?: string | undefined } = {
    seed: true,
  },
  /** Where the demo owner's documents are stored; without it they get none. */
  storage?: MediaStorage,
): Promise<{ seeded: number; demoOwner?: Awaited<ReturnType<typeof seedDemoOwner>> }> {
  // SEED_DEMO=off: no demo units, and so no demo owner.
  if (!demo.seed) return { seeded: 0 };
  return database.exclusive(async () => {
    const { db } = database;
    const [done] = await db.select().from(settings).where(eq(settings.key, SEEDED_KEY));
    if (done) {
      // A database seeded before the demo condo had a property value gets it now (once: a
      // value set is kept). Databases that were never seeded hold no demo owner to fill.
      if (!String(done.value).startsWith("skipped"))
        await fillDemoPropertyValues(db, demo.ownerEmail ?? DEMO_OWNER_DEFAULT_EMAIL);
      return { seeded: 0 };
    }
    const [existing] = await db.select({ n: count() }).from(properties);
    if ((existing?.n ?? 0) > 0) {
      await db
        .insert(settings)
        .values({ key: SEEDED_KEY, value: "skipped: data present" })
        .onConflictDoNothing();
      return { seeded: 0 };
    }
    const seeded = await insertDemoUnits(db);
    await insertDemoRates(db);
    await insertDemoLeases(db);
    const demoOwner = await seedDemoOwner(db, {
      email: demo.ownerEmail,
      password: demo.ownerPassword,
      storage,
    });
    if (demoOwner.created) await seedDemoStatements(db, demoOwner.email, storage);
    return { seeded, demoOwner };
  });
}

/** The demo exchange rates (the currencies with none yet on their day). */
export async function insertDemoRates(db: AppDatabase) {
  await db
    .insert(currencyRates)
    .values(DEMO_RATES.map((r) => ({ ...r })))
    .onConflictDoNothing();
}

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { owners, properties, propertyImages } from "../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../db/testing.server.ts";
import { demoMediaKey, demoUnits } from "../features/listings/demo-units.server.ts";
import { readRenderedPicture } from "../features/media/demo-pictures.server.ts";
import { MEDIA_WIDTHS, variantPath } from "../features/media/media-url.ts";
import { LocalDiskStorage } from "../features/media/storage.server.ts";
import { ensureDemoPictures, insertDemoUnits, seedIfEmpty } from "./seed.server.ts";

describe.each(TEST_ENGINES)("seeding on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  const unitCount = async (db: TestDatabase) =>
    (await db.db.select({ n: count() }).from(properties))[0]?.n;

  it("fills an empty database once, with every unit's pictures in order", async () => {
    database = await createTestDatabase(engine);
    const first = await seedIfEmpty(database);
    expect(first).toMatchObject({
      seeded: demoUnits().length,
      demoOwner: { created: true, email: "owner@example.com" },
    });
    // No DEMO_OWNER_PASSWORD: one is made up, for the start log to print once.
    expect(first.demoOwner?.generatedPassword?.length).toBeGreaterThanOrEqual(20);
    expect(await unitCount(database)).toBe(demoUnits().length);

    const [villa] = await database.db
      .select()
      .from(properties)
      .where(eq(properties.unitCode, "V-01"));
    expect(villa?.descriptionRu).toMatch(/[а-я]/);
    const images = await database.db
      .select()
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, villa?.id ?? -1))
      .orderBy(propertyImages.position);
    expect(images.map((i) => i.mediaKey)).toEqual(
      (() => {
        const unit = demoUnits().find((u) => u.unitCode === "V-01");
        return unit?.pictures.map((_, i) => demoMediaKey(unit, i));
      })(),
    );

    expect(await seedIfEmpty(database)).toEqual({ seeded: 0 });
    expect(await unitCount(database)).toBe(demoUnits().length);
  });

  it("seeds nothing, demo owner included, with SEED_DEMO=off", async () => {
    database = await createTestDatabase(engine);
    expect(await seedIfEmpty(database, { seed: false })).toEqual({ seeded: 0 });
    expect(await unitCount(database)).toBe(0);
    expect(await database.db.select().from(owners)).toEqual([]);
  });

  it("never seeds again, even after every unit was deleted", async () => {
    database = await createTestDatabase(engine);
    await seedIfEmpty(database);
    await database.db.delete(properties);
    expect(await seedIfEmpty(database)).toEqual({ seeded: 0 });
    expect(await unitCount(database)).toBe(0);
  });

  it("leaves a database that already holds units alone", async () => {
    database = await createTestDatabase(engine);
    const [one] = demoUnits();
    await insertDemoUnits(database.db, one ? [one] : []);
    expect(await seedIfEmpty(database)).toEqual({ seeded: 0 });
    expect(await unitCount(database)).toBe(1);
  });

  it("adds only the missing demo units by hand", async () => {
    database = await createTestDatabase(engine);
    await insertDemoUnits(database.db, demoUnits().slice(0, 3));
    expect(await insertDemoUnits(database.db)).toBe(demoUnits().length - 3);
    expect(await insertDemoUnits(database.db)).toBe(0);
  });
});

describe("demo pictures", () => {
  it("are stored once as WebP variants of the right widths", async () => {
    const storage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "media-test-")));
    const units = demoUnits().slice(0, 1);
    const pictures = units[0]?.pictures.length ?? 0;
    expect(await ensureDemoPictures(storage, units, [])).toBe(pictures);
    expect(await ensureDemoPictures(storage, units, [])).toBe(0);

    for (const width of MEDIA_WIDTHS) {
      const file = path.join(
        storage.root,
        variantPath(demoMediaKey(units[0] ?? { slug: "", pictures: [] }, 0), width),
      );
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 1000) / 1600));
    }
  });

  it("are the rendered files, flipped left to right when the deal says so", async () => {
    const storage = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "media-test-")));
    const made = await ensureDemoPictures(
      storage,
      [],
      [
        { key: "t/plain", picture: { name: "living-1" } },
        { key: "t/flipped", picture: { name: "living-1", mirrored: true } },
      ],
    );
    expect(made).toBe(2);
    const pixels = async (file: string) =>
      sharp(path.join(storage.root, file)).resize(40, 25, { fit: "fill" }).raw().toBuffer();
    const source = await sharp(await readRenderedPicture("living-1"))
      .resize(40, 25, { fit: "fill" })
      .raw()
      .toBuffer();
    const plain = await pixels(variantPath("t/plain", 480));
    const flipped = await pixels(variantPath("t/flipped", 480));
    // Mean difference per channel on a 40 × 25 thumbnail: the same picture within encoding
    // noise, and the flipped one mirrors it column for column.
    const distance = (a: Buffer, b: Buffer, mirror: boolean) => {
      let sum = 0;
      for (let y = 0; y < 25; y++)
        for (let x = 0; x < 40; x++)
          for (let c = 0; c < 3; c++) {
            const i = (y * 40 + x) * 3 + c;
            const j = (y * 40 + (mirror ? 39 - x : x)) * 3 + c;
            sum += Math.abs((a[i] ?? 0) - (b[j] ?? 0));
          }
      return sum / (40 * 25 * 3);
    };
    expect(distance(plain, source, false)).toBeLessThan(4);
    expect(distance(flipped, source, true)).toBeLessThan(4);
    expect(distance(flipped, source, false)).toBeGreaterThan(8);
  });
});

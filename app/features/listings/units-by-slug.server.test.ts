import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties, propertyImages } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { PROPERTY_STATUSES, PROPERTY_TYPES } from "../../domain/listing.ts";
import { toUnitImage } from "../media/media-url.ts";
import { demoUnits } from "./demo-units.server.ts";
import { getUnitDetail } from "./unit-detail.server.ts";
import {
  availableUnits,
  fallbackUnits,
  similarityRank,
  similarUnits,
  unitsBySlugs,
} from "./units-by-slug.server.ts";

/** Units across types, places, statuses and prices, with price ties the slug must break. */
function fixtures() {
  const prices = [20_000, 30_000, 38_000, 39_000, 50_000, 52_000, 90_000, 150_000];
  return prices.flatMap((yearly, i) =>
    ["a", "b", "c"].map((suffix, j) => ({
      slug: `u-${i}-${suffix}`,
      type: PROPERTY_TYPES[(i + j) % 2] ?? "condo",
      location: ["Kamala", "Surin", "Patong"][(i * 3 + j) % 3] ?? "Kamala",
      status: PROPERTY_STATUSES[(i + 2 * j) % 3] ?? "available",
      yearly: j === 2 ? (prices[0] ?? 20_000) : yearly,
      facilities: j === 0 ? ["Pool", "Gym"] : [],
    })),
  );
}

describe.each(TEST_ENGINES)("favourites, compare and similar units on %s", (engine) => {
  let database: TestDatabase;
  const rows = fixtures();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    let n = 0;
    for (const f of rows) {
      n++;
      await database.db.insert(properties).values({
        slug: f.slug,
        name: `Unit ${f.slug}`,
        building: n % 2 ? "The Trees" : "Zen Space",
        unitCode: `S-${n}`,
        type: f.type,
        location: f.location,
        bedrooms: 2,
        bathrooms: 1,
        sizeM2: 50,
        status: f.status,
        pricingMonthly: f.yearly + 2000,
        pricingSixMonth: f.yearly + 1000,
        pricingYearly: f.yearly,
        facilities: f.facilities,
      });
    }
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("finds units by slug in the order asked, leaving unknown ones out", async () => {
    const units = await unitsBySlugs(database.db, ["u-3-b", "nope", "u-0-a"]);
    expect(units.map((u) => u.slug)).toEqual(["u-3-b", "u-0-a"]);
    expect(units[1]?.facilities).toEqual(["Pool", "Gym"]);
    expect(units[1]?.pricing).toEqual({ yearly: 20_000, sixMonth: 21_000, monthly: 22_000 });
    expect(await unitsBySlugs(database.db, [])).toEqual([]);
  });

  it.each(rows.map((r) => [r.slug, r] as const))(
    "ranks units like %s in SQL exactly as in memory, leaving it out",
    async (_slug, reference) => {
      const ref = { ...reference, pricing: { yearly: reference.yearly } };
      const want = rows
        .filter((r) => r.slug !== ref.slug)
        .map((r) => ({ ...r, pricing: { yearly: r.yearly } }))
        .sort((a, b) => {
          const x = similarityRank(a, ref);
          const y = similarityRank(b, ref);
          for (let i = 0; i < x.length; i++)
            if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
          return a.slug < b.slug ? -1 : 1;
        })
        .slice(0, 3)
        .map((r) => r.slug);
      const got = await similarUnits(database.db, ref);
      expect(got.map((u) => u.slug)).toEqual(want);
      expect(got.map((u) => u.slug)).not.toContain(ref.slug);
      // The same type comes first whenever there is one.
      expect(got[0]?.type).toBe(ref.type);
    },
  );

  it("reads each unit's pictures with it: the first by position on a card, all in order on its page", async () => {
    const [unit] = await database.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.slug, "u-1-a"));
    if (!unit) throw new Error("no unit u-1-a");
    // Stored out of order; one by URL, the others as media with their widths.
    await database.db.insert(propertyImages).values([
      {
        propertyId: unit.id,
        position: 2,
        mediaKey: "p/c",
        variants: [960, 480],
        width: 8,
        height: 6,
      },
      { propertyId: unit.id, position: 0, url: "https://example.com/a.jpg" },
      { propertyId: unit.id, position: 1, mediaKey: "p/b", variants: [480], width: 4, height: 3 },
    ]);
    const [card, bare] = await unitsBySlugs(database.db, ["u-1-a", "u-1-b"]);
    expect(card?.image).toEqual({ src: "https://example.com/a.jpg" });
    expect(bare?.image).toBeNull();
    const page = await getUnitDetail(database.db, "u-1-a");
    expect(page?.images).toEqual([
      { src: "https://example.com/a.jpg" },
      toUnitImage({ mediaKey: "p/b", url: null, width: 4, height: 3, variants: [480] }),
      toUnitImage({ mediaKey: "p/c", url: null, width: 8, height: 6, variants: [480, 960] }),
    ]);
    expect((await getUnitDetail(database.db, "u-1-b"))?.images).toEqual([]);
    expect(await getUnitDetail(database.db, "nope")).toBeNull();
    await database.db.delete(propertyImages).where(eq(propertyImages.propertyId, unit.id));
  });

  it("suggests available units, most expensive first", async () => {
    const units = await availableUnits(database.db, 3);
    expect(units).toHaveLength(3);
    expect(units.every((u) => u.status === "available")).toBe(true);
    const prices = units.map((u) => u.pricing.yearly);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});

describe("the same questions on the demo units", () => {
  const demo = demoUnits();
  it("finds, ranks and suggests like the database", () => {
    const [a, b] = demo;
    if (!a || !b) throw new Error("demo units expected");
    expect(fallbackUnits.bySlugs([b.slug, "nope", a.slug]).map((u) => u.slug)).toEqual([
      b.slug,
      a.slug,
    ]);
    for (const unit of demo) {
      const similar = fallbackUnits.similar(unit);
      expect(similar).toHaveLength(3);
      expect(similar.map((u) => u.slug)).not.toContain(unit.slug);
      expect(similar[0]?.type).toBe(unit.type);
    }
    expect(fallbackUnits.available().every((u) => u.status === "available")).toBe(true);
  });
});

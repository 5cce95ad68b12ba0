import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties, propertyImages } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import {
  BEDROOM_OPTIONS,
  LISTING_LOCATIONS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type PropertyStatus,
  type PropertyType,
} from "../../domain/listing.ts";
import { PAGE_SIZE, PRICE_RANGES } from "./catalog.ts";
import { demoUnits } from "./demo-units.server.ts";
import { LISTING_SORTS, type ListingFilters, type ListingSort, matchesFilters } from "./filters.ts";
import {
  countByStatus,
  fallbackCounts,
  fallbackSlice,
  loadListing,
  queryUnits,
} from "./listings.server.ts";
import { comparatorFor, compareListingOrder } from "./unit.ts";

interface Fixture {
  slug: string;
  status: PropertyStatus;
  type: PropertyType;
  location: string;
  bedrooms: number;
  yearly: number;
  sizeM2: number;
  /** When it was listed (ms since the epoch): a few days, with ties, for the newest order. */
  createdAt: number;
}

/** Units on every price boundary, with 3 and 4+ bedrooms, across statuses and places. */
function fixtures(): Fixture[] {
  const prices = [10_000, 24_999, 25_000, 44_999, 45_000, 69_999, 70_000, 99_999, 100_000, 250_000];
  const rows: Fixture[] = [];
  let n = 0;
  for (const yearly of prices) {
    for (const bedrooms of [1, 3, 4, 6]) {
      n++;
      rows.push({
        slug: `unit-${String(n).padStart(3, "0")}`,
        status: PROPERTY_STATUSES[n % 3] as PropertyStatus,
        type: PROPERTY_TYPES[n % 2] as PropertyType,
        location: ["Kamala", "Patong", "Nai Harn"][n % 3] as string,
        bedrooms,
        yearly,
        sizeM2: 30 + (n % 5) * 10,
        createdAt: Date.UTC(2026, 0, 1 + (n % 7)),
      });
    }
  }
  // Two units with the same price: the slug decides their order.
  rows.push({ ...rows[0], slug: "tie-b" } as Fixture, { ...rows[0], slug: "tie-a" } as Fixture);
  return rows;
}

async function insertFixtures(database: TestDatabase, rows: Fixture[]) {
  let code = 0;
  for (const f of rows) {
    code++;
    const [row] = await database.db
      .insert(properties)
      .values({
        slug: f.slug,
        name: `Unit ${f.slug}`,
        building: code % 2 ? "The Trees" : "Zen Space",
        unitCode: `T-${code}`,
        type: f.type,
        location: f.location,
        bedrooms: f.bedrooms,
        bathrooms: 1,
        sizeM2: f.sizeM2,
        status: f.status,
        createdAt: new Date(f.createdAt),
        pricingMonthly: f.yearly + 2000,
        pricingSixMonth: f.yearly + 1000,
        pricingYearly: f.yearly,
      })
      .returning({ id: properties.id });
    if (row && code % 5 === 0) {
      // Pictures out of order on purpose: the lowest position is the main one.
      await database.db.insert(propertyImages).values([
        { propertyId: row.id, position: 2, url: `https://img.example/${f.slug}/second.jpg` },
        { propertyId: row.id, position: 0, url: `https://img.example/${f.slug}/main.jpg` },
      ]);
    }
  }
}

const asUnit = (f: Fixture) => ({
  slug: f.slug,
  sizeM2: f.sizeM2,
  createdAt: f.createdAt,
  status: f.status,
  type: f.type,
  location: f.location,
  bedrooms: f.bedrooms,
  pricing: { yearly: f.yearly },
});

/** What the listing must return, computed in memory from the same rules. */
function expected(rows: Fixture[], status: PropertyStatus, filters: ListingFilters) {
  return rows
    .map(asUnit)
    .filter((u) => u.status === status && matchesFilters(u, filters))
    .sort(compareListingOrder)
    .map((u) => u.slug);
}

const filterCombinations: ListingFilters[] = [
  {},
  ...PRICE_RANGES.map((r) => ({ price: r.id })),
  ...BEDROOM_OPTIONS.map((b) => ({ bedrooms: b })),
  ...PROPERTY_TYPES.map((t) => ({ type: t })),
  { location: "Kamala" },
  { location: "Surin" },
  { location: "Patong", type: "condo", bedrooms: "4+", price: "25-45" },
  { location: "Nai Harn", price: "100-plus", bedrooms: "3" },
];

describe.each(TEST_ENGINES)("listing service on %s", (engine) => {
  let database: TestDatabase;
  const rows = fixtures();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertFixtures(database, rows);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it.each(
    PROPERTY_STATUSES.flatMap((status) =>
      filterCombinations.map((filters) => [status, JSON.stringify(filters), filters] as const),
    ),
  )("%s with %s returns exactly the matching units in order", async (status, _label, filters) => {
    const slice = await queryUnits(database.db, status, filters, 0, 100);
    expect(slice.units.map((u) => u.slug)).toEqual(expected(rows, status, filters));
    expect(slice.hasMore).toBe(false);
  });

  it.each(LISTING_SORTS.flatMap((sort) => PROPERTY_STATUSES.map((status) => [sort, status])))(
    "sorts %s (%s) in SQL exactly as in memory, slug breaking ties",
    async (sort, status) => {
      const filters = { sort: sort as ListingSort };
      const want = rows
        .map(asUnit)
        .filter((u) => u.status === status)
        .sort(comparatorFor(filters.sort))
        .map((u) => u.slug);
      const slice = await queryUnits(database.db, status as PropertyStatus, filters, 0, 100);
      expect(slice.units.map((u) => u.slug)).toEqual(want);
    },
  );

  it("sorts each way by price, by size, by bedrooms and by newest", async () => {
    const all = async (sort: ListingSort) =>
      (await queryUnits(database.db, "available", { sort }, 0, 100)).units;
    const prices = (await all("price-asc")).map((u) => u.pricing.yearly);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBeLessThan(prices.at(-1) ?? 0);
    const desc = (await all("price-desc")).map((u) => u.pricing.yearly);
    expect(desc).toEqual([...prices].reverse());
    const sizes = (await all("size-desc")).map((u) => u.sizeM2);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const beds = (await all("bedrooms-desc")).map((u) => u.bedrooms);
    expect(beds).toEqual([...beds].sort((a, b) => b - a));
    const newest = (await all("newest")).map(
      (u) => rows.find((r) => r.slug === u.slug)?.createdAt ?? 0,
    );
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    expect(newest[0]).toBeGreaterThan(newest.at(-1) ?? 0);
  });

  it("breaks price ties by slug", async () => {
    const slice = await queryUnits(
      database.db,
      rows[0]?.status ?? "available",
      { price: "under-25" },
      0,
      100,
    );
    const slugs = slice.units.map((u) => u.slug);
    expect(slugs.indexOf("tie-a")).toBeLessThan(slugs.indexOf("tie-b"));
  });

  it("pages by 9 without overlap and knows exactly when more follow", async () => {
    const all = expected(rows, "available", {});
    expect(all.length).toBeGreaterThan(PAGE_SIZE);
    const seen: string[] = [];
    for (let offset = 0; offset < all.length; offset += PAGE_SIZE) {
      const slice = await queryUnits(database.db, "available", {}, offset, PAGE_SIZE);
      seen.push(...slice.units.map((u) => u.slug));
      expect(slice.hasMore).toBe(offset + PAGE_SIZE < all.length);
    }
    expect(seen).toEqual(all);
  });

  it("says no more pages when the last page is exactly full", async () => {
    const total = expected(rows, "occupied", {}).length;
    const slice = await queryUnits(database.db, "occupied", {}, total - PAGE_SIZE, PAGE_SIZE);
    expect(slice.units).toHaveLength(PAGE_SIZE);
    expect(slice.hasMore).toBe(false);
  });

  it("maps a row to a unit card with its main picture and all three prices", async () => {
    const slice = await queryUnits(database.db, "available", {}, 0, 100);
    const withPicture = slice.units.filter((u) => u.image);
    expect(withPicture.length).toBeGreaterThan(0);
    for (const unit of withPicture) expect(unit.image?.src).toMatch(/\/main\.jpg$/);
    const first = slice.units[0];
    expect(first?.pricing).toEqual({
      yearly: first?.pricing.yearly,
      sixMonth: (first?.pricing.yearly ?? 0) + 1000,
      monthly: (first?.pricing.yearly ?? 0) + 2000,
    });
  });

  it.each(filterCombinations.map((f) => [JSON.stringify(f), f] as const))(
    "counts each status under %s",
    async (_label, filters) => {
      const counts = await countByStatus(database.db, filters);
      for (const status of PROPERTY_STATUSES) {
        expect(counts[status]).toBe(expected(rows, status, filters).length);
      }
    },
  );

  it("counts, for each status, the units that match the filters", async () => {
    const filters = { type: "pool-villa", price: "100-plus" } as const;
    const listing = await loadListing(database.db, { status: "available", page: 1, ...filters });
    for (const status of PROPERTY_STATUSES) {
      expect(listing.counts[status]).toBe(expected(rows, status, filters).length);
    }
    expect(listing.matching).toBe(expected(rows, "available", filters).length);
    expect(listing.matching).toBe(listing.counts.available);
    const unfiltered = await loadListing(database.db, { status: "soon", page: 1 });
    for (const status of PROPERTY_STATUSES) {
      expect(unfiltered.counts[status]).toBe(expected(rows, status, {}).length);
    }
  });

  it("serves pages 1..N together for a page reached without JavaScript", async () => {
    const listing = await loadListing(
      database.db,
      { status: "available", page: 2 },
      { through: true },
    );
    expect(listing.source).toBe("database");
    expect(listing.units.map((u) => u.slug)).toEqual(expected(rows, "available", {}).slice(0, 18));
  });
});

describe("fallback to the built-in demo units", () => {
  it("is used when there is no database, filtered by the same rules", async () => {
    const errors: string[] = [];
    const listing = await loadListing(
      undefined,
      { status: "available", type: "pool-villa", page: 1 },
      { onError: (what) => errors.push(what) },
    );
    expect(listing.source).toBe("fallback");
    expect(errors).toEqual(["listing", "counts"]);
    const villas = demoUnits()
      .filter((u) => u.status === "available" && u.type === "pool-villa")
      .sort(compareListingOrder);
    expect(listing.units.map((u) => u.slug)).toEqual(villas.slice(0, PAGE_SIZE).map((u) => u.slug));
    // The counters count, by status, the units that match the filters.
    expect(listing.matching).toBe(villas.length);
    const villasByStatus = { available: 0, soon: 0, occupied: 0 };
    for (const u of demoUnits()) if (u.type === "pool-villa") villasByStatus[u.status]++;
    expect(listing.counts).toEqual(villasByStatus);
  });

  it("is used when the database fails a query", async () => {
    const database = await createTestDatabase("embedded");
    await database.close();
    const listing = await loadListing(database.db, { status: "soon", page: 1 });
    expect(listing.source).toBe("fallback");
    expect(listing.units.every((u) => u.status === "soon")).toBe(true);
    expect(listing.units.length).toBe(fallbackCounts({}).soon);
  });

  describe("with a database that answers too slowly", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase("embedded");
    });
    afterAll(async () => {
      await database?.destroy();
    });

    /** Keeps the embedded database's only connection busy for `ms`. */
    const holdDatabase = async (ms: number) => {
      let started!: () => void;
      const ready = new Promise<void>((resolve) => {
        started = resolve;
      });
      const held = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started();
        await new Promise((resolve) => setTimeout(resolve, ms));
      });
      await ready;
      // Wrapped, so that awaiting this function does not wait for the hold to end.
      return { held };
    };

    it("falls back when the list query passes its time limit", async () => {
      const { held } = await holdDatabase(400);
      const listing = await loadListing(
        database.db,
        { status: "available", page: 1 },
        { listTimeoutMs: 50, countsTimeoutMs: 50 },
      );
      await held;
      expect(listing.source).toBe("fallback");
      expect(listing.units.length).toBe(PAGE_SIZE);
    });

    it("keeps the database's units but counts from fallback data when only the counts are late", async () => {
      const { held } = await holdDatabase(400);
      const listing = await loadListing(
        database.db,
        { status: "available", page: 1 },
        { listTimeoutMs: 5_000, countsTimeoutMs: 50 },
      );
      await held;
      expect(listing.source).toBe("database");
      expect(listing.units).toEqual([]);
      expect(listing.counts).toEqual(fallbackCounts({}));
    });
  });

  it.each(LISTING_SORTS)("orders the demo units by %s with the same comparator", (sort) => {
    const slice = fallbackSlice({ status: "available", page: 1, sort }, 0, 100);
    const want = demoUnits()
      .filter((u) => u.status === "available")
      .sort(comparatorFor(sort))
      .map((u) => u.slug);
    expect(slice.units.map((u) => u.slug)).toEqual(want);
    if (sort === "price-asc") {
      const prices = slice.units.map((u) => u.pricing.yearly);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
  });

  it("pages the demo units exactly like the database does", () => {
    const all = demoUnits().filter((u) => u.status === "available");
    const first = fallbackSlice({ status: "available", page: 1 }, 0, PAGE_SIZE);
    const second = fallbackSlice({ status: "available", page: 2 }, PAGE_SIZE, PAGE_SIZE);
    expect(first.hasMore).toBe(all.length > PAGE_SIZE);
    expect(second.hasMore).toBe(all.length > 2 * PAGE_SIZE);
    expect([...first.units, ...second.units].map((u) => u.slug)).toEqual(
      [...all]
        .sort(compareListingOrder)
        .slice(0, 2 * PAGE_SIZE)
        .map((u) => u.slug),
    );
  });
});

describe("demo data", () => {
  const units = demoUnits(new Date("2026-06-01T00:00:00Z"));

  it("has about 25 units with unique slugs and unit codes per building", () => {
    expect(units.length).toBeGreaterThanOrEqual(20);
    expect(new Set(units.map((u) => u.slug)).size).toBe(units.length);
    expect(new Set(units.map((u) => `${u.building}/${u.unitCode}`)).size).toBe(units.length);
  });

  it("covers both buildings, both types, all statuses and every price range", () => {
    expect(new Set(units.map((u) => u.building)).size).toBe(2);
    expect(new Set(units.map((u) => u.type))).toEqual(new Set(PROPERTY_TYPES));
    expect(new Set(units.map((u) => u.status))).toEqual(new Set(PROPERTY_STATUSES));
    for (const range of PRICE_RANGES) {
      expect(units.some((u) => matchesFilters(u, { price: range.id }))).toBe(true);
    }
  });

  it("prices each unit monthly > six-month > yearly", () => {
    for (const u of units) {
      expect(u.pricing.monthly).toBeGreaterThan(u.pricing.sixMonth);
      expect(u.pricing.sixMonth).toBeGreaterThan(u.pricing.yearly);
    }
  });

  it("dates soon units from a future day and occupied ones until a future day", () => {
    for (const u of units) {
      if (u.status === "soon") expect((u.availableFrom ?? "") > "2026-06-01").toBe(true);
      else expect(u.availableFrom).toBeNull();
      if (u.status === "occupied") expect((u.rentedUntil ?? "") > "2026-06-01").toBe(true);
      else expect(u.rentedUntil).toBeNull();
    }
  });

  it("uses only locations of the filter list, with 2 to 6 pictures and both descriptions", () => {
    for (const u of units) {
      expect(LISTING_LOCATIONS as readonly string[]).toContain(u.location);
      expect(u.pictures.length).toBeGreaterThanOrEqual(2);
      expect(u.pictures.length).toBeLessThanOrEqual(6);
      expect(u.description.length).toBeGreaterThan(20);
      expect(u.descriptionRu).toMatch(/[а-я]/);
    }
  });
});

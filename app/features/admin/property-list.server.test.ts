import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { listPropertyPage } from "./properties.server.ts";
import { PROPERTIES_PER_PAGE, parsePropertyListQuery } from "./property-list-query.ts";

const parse = (search: string) => parsePropertyListQuery(new URLSearchParams(search));

describe("the property list's query", () => {
  it("reads search, filters, sort, page and view", () => {
    expect(
      parse(
        "q=+Canopy+&building=Zen+Space&status=soon&type=condo&sort=price-desc&page=3&view=cards",
      ),
    ).toEqual({
      q: "Canopy",
      building: "Zen Space",
      status: "soon",
      type: "condo",
      sort: "price-desc",
      page: 3,
      per: 50,
      view: "cards",
    });
  });

  it("ignores values it does not know, one by one, instead of failing", () => {
    expect(
      parse("q=%20%20&building=Nowhere&status=sold&type=castle&sort=drop+table&page=-2&view=map"),
    ).toEqual({
      q: undefined,
      building: undefined,
      status: undefined,
      type: undefined,
      sort: "place",
      page: 1,
      per: 50,
      view: "table",
    });
    expect(parse("per=25").per).toBe(25);
    expect(parse("per=7").per).toBe(50);
    expect(parse("per=100000").per).toBe(50);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=abc&status=available").status).toBe("available");
    expect(parse("q=" + "x".repeat(500)).q).toBeUndefined();
    expect(parse("")).toMatchObject({ sort: "place", page: 1, view: "table" });
  });
});

type Row = typeof properties.$inferInsert;
const unit = (n: number, overrides: Partial<Row> = {}): Row => ({
  slug: `unit-${n}`,
  name: `Unit ${String(n).padStart(3, "0")}`,
  building: n % 2 === 0 ? "The Trees" : "Zen Space",
  unitCode: `U-${String(n).padStart(3, "0")}`,
  type: n % 3 === 0 ? "pool-villa" : "condo",
  location: "Kamala",
  bedrooms: 1,
  bathrooms: 1,
  sizeM2: 30,
  status: (["available", "soon", "occupied"] as const)[n % 3],
  pricingMonthly: 30_000 + n * 100,
  pricingSixMonth: 28_000,
  pricingYearly: 25_000,
  updatedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
  ...overrides,
});

describe.each(TEST_ENGINES)("the property list on %s", (engine) => {
  let database: TestDatabase;
  const page = (search: string) => listPropertyPage(database.db, parse(search));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const rows = Array.from({ length: 120 }, (_, i) => unit(i + 1));
    rows.push(
      unit(500, { name: "Canopy Pool Villa", unitCode: "CPV-1", building: "The Trees" }),
      unit(501, { name: "Sky 100% Condo", unitCode: "A_1", building: "Zen Space" }),
    );
    await database.db.insert(properties).values(rows);
  });
  afterAll(() => database.destroy());

  it("pages the whole list by building then unit code, counting all", async () => {
    const first = await page("");
    expect(first).toMatchObject({ total: 122, matching: 122, page: 1, pageCount: 3 });
    expect(first.properties).toHaveLength(PROPERTIES_PER_PAGE);
    const third = await page("page=3");
    expect(third.properties).toHaveLength(122 - 2 * PROPERTIES_PER_PAGE);
    const all = [...first.properties, ...(await page("page=2")).properties, ...third.properties];
    const places = all.map((p) => `${p.building}/${p.unitCode}`);
    expect(new Set(places).size).toBe(122);
    expect(places).toEqual([...places].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // A page past the end shows the last one.
    expect((await page("page=99")).page).toBe(3);
  });

  it("searches name and unit code, case-insensitively, wildcards taken literally", async () => {
    const byName = await page("q=canopy");
    expect(byName.properties.map((p) => p.unitCode)).toEqual(["CPV-1"]);
    expect(byName).toMatchObject({ total: 122, matching: 1 });
    expect((await page("q=cpv-")).properties.map((p) => p.name)).toEqual(["Canopy Pool Villa"]);
    expect((await page("q=100%25")).properties.map((p) => p.unitCode)).toEqual(["A_1"]);
    expect((await page("q=a_")).properties.map((p) => p.unitCode)).toEqual(["A_1"]);
    expect((await page("q=nothing+like+it")).matching).toBe(0);
  });

  it("filters by building, status and type together", async () => {
    const result = await page("building=The+Trees&status=occupied&type=condo&sort=name");
    expect(result.matching).toBeGreaterThan(0);
    for (const p of result.properties) {
      expect(p).toMatchObject({ building: "The Trees", status: "occupied", type: "condo" });
    }
    const expected = Array.from({ length: 120 }, (_, i) => i + 1).filter(
      (n) => n % 2 === 0 && n % 3 === 2,
    ).length;
    // and the Canopy Pool Villa (unit 500: The Trees, occupied, condo).
    expect(result.matching).toBe(expected + 1);
  });

  it("sorts by name, price both ways, status and last update", async () => {
    const names = (await page("sort=name")).properties.map((p) => p.name);
    expect(names[0]).toBe("Canopy Pool Villa");
    expect(names.slice(1, 4)).toEqual(["Sky 100% Condo", "Unit 001", "Unit 002"]);
    const cheapest = (await page("sort=price-asc")).properties.map((p) => p.pricingMonthly);
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    expect(cheapest[0]).toBe(30_100);
    const dearest = (await page("sort=price-desc")).properties.map((p) => p.pricingMonthly);
    expect(dearest[0]).toBe(30_000 + 501 * 100);
    const statuses = (await page("sort=status&page=1")).properties.map((p) => p.status);
    expect(statuses.slice(0, 40).every((s) => s === "available")).toBe(true);
    const lastPage = (await page("sort=status&page=3")).properties.map((p) => p.status);
    expect(lastPage.at(-1)).toBe("occupied");
    const updated = (await page("sort=updated")).properties.map((p) => p.updatedAt);
    expect(updated[0]).toBe(new Date(Date.UTC(2026, 0, 1) + 501 * 60_000).toISOString());
    expect(updated).toEqual([...updated].sort().reverse());
  });
});

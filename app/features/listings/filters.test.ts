import { describe, expect, it } from "vitest";
import { isInPriceRange, matchesBedrooms, PRICE_RANGES, priceRangeById } from "./catalog.ts";
import { listingSearchParams, matchesFilters, parseListingQuery } from "./filters.ts";

const unit = (yearly: number, bedrooms = 2) => ({
  status: "available" as const,
  location: "Kamala",
  type: "condo" as const,
  bedrooms,
  pricing: { yearly },
});

describe("price ranges on the yearly price", () => {
  const cases: [number, string][] = [
    [0, "under-25"],
    [24_999, "under-25"],
    [25_000, "25-45"],
    [44_999, "25-45"],
    [45_000, "45-70"],
    [69_999, "45-70"],
    [70_000, "70-100"],
    [99_999, "70-100"],
    [100_000, "100-plus"],
    [2_500_000, "100-plus"],
  ];
  it.each(cases)("%i baht falls in %s and in no other range", (price, expected) => {
    const matching = PRICE_RANGES.filter((r) => isInPriceRange(price, r)).map((r) => r.id);
    expect(matching).toEqual([expected]);
  });
});

describe("bedrooms", () => {
  it("matches exact numbers", () => {
    expect(matchesBedrooms(3, "3")).toBe(true);
    expect(matchesBedrooms(4, "3")).toBe(false);
    expect(matchesBedrooms(2, "3")).toBe(false);
  });
  it("reads 4+ as four or more", () => {
    expect(matchesBedrooms(3, "4+")).toBe(false);
    expect(matchesBedrooms(4, "4+")).toBe(true);
    expect(matchesBedrooms(7, "4+")).toBe(true);
  });
});

describe("matchesFilters", () => {
  it("applies every filter together", () => {
    const filters = { location: "Kamala", type: "condo", bedrooms: "2", price: "25-45" } as const;
    expect(matchesFilters(unit(30_000), filters)).toBe(true);
    expect(matchesFilters(unit(45_000), filters)).toBe(false);
    expect(matchesFilters(unit(30_000, 3), filters)).toBe(false);
    expect(matchesFilters({ ...unit(30_000), location: "Patong" }, filters)).toBe(false);
    expect(matchesFilters({ ...unit(30_000), type: "pool-villa" }, filters)).toBe(false);
  });
  it("lets everything through with no filter", () => {
    expect(matchesFilters(unit(1), {})).toBe(true);
  });
});

describe("parseListingQuery", () => {
  it("defaults to available units, page 1", () => {
    expect(parseListingQuery(new URLSearchParams())).toEqual({
      query: { status: "available", page: 1 },
      errors: [],
    });
  });

  it("reads every known filter", () => {
    const { query, errors } = parseListingQuery(
      new URLSearchParams(
        "status=soon&location=Nai+Harn&type=pool-villa&bedrooms=4%2B&price=100-plus&page=3",
      ),
    );
    expect(errors).toEqual([]);
    expect(query).toEqual({
      status: "soon",
      location: "Nai Harn",
      type: "pool-villa",
      bedrooms: "4+",
      price: "100-plus",
      page: 3,
    });
  });

  it("drops unknown or malformed values and reports each", () => {
    const { query, errors } = parseListingQuery(
      new URLSearchParams(
        "status=sold&location=Atlantis&type=castle&bedrooms=9&price=cheap&page=-1",
      ),
    );
    expect(query).toEqual({ status: "available", page: 1 });
    expect(errors.map((e) => e.param)).toEqual([
      "status",
      "location",
      "type",
      "bedrooms",
      "price",
      "page",
    ]);
    expect(errors[0]?.message).toContain("available, soon, occupied");
  });

  it.each(["0", "1.5", "abc", "1001", "1e3"])("refuses page=%s", (page) => {
    const { query, errors } = parseListingQuery(new URLSearchParams({ page }));
    expect(query.page).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it("treats empty values as no filter", () => {
    const { query, errors } = parseListingQuery(new URLSearchParams("location=&type=&price="));
    expect(errors).toEqual([]);
    expect(query).toEqual({ status: "available", page: 1 });
  });

  it("round-trips through listingSearchParams", () => {
    const original = "status=occupied&location=Kata&type=condo&bedrooms=1&price=under-25&page=2";
    const { query } = parseListingQuery(new URLSearchParams(original));
    expect(listingSearchParams(query).toString()).toBe(original);
    expect(listingSearchParams({ status: "available", page: 1 }).toString()).toBe("");
  });
});

describe("priceRangeById", () => {
  it("throws on an id that does not exist", () => {
    // @ts-expect-error: an id outside the catalog
    expect(() => priceRangeById("free")).toThrow(/Unknown price range/);
  });
});

describe("sort in the URL", () => {
  it("reads each known order and leaves the default out of links", () => {
    for (const sort of ["price-asc", "size-desc", "bedrooms-desc", "newest"] as const) {
      const { query, errors } = parseListingQuery(new URLSearchParams({ sort }));
      expect(errors).toEqual([]);
      expect(query.sort).toBe(sort);
      expect(listingSearchParams(query).get("sort")).toBe(sort);
    }
    const { query } = parseListingQuery(new URLSearchParams({ sort: "price-desc" }));
    expect(query.sort).toBeUndefined();
    expect(listingSearchParams({ ...query, sort: "price-desc" }).has("sort")).toBe(false);
  });

  it("ignores an unknown order and reports it", () => {
    const { query, errors } = parseListingQuery(
      new URLSearchParams({ sort: "cheapest", type: "condo" }),
    );
    expect(query.sort).toBeUndefined();
    expect(query.type).toBe("condo");
    expect(errors).toEqual([expect.objectContaining({ param: "sort", value: "cheapest" })]);
  });
});

describe("currency in the URL", () => {
  it("keeps a display currency in every link of the list, and leaves baht out", () => {
    const { query, errors } = parseListingQuery(new URLSearchParams("type=condo&currency=RUB"));
    expect(errors).toEqual([]);
    expect(query.currency).toBe("RUB");
    expect(listingSearchParams({ ...query, page: 3 }).toString()).toBe(
      "type=condo&page=3&currency=RUB",
    );
    const baht = parseListingQuery(new URLSearchParams("currency=THB"));
    expect(baht.errors).toEqual([]);
    expect(baht.query.currency).toBeUndefined();
  });
  it("drops an unknown currency and reports it (the JSON API answers 400)", () => {
    const { query, errors } = parseListingQuery(new URLSearchParams("currency=usd&price=25-45"));
    expect(query.currency).toBeUndefined();
    expect(query.price).toBe("25-45");
    expect(errors).toEqual([expect.objectContaining({ param: "currency", value: "usd" })]);
  });
});

describe("list or map in the URL", () => {
  it("keeps view=map with the filters, leaves the list (the default) out", () => {
    const { query, errors } = parseListingQuery(
      new URLSearchParams("view=map&location=Kamala&type=condo&status=soon&page=3"),
    );
    expect(errors).toEqual([]);
    expect(query.view).toBe("map");
    expect(listingSearchParams({ ...query, page: 1 }).toString()).toBe(
      "status=soon&location=Kamala&type=condo&view=map",
    );
    const list = parseListingQuery(new URLSearchParams("view=list&location=Kamala"));
    expect(list.errors).toEqual([]);
    expect(list.query.view).toBeUndefined();
    expect(listingSearchParams(list.query).toString()).toBe("location=Kamala");
  });

  it("reports an unknown view and shows the list", () => {
    const { query, errors } = parseListingQuery(new URLSearchParams("view=globe"));
    expect(query.view).toBeUndefined();
    expect(errors).toEqual([
      {
        param: "view",
        value: "globe",
        message: 'Unknown view "globe"; expected one of: list, map',
      },
    ]);
  });
});

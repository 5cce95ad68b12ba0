import { describe, expect, it } from "vitest";
import { MAX_COMPARED_UNITS, MAX_LISTED_UNITS, parseSlugList } from "./slug-list.ts";

describe("a list of unit slugs in a URL", () => {
  it("keeps the order, trims, and drops repeats and empty parts", () => {
    expect(parseSlugList(" villa-a, condo-b,,villa-a ", MAX_LISTED_UNITS)).toEqual({
      ok: true,
      slugs: ["villa-a", "condo-b"],
    });
    expect(parseSlugList(null, MAX_LISTED_UNITS)).toEqual({ ok: true, slugs: [] });
  });

  it("refuses more than the maximum as a whole", () => {
    const five = "a,b,c,d,e";
    expect(parseSlugList(five, MAX_COMPARED_UNITS)).toEqual({
      ok: false,
      reason: "too-many",
      count: 5,
    });
    expect(parseSlugList("a,b,c,d", MAX_COMPARED_UNITS).ok).toBe(true);
    const fiftyOne = Array.from({ length: 51 }, (_, i) => `u-${i}`).join(",");
    expect(parseSlugList(fiftyOne, MAX_LISTED_UNITS)).toMatchObject({ reason: "too-many" });
  });

  it.each(["../admin", "Villa", "a b", "-a", "a-", "<script>", "x".repeat(101)])(
    "refuses %s, which is no slug",
    (bad) => {
      expect(parseSlugList(`good-one,${bad}`, MAX_LISTED_UNITS)).toMatchObject({
        ok: false,
        reason: "invalid",
      });
    },
  );
});

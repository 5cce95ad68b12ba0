import { describe, expect, it } from "vitest";
import { unitCalendarPath, unitPath, unitViewingPath } from "./site-paths.ts";

describe("a unit's paths", () => {
  it("are its page and its viewing page in each language, and its calendar", () => {
    expect(unitPath("canopy-pool-villa-v-01", "en")).toBe("/units/canopy-pool-villa-v-01");
    expect(unitPath("canopy-pool-villa-v-01", "ru")).toBe("/ru/units/canopy-pool-villa-v-01");
    expect(unitViewingPath("v-01", "ru")).toBe("/ru/units/v-01/viewing");
    expect(unitCalendarPath("canopy-pool-villa-v-01")).toBe(
      "/units/canopy-pool-villa-v-01/calendar.ics",
    );
  });

  it("never let a slug leave its path segment", () => {
    expect(unitPath("a/../../admin", "en")).toBe("/units/a%2F..%2F..%2Fadmin");
    expect(unitPath("x?y#z", "ru")).toBe("/ru/units/x%3Fy%23z");
  });
});

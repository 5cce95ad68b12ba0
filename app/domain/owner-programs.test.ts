import { describe, expect, it } from "vitest";
import { formatBaht } from "../lib/format.ts";
import {
  isRoiInputFilled,
  parseBahtAmount,
  projectRoi,
  readRoiInput,
  validateRoiInput,
} from "./owner-programs.ts";

describe("ROI projection", () => {
  it("gives 7% a year, a quarter of it, a twelfth of it, five years and 15 nights", () => {
    expect(projectRoi(10_000_000)).toEqual({
      propertyValue: 10_000_000,
      annual: 700_000,
      quarterly: 175_000,
      monthly: 58_333,
      fiveYearTotal: 3_500_000,
      freeNights: 15,
    });
  });

  it("rounds to whole baht from the rounded annual figure (12,345,678)", () => {
    const p = projectRoi(12_345_678);
    // 12,345,678 × 7% = 864,197.46
    expect(p?.annual).toBe(864_197);
    expect(p?.quarterly).toBe(216_049); // 216,049.25
    expect(p?.monthly).toBe(72_016); // 72,016.42
    expect(p?.fiveYearTotal).toBe(4_320_985);
    expect(formatBaht(p?.annual ?? 0)).toBe("฿864,197");
  });

  it("rounds halves up without floating-point surprises", () => {
    expect(projectRoi(150)?.annual).toBe(11); // 10.5
    expect(projectRoi(50)?.annual).toBe(4); // 3.5
    expect(projectRoi(1_050)?.annual).toBe(74); // 73.5
    expect(projectRoi(30)?.quarterly).toBe(1); // annual 2 → 0.5
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])("has no result for %s", (value) => {
    expect(projectRoi(value)).toBeNull();
  });
});

describe("calculator input", () => {
  const params = (q: string) => readRoiInput(new URLSearchParams(q));

  it("reads amounts typed with separators", () => {
    expect(parseBahtAmount("12,345,678")).toBe(12_345_678);
    expect(parseBahtAmount("฿ 12 345 678")).toBe(12_345_678);
    expect(parseBahtAmount("12abc")).toBeNaN();
    expect(parseBahtAmount("")).toBeNaN();
    expect(parseBahtAmount("-5")).toBeNaN();
  });

  it("is filled only with value, location and type; bedrooms optional", () => {
    expect(isRoiInputFilled(params("value=1&area=Kamala&property=condo"))).toBe(true);
    expect(isRoiInputFilled(params("value=1&area=Kamala"))).toBe(false);
    expect(isRoiInputFilled(params("area=Kamala&property=condo"))).toBe(false);
  });

  it("accepts the calculator's lists and a positive value only", () => {
    expect(validateRoiInput(params("value=8,000,000&area=Bang Tao&property=penthouse"))).toEqual({
      propertyValue: 8_000_000,
      location: "Bang Tao",
      type: "penthouse",
      bedrooms: null,
    });
    expect(
      validateRoiInput(params("value=8000000&area=Kamala&property=condo&beds=4%2B"))?.bedrooms,
    ).toBe("4+");
    expect(validateRoiInput(params("value=0&area=Kamala&property=condo"))).toBeNull();
    // Chalong is on the listing filter, not on the calculator's list.
    expect(validateRoiInput(params("value=1&area=Chalong&property=condo"))).toBeNull();
    expect(validateRoiInput(params("value=1&area=Kamala&property=castle"))).toBeNull();
    expect(validateRoiInput(params("value=1&area=Kamala&property=condo&beds=9"))).toBeNull();
  });
});

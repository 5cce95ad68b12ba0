import { describe, expect, it } from "vitest";
import { demoUnits } from "./demo-units.server.ts";
import { facilityName } from "./facilities.ts";

describe("facilityName", () => {
  it("names every demo facility in Russian", () => {
    for (const facility of new Set(demoUnits().flatMap((u) => u.facilities))) {
      expect(facilityName(facility, "ru"), facility).toMatch(/[А-Яа-яЁё]|Wi-Fi/);
    }
  });
  it("ignores case and spaces, and keeps unknown or English names as typed", () => {
    expect(facilityName("  Sea View ", "ru")).toBe("Вид на море");
    expect(facilityName("Rooftop helipad", "ru")).toBe("Rooftop helipad");
    expect(facilityName("Sea view", "en")).toBe("Sea view");
  });
});

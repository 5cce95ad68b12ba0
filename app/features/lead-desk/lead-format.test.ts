import { describe, expect, it } from "vitest";
import { describeChanges } from "../admin/property-change-format.ts";
import { describeInputs, inputsForExport, leadInputs } from "./lead-format.ts";

describe("a lead's inputs for people", () => {
  it("labels and formats the ROI calculator's inputs, money in baht, a missing value as —", () => {
    expect(
      describeInputs({
        bedrooms: null,
        location: "Kamala",
        propertyValue: 8_000_000,
        annual: 840_000,
        type: "pool-villa",
      }),
    ).toBe(
      "Property value ฿8,000,000 · Location Kamala · Type Pool Villa · Bedrooms — · Yearly return ฿840,000",
    );
  });

  it("writes dates in words, lists them, and names a key it does not know", () => {
    expect(
      leadInputs({
        dates: ["2027-01-15", "2027-01-16"],
        time: "morning",
        moveIn: "2027-02-01",
        consent: true,
        guestCount: 3,
      }),
    ).toEqual([
      { label: "Move-in", value: "1 Feb 2027" },
      { label: "Viewing dates", value: "15 Jan 2027, 16 Jan 2027" },
      { label: "Time of day", value: "morning" },
      { label: "Consent", value: "Yes" },
      { label: "Guest count", value: "3" },
    ]);
    expect(describeInputs({})).toBe("");
  });

  it("keeps the plain values for the CSV export", () => {
    expect(inputsForExport({ propertyValue: 8_000_000, bedrooms: null })).toBe(
      "propertyValue: 8000000; bedrooms: null",
    );
  });
});

describe("a property's history for people", () => {
  const before = {
    id: 1,
    name: "Canopy Pool Villa",
    pricingYearly: 25_000,
    status: "available",
    rentedUntil: null,
    type: "condo",
    facilities: ["Pool"],
    description: "Old text",
    statusOverride: false,
    images: [{ kind: "url", url: "a" }],
    updatedAt: "2026-01-01",
    version: 1,
  };

  it("names each changed field with its label and formatted values", () => {
    expect(
      describeChanges(before, {
        ...before,
        pricingYearly: 26_000,
        status: "occupied",
        rentedUntil: "2027-03-31",
        type: "pool-villa",
        facilities: ["pool", "sea-view", "Rooftop deck"],
        description: "New text",
        statusOverride: true,
        images: [],
        updatedAt: "2026-02-01",
        version: 2,
      }),
    ).toEqual([
      "1-year lease price: ฿25,000 → ฿26,000",
      "Status: Available → Occupied",
      "Rented until: — → 31 Mar 2027",
      "Type: Condo → Pool Villa",
      "Facilities: Pool → Pool, Sea view, Rooftop deck",
      "Description (English): changed",
      "Override the calendar: No → Yes",
      "Images: 1 → 0",
    ]);
  });

  it("says nothing for a creation, a deletion or an unchanged save", () => {
    expect(describeChanges(null, before)).toEqual([]);
    expect(describeChanges(before, null)).toEqual([]);
    expect(describeChanges(before, { ...before, version: 2 })).toEqual([]);
  });
});

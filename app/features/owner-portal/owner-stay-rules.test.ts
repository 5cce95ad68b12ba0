import { describe, expect, it } from "vitest";
import { checkOwnerStay, nightsLeft, type OwnerStayQuestion } from "./owner-stay-rules.ts";

const base: OwnerStayQuestion = {
  program: "guaranteed",
  startDate: "2027-06-01",
  endDate: "2027-06-05",
  today: "2026-11-26",
  taken: [],
  ownerNights: [],
};

describe("owner stays on a guaranteed-return unit", () => {
  it("allows up to 15 nights between 1 May and 30 September", () => {
    expect(checkOwnerStay(base)).toEqual({ ok: true, nights: 4 });
    expect(checkOwnerStay({ ...base, startDate: "2027-06-01", endDate: "2027-06-16" })).toEqual({
      ok: true,
      nights: 15,
    });
    // The first and the last night of the season.
    expect(checkOwnerStay({ ...base, startDate: "2027-05-01", endDate: "2027-05-02" }).ok).toBe(
      true,
    );
    expect(checkOwnerStay({ ...base, startDate: "2027-09-30", endDate: "2027-10-01" }).ok).toBe(
      true,
    );
  });

  it("refuses 16 nights in June, saying 15 are left", () => {
    expect(checkOwnerStay({ ...base, startDate: "2027-06-01", endDate: "2027-06-17" })).toEqual({
      ok: false,
      reason: "allowance",
      year: 2027,
      nightsLeft: 15,
      nights: 16,
    });
  });

  it("counts the nights already taken in that calendar year only", () => {
    const ownerNights = [
      { startDate: "2027-05-10", endDate: "2027-05-20" }, // 10 nights
      { startDate: "2026-07-01", endDate: "2026-07-15" }, // another year
    ];
    expect(nightsLeft(ownerNights, 2027)).toBe(5);
    expect(nightsLeft(ownerNights, 2026)).toBe(1);
    expect(
      checkOwnerStay({ ...base, ownerNights, startDate: "2027-08-01", endDate: "2027-08-07" }),
    ).toEqual({ ok: false, reason: "allowance", year: 2027, nightsLeft: 5, nights: 6 });
    expect(
      checkOwnerStay({ ...base, ownerNights, startDate: "2027-08-01", endDate: "2027-08-06" }),
    ).toEqual({ ok: true, nights: 5 });
  });

  it("refuses nights outside May to September, saying how many are left", () => {
    for (const [startDate, endDate] of [
      ["2026-12-20", "2026-12-24"],
      ["2027-04-30", "2027-05-02"],
      ["2027-09-30", "2027-10-02"],
    ] as const) {
      expect(checkOwnerStay({ ...base, startDate, endDate })).toMatchObject({
        ok: false,
        reason: "season",
        nightsLeft: 15,
      });
    }
  });

  it("refuses the past and dates that are not a stay", () => {
    expect(checkOwnerStay({ ...base, today: "2027-06-02" })).toEqual({
      ok: false,
      reason: "past",
    });
    expect(checkOwnerStay({ ...base, endDate: "2027-06-01" })).toEqual({
      ok: false,
      reason: "dates",
    });
    expect(checkOwnerStay({ ...base, endDate: "2027-02-30" })).toEqual({
      ok: false,
      reason: "dates",
    });
  });
});

describe("owner stays on a revenue-share unit", () => {
  const rs = { ...base, program: "revenue-share" as const };

  it("allows any free dates, December included", () => {
    expect(checkOwnerStay({ ...rs, startDate: "2026-12-20", endDate: "2027-01-10" })).toEqual({
      ok: true,
      nights: 21,
    });
  });

  it("refuses a request over another stay, naming the first clash", () => {
    const taken = [
      { kind: "owner-block" as const, startDate: "2027-01-05", endDate: "2027-01-08" },
      { kind: "lease" as const, startDate: "2026-12-01", endDate: "2026-12-22" },
    ];
    expect(
      checkOwnerStay({ ...rs, taken, startDate: "2026-12-20", endDate: "2027-01-10" }),
    ).toEqual({ ok: false, reason: "clash", clash: taken[1] });
    // A stay ending on the first day asked for (its check-out) is no clash.
    expect(
      checkOwnerStay({ ...rs, taken, startDate: "2026-12-22", endDate: "2027-01-05" }),
    ).toEqual({ ok: true, nights: 14 });
  });

  it("refuses more than a year at once", () => {
    expect(checkOwnerStay({ ...rs, startDate: "2027-01-01", endDate: "2028-01-03" })).toEqual({
      ok: false,
      reason: "too-long",
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  businessToday,
  dayCount,
  isIsoDay,
  nextBusinessMidnight,
  plusDays,
} from "../../domain/date-time.ts";
import { busyFromTypedStatus, deriveStatus } from "./derive-status.ts";

const today = "2026-11-23";

describe("deriveStatus", () => {
  it("no stays: available", () => {
    expect(deriveStatus([], today)).toEqual({
      status: "available",
      availableFrom: null,
      rentedUntil: null,
    });
  });

  it("a stay that ended yesterday (end is exclusive) or starts tomorrow: available today", () => {
    expect(deriveStatus([{ start: "2026-11-01", end: today }], today).status).toBe("available");
    expect(deriveStatus([{ start: "2026-11-24", end: "2026-12-24" }], today).status).toBe(
      "available",
    );
  });

  it("a stay starting today makes the unit taken today", () => {
    expect(deriveStatus([{ start: today, end: "2026-11-30" }], today)).toEqual({
      status: "soon",
      availableFrom: "2026-11-30",
      rentedUntil: null,
    });
  });

  it("horizon edge: free again exactly horizon days ahead is soon, one day later occupied", () => {
    const atEdge = deriveStatus([{ start: "2026-11-01", end: plusDays(today, 60) }], today, 60);
    expect(atEdge).toEqual({ status: "soon", availableFrom: "2027-01-22", rentedUntil: null });
    const pastEdge = deriveStatus([{ start: "2026-11-01", end: plusDays(today, 61) }], today, 60);
    expect(pastEdge).toEqual({
      status: "occupied",
      availableFrom: null,
      rentedUntil: "2027-01-22",
    });
  });

  it("the horizon is configurable", () => {
    const stay = [{ start: "2026-11-01", end: "2026-12-10" }];
    expect(deriveStatus(stay, today, 10).status).toBe("occupied");
    expect(deriveStatus(stay, today, 30).status).toBe("soon");
  });

  it("touching and overlapping stays form one run, in any order; a gap ends it", () => {
    const periods = [
      { start: "2027-03-01", end: "2027-04-01" }, // after a gap: not part of the run
      { start: "2026-12-15", end: "2027-02-01" }, // overlaps the lease below
      { start: "2026-11-01", end: "2026-12-20" },
      { start: "2027-02-01", end: "2027-02-20" }, // touches: its start is the previous end
    ];
    expect(deriveStatus(periods, today, 60)).toEqual({
      status: "occupied",
      availableFrom: null,
      rentedUntil: "2027-02-19",
    });
    expect(deriveStatus(periods, today, 365)).toEqual({
      status: "soon",
      availableFrom: "2027-02-20",
      rentedUntil: null,
    });
  });

  it("a long stay inside a short one's span does not shorten the run", () => {
    const periods = [
      { start: "2026-11-01", end: "2027-06-01" },
      { start: "2026-11-10", end: "2026-11-25" },
    ];
    expect(deriveStatus(periods, today).rentedUntil).toBe("2027-05-31");
  });
});

describe("Bangkok dates", () => {
  it("today is the date in Bangkok, seven hours ahead of UTC", () => {
    expect(businessToday(new Date("2026-11-23T16:59:59Z"))).toBe("2026-11-23");
    expect(businessToday(new Date("2026-11-23T17:00:00Z"))).toBe("2026-11-24");
    expect(businessToday(new Date("2026-11-23T23:59:59Z"))).toBe("2026-11-24");
    expect(businessToday(new Date("2026-11-24T00:00:00Z"))).toBe("2026-11-24");
  });

  it("between 17:00 and 24:00 UTC a stay ending on the UTC date is already over in Phuket", () => {
    const stay = [{ start: "2026-11-01", end: "2026-11-24" }];
    expect(deriveStatus(stay, businessToday(new Date("2026-11-23T16:30:00Z"))).status).toBe("soon");
    expect(deriveStatus(stay, businessToday(new Date("2026-11-23T18:00:00Z"))).status).toBe(
      "available",
    );
  });

  it("next midnight in Bangkok is 17:00 UTC", () => {
    expect(nextBusinessMidnight(new Date("2026-11-23T10:00:00Z")).toISOString()).toBe(
      "2026-11-23T17:00:00.000Z",
    );
    expect(nextBusinessMidnight(new Date("2026-11-23T17:00:00Z")).toISOString()).toBe(
      "2026-11-24T17:00:00.000Z",
    );
  });

  it("date helpers", () => {
    expect(isIsoDay("2026-02-28")).toBe(true);
    expect(isIsoDay("2026-02-30")).toBe(false);
    expect(isIsoDay("2026-2-3")).toBe(false);
    expect(plusDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(dayCount("2026-11-23", "2027-01-22")).toBe(60);
  });
});

describe("busyFromTypedStatus: a unit without a calendar shows what its badge says", () => {
  const today = "2026-11-23";
  const until = "2027-12-28";
  const typed = (
    status: "available" | "soon" | "occupied",
    availableFrom: string | null = null,
    rentedUntil: string | null = null,
  ) => busyFromTypedStatus({ status, availableFrom, rentedUntil }, today, until);

  it("available is free; soon is taken until the day it is available from", () => {
    expect(typed("available")).toEqual([]);
    expect(typed("soon", "2026-12-15")).toEqual([{ start: today, end: "2026-12-15" }]);
  });
  it("occupied is taken through the day it is rented until, or throughout without a date", () => {
    expect(typed("occupied", null, "2027-04-12")).toEqual([{ start: today, end: "2027-04-13" }]);
    expect(typed("occupied")).toEqual([{ start: today, end: until }]);
  });
  it("dates already past leave the unit free", () => {
    expect(typed("soon", "2026-11-23")).toEqual([]);
    expect(typed("occupied", null, "2026-11-22")).toEqual([]);
  });
});

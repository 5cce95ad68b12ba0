import { describe, expect, it } from "vitest";
import {
  businessDayStart,
  businessToday,
  dayCount,
  isIsoDay,
  nextBusinessHour,
  nextBusinessMidnight,
  plusDays,
  plusMonths,
} from "./date-time.ts";

/** Runs `check` with the server's clock zone set to each of `zones`, then puts it back. */
function inEveryZone(zones: string[], check: (zone: string) => void) {
  const saved = process.env.TZ;
  try {
    for (const zone of zones) {
      process.env.TZ = zone;
      check(zone);
    }
  } finally {
    process.env.TZ = saved;
    if (saved === undefined) delete process.env.TZ;
  }
}

const SERVER_ZONES = ["Pacific/Pago_Pago", "UTC", "Europe/Moscow", "Pacific/Kiritimati"];

/** Phuket's date by plain arithmetic: UTC+7 all year. */
const plusSevenHours = (at: Date) =>
  new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

describe("today in Phuket", () => {
  it("turns at 17:00 UTC, midnight in Phuket, whatever the server's zone", () => {
    inEveryZone(SERVER_ZONES, (zone) => {
      // 16:59:59 UTC is 23:59:59 in Phuket; a second later the next day has begun there.
      expect(businessToday(new Date("2026-11-22T16:59:59Z")), zone).toBe("2026-11-22");
      expect(businessToday(new Date("2026-11-22T17:00:00Z")), zone).toBe("2026-11-23");
      // Over a year's end and a leap day.
      expect(businessToday(new Date("2026-12-31T16:59:00Z")), zone).toBe("2026-12-31");
      expect(businessToday(new Date("2026-12-31T17:00:00Z")), zone).toBe("2027-01-01");
      expect(businessToday(new Date("2028-02-28T17:00:00Z")), zone).toBe("2028-02-29");
    });
  });

  it("agrees with UTC plus seven hours at every half hour of a year", () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    for (let at = start; at < start + 366 * 86_400_000; at += 30 * 60_000) {
      const instant = new Date(at);
      if (businessToday(instant) !== plusSevenHours(instant)) {
        expect(businessToday(instant), instant.toISOString()).toBe(plusSevenHours(instant));
      }
    }
  });

  it("starts at 17:00 UTC the day before, and the next one after any moment of it", () => {
    expect(businessDayStart("2026-11-23").toISOString()).toBe("2026-11-22T17:00:00.000Z");
    inEveryZone(SERVER_ZONES, (zone) => {
      expect(nextBusinessMidnight(new Date("2026-11-22T16:59:59Z")).toISOString(), zone).toBe(
        "2026-11-22T17:00:00.000Z",
      );
      expect(nextBusinessMidnight(new Date("2026-11-22T17:00:00Z")).toISOString(), zone).toBe(
        "2026-11-23T17:00:00.000Z",
      );
    });
  });
});

describe("ISO days", () => {
  it("takes only real calendar dates written YYYY-MM-DD", () => {
    for (const day of ["2026-11-23", "2028-02-29", "2000-02-29", "1999-12-31"]) {
      expect(isIsoDay(day), day).toBe(true);
    }
    for (const day of [
      "2026-02-30",
      "2027-02-29",
      "1900-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-11-31",
      "2026-1-5",
      "26-11-23",
      " 2026-11-23",
      "2026-11-23T00:00:00Z",
      "",
      "tomorrow",
      null,
      20261123,
    ]) {
      expect(isIsoDay(day), String(day)).toBe(false);
    }
  });

  it("finds the next time the clock in Phuket shows an hour, in every server zone", () => {
    const phuket = (wallClock: string) => new Date(`${wallClock}+07:00`).toISOString();
    inEveryZone(SERVER_ZONES, (zone) => {
      const next = (hour: number, wallClock: string) =>
        nextBusinessHour(hour, new Date(phuket(wallClock))).toISOString();
      expect(next(6, "2026-11-26T05:59:00"), zone).toBe(phuket("2026-11-26T06:00:00"));
      // At the hour itself, or past it, the next one is tomorrow's.
      expect(next(6, "2026-11-26T06:00:00"), zone).toBe(phuket("2026-11-27T06:00:00"));
      expect(next(6, "2026-11-26T16:47:00"), zone).toBe(phuket("2026-11-27T06:00:00"));
      // 23:30 UTC is already 06:30 of the next day in Phuket.
      expect(nextBusinessHour(0, new Date("2026-11-23T23:30:00Z")).toISOString(), zone).toBe(
        "2026-11-24T17:00:00.000Z",
      );
      expect(next(9, "2026-12-31T23:59:59"), zone).toBe(phuket("2027-01-01T09:00:00"));
    });
  });

  it("counts and moves whole days the same in every server zone", () => {
    inEveryZone(SERVER_ZONES, (zone) => {
      expect(plusDays("2026-12-31", 1), zone).toBe("2027-01-01");
      expect(plusDays("2028-03-01", -1), zone).toBe("2028-02-29");
      expect(dayCount("2026-11-23", "2027-11-23"), zone).toBe(365);
      expect(dayCount("2028-03-01", "2028-02-28"), zone).toBe(-2);
      expect(plusMonths("2027-01-31", 1), zone).toBe("2027-02-28");
    });
  });
});

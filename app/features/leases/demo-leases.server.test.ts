import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { seedIfEmpty } from "../../setup/seed.server.ts";
import { unitCalendarIcs } from "../availability/ical-export.server.ts";
import { refreshAllAvailability } from "../availability/stays.server.ts";
import { demoUnits } from "../listings/demo-units.server.ts";
import { listLeases, todayList } from "./lease-list.server.ts";
import { loadLease } from "./leases.server.ts";

describe.each(TEST_ENGINES)("demo leases on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedIfEmpty(database);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("gives every unit shown occupied or soon a running lease, and keeps its badge", async () => {
    const db = database.db;
    const typed = demoUnits().filter((u) => u.status !== "available");
    expect(typed.length).toBeGreaterThan(0);
    // The calendar now speaks for these units: what it says must be what the demo typed.
    await refreshAllAvailability(db);
    const rows = await listLeases(db, {});
    for (const unit of typed) {
      const [stored] = await db.select().from(properties).where(eq(properties.slug, unit.slug));
      expect([unit.slug, stored?.status]).toEqual([unit.slug, unit.status]);
      const lease = rows.find((r) => r.unitId === stored?.id);
      expect(lease?.status, unit.slug).toBe("active");
    }
    expect(rows).toHaveLength(typed.length);
  });

  it("puts the lease's stay in an occupied unit's calendar.ics", async () => {
    const db = database.db;
    const occupied = demoUnits().find((u) => u.status === "occupied");
    const ics = await unitCalendarIcs(db, occupied?.slug ?? "", {
      publicUrl: "http://127.0.0.1",
      brandName: "Demo",
    });
    expect(ics).toContain("BEGIN:VEVENT");
    const end = occupied?.rentedUntil?.replace(/-/g, "") ?? "";
    // DTEND is the first free day: the day after "rented until".
    const next = new Date(Date.parse(`${occupied?.rentedUntil}T00:00:00Z`) + 864e5)
      .toISOString()
      .slice(0, 10)
      .replace(/-/g, "");
    expect(end).not.toBe("");
    expect(ics).toContain(`DTEND;VALUE=DATE:${next}`);
  });

  it("shows a realistic desk: paid dues, exactly one overdue, one open TM30 task", async () => {
    const db = database.db;
    const rows = await listLeases(db, {});
    expect(rows.filter((r) => r.overdue > 0)).toHaveLength(1);
    const today = await todayList(db);
    expect(today.dues.filter((d) => d.state === "overdue")).toHaveLength(1);
    expect(today.tasks.length).toBeGreaterThanOrEqual(1);
    const lease = await loadLease(db, rows[1]?.id ?? 0);
    expect(lease?.dues.some((d) => d.state === "paid")).toBe(true);
    expect(lease?.tenants[0]?.email).toMatch(/@example\.com$/);
  });
});

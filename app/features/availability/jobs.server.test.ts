import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { pollFeeds } from "./ical-import.server.ts";
import { startAvailabilityJobs } from "./jobs.server.ts";
import { stayFormSchema } from "./stay-schema.ts";
import { addStay } from "./stays.server.ts";
import { insertTestUnit, unitStatus } from "./test-units.server.ts";

describe.each(TEST_ENGINES)("availability jobs on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("at Bangkok midnight (17:00 UTC) the server's timer moves statuses to the new day", async () => {
    const db = database.db;
    const id = await insertTestUnit(db, "jobs-midnight");
    // Ends on the 24th (first free day): taken on the 23rd, free on the 24th in Phuket.
    await addStay(
      db,
      id,
      stayFormSchema.parse({ kind: "lease", startDate: "2026-11-01", endDate: "2026-11-24" }),
      { now: new Date("2026-11-23T10:00:00Z") },
    );
    expect((await unitStatus(db, id))?.status).toBe("soon");

    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
    });
    vi.setSystemTime(new Date("2026-11-23T16:58:00Z"));
    const jobs = startAvailabilityJobs(
      database,
      {
        horizonDays: 60,
        feedIntervalMinutes: 0,
        feedTimeoutMs: 1000,
        feedAllowHosts: [],
        feedAlertHours: 6,
      },
      pino({ level: "silent" }),
      () => true,
    );
    try {
      await vi.advanceTimersByTimeAsync(60_000); // 16:59: still the 23rd in Phuket
      expect((await unitStatus(db, id))?.status).toBe("soon");
      await vi.advanceTimersByTimeAsync(62_000); // past 17:00 UTC
      await vi.waitFor(async () => expect((await unitStatus(db, id))?.status).toBe("available"));
    } finally {
      jobs.stop();
    }
  });

  it.runIf(engine === "postgres")(
    "a poller finds another server's poller at work and skips its round",
    async () => {
      // Another server's poller holds the lock (on a connection of its own).
      const held = await database.tryExclusive(727_060, async () => pollFeeds(database));
      expect(held).toEqual({ ran: true, value: null });
      expect(await pollFeeds(database)).toBe(0);
    },
  );
});

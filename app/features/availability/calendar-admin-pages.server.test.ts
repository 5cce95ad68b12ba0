import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRouteRuntime } from "../../../tests/support/admin-runtime.ts";
import { setRuntime } from "../../db/runtime.server.ts";
import { calendarFeeds, stays } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { businessToday, plusDays } from "../../domain/date-time.ts";
import * as calendarRoute from "../../routes/admin.property-calendar.tsx";
import { insertTestUnit } from "./test-units.server.ts";

const SITE = "http://admin.test";

describe.each(TEST_ENGINES)("the admin calendar's pages of stays on %s", (engine) => {
  let database: TestDatabase;
  let cookie: string;
  let unit: number;
  const today = businessToday();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ cookie } = await adminRouteRuntime(database, {
      site: SITE,
      email: "pages@example.com",
      folder: "calendar-pages",
    }));
    unit = await insertTestUnit(database.db, "paged-unit");
    const [feed] = await database.db
      .insert(calendarFeeds)
      .values({
        propertyId: unit,
        name: "Channel",
        url: "https://channel.example/a.ics",
        lastSkipped: { "bad-date": 3 },
      })
      .returning({ id: calendarFeeds.id });
    // 70 stays over (the last ended yesterday) and 50 to come (the first started yesterday),
    // one night each, stored in a shuffled order.
    const rows = [
      ...Array.from({ length: 70 }, (_, i) => plusDays(today, -2 * (i + 1))),
      ...Array.from({ length: 50 }, (_, i) => plusDays(today, 2 * i - 1)),
    ]
      .map((start, i) => ({ start, key: (i * 37) % 120 }))
      .sort((a, b) => a.key - b.key)
      .map(({ start }, i) => ({
        propertyId: unit,
        kind: "short-stay" as const,
        startDate: start,
        endDate: plusDays(start, start === plusDays(today, -1) ? 2 : 1),
        feedId: feed?.id ?? null,
        feedUid: `s${i}`,
      }));
    await database.db.insert(stays).values(rows);
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database.destroy();
  });

  async function load(search: string) {
    const request = new Request(`${SITE}/admin/properties/${unit}/calendar${search}`, {
      headers: { cookie },
    });
    try {
      return await calendarRoute.loader({
        request,
        params: { id: String(unit) },
        context: new RouterContextProvider(),
      } as never);
    } catch (thrown) {
      return thrown as { init?: { status?: number } };
    }
  }
  type Page = Awaited<ReturnType<typeof calendarRoute.loader>>;

  it("lists 50 stays a page, upcoming first from the earliest, then those over, latest first", async () => {
    const first = (await load("")) as Page;
    expect([first.page, first.pages, first.stayCount]).toEqual([1, 3, 120]);
    expect(first.stays).toHaveLength(50);
    // The one running today (since yesterday) leads; then every other day.
    expect(first.stays.map((s) => s.startDate)).toEqual(
      Array.from({ length: 50 }, (_, i) => plusDays(today, 2 * i - 1)),
    );
    const second = (await load("?page=2")) as Page;
    expect(second.stays.map((s) => s.startDate)).toEqual(
      Array.from({ length: 50 }, (_, i) => plusDays(today, -2 * (i + 1))),
    );
    const third = (await load("?page=3")) as Page;
    expect(third.stays.map((s) => s.startDate)).toEqual(
      Array.from({ length: 20 }, (_, i) => plusDays(today, -2 * (i + 51))),
    );
    // Past the last page: the last one.
    expect(((await load("?page=40")) as Page).page).toBe(3);
  });

  it("refuses a page that is not a whole number from 1 with 400", async () => {
    for (const bad of ["?page=0", "?page=-1", "?page=abc", "?page=1.5", "?page=1e9"]) {
      const outcome = (await load(bad)) as { init?: { status?: number } };
      expect(outcome.init?.status, bad).toBe(400);
    }
  });

  it("shows how many events the feed's last good fetch skipped", async () => {
    const page = (await load("")) as Page;
    expect(page.feeds.map((f) => [f.name, f.skipped])).toEqual([
      ["Channel", "3 events skipped: bad dates"],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { leadsCsv, listLeads, parseLeadFilter, setLeadHandled } from "./lead-desk.server.ts";

describe.each(TEST_ENGINES)("leads on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.insert(leads).values([
      {
        kind: "roi",
        name: "Anna",
        email: "anna@example.com",
        language: "ru",
        inputs: { propertyValue: 8_000_000, location: "Kamala" },
        createdAt: new Date("2026-11-01T10:00:00Z"),
      },
      {
        kind: "contact",
        name: '=HYPERLINK("x")',
        email: "b@example.com",
        message: 'Say "hi"',
        createdAt: new Date("2026-11-02T10:00:00Z"),
      },
      { kind: "newsletter", email: "c@example.com", createdAt: new Date("2026-11-03T10:00:00Z") },
    ]);
  });
  afterAll(() => database.destroy());

  it("lists newest first, filters by kind and by handled, and marks handled", async () => {
    const db = database.db;
    const all = await listLeads(db, parseLeadFilter(new URLSearchParams()));
    expect(all.map((l) => l.kind)).toEqual(["newsletter", "contact", "roi"]);
    expect(await listLeads(db, parseLeadFilter(new URLSearchParams("kind=roi")))).toHaveLength(1);
    const roi = all[2];
    expect(await setLeadHandled(db, roi?.id ?? 0, true)).toBe(true);
    const handled = await listLeads(db, parseLeadFilter(new URLSearchParams("status=handled")));
    expect(handled.map((l) => l.name)).toEqual(["Anna"]);
    expect(handled[0]?.handledAt).not.toBeNull();
    expect(await listLeads(db, parseLeadFilter(new URLSearchParams("status=new")))).toHaveLength(2);
    expect(await setLeadHandled(db, 999_999, true)).toBe(false);
    // Unknown filter values are ignored rather than matching nothing.
    expect(parseLeadFilter(new URLSearchParams("kind=spam&status=maybe"))).toEqual({
      kind: null,
      status: null,
    });
  });

  it("exports CSV that spreadsheets read safely", async () => {
    const csv = leadsCsv(await listLeads(database.db, { kind: null, status: null }));
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      '"id","kind","date","name","email","phone","language","unit","inputs","message","source page","status","handled at","stage","lost reason","owner","follow-up","utm source","utm medium","utm campaign","referrer","alerts"',
    );
    expect(lines).toHaveLength(4);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain('"Say ""hi"""');
    expect(csv).toMatch(
      /"(location: Kamala; propertyValue: 8000000|propertyValue: 8000000; location: Kamala)"/,
    );
  });
});

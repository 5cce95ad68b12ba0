import nodeIcal, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { unitCalendarIcs } from "./ical-export.server.ts";
import { icsText } from "./ics-text.ts";
import { stayFormSchema } from "./stay-schema.ts";
import { addStay } from "./stays.server.ts";
import { insertTestUnit } from "./test-units.server.ts";

// 10:00 in Phuket on 2026-11-23.
const clock = { now: new Date("2026-11-23T03:00:00Z"), horizonDays: 60 };

describe("icsText", () => {
  it("escapes backslashes, semicolons and commas, and writes every line break as \\n", () => {
    expect(icsText("a\\b;c,d")).toBe("a\\\\b\\;c\\,d");
    expect(icsText("one\r\ntwo\rthree\nfour")).toBe("one\\ntwo\\nthree\\nfour");
    expect(icsText("tab\tstays, bell\u0007 and null\u0000 go")).toBe(
      "tab\tstays\\, bell and null go",
    );
    expect(icsText("Villa Ānanda — Kamala")).toBe("Villa Ānanda — Kamala");
  });
});

describe.each(TEST_ENGINES)("the exported calendar on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("a unit's name with line breaks cannot add an event; names read back as typed; CRLF at the end", async () => {
    const db = database.db;
    const hostile =
      "Villa\r\nBEGIN:VEVENT\r\nUID:injected\r\nDTSTART;VALUE=DATE:20261224\r\nEND:VEVENT\nX;a,b\\c";
    const unit = await insertTestUnit(db, `hostile-${engine}`, { name: hostile });
    await addStay(
      db,
      unit,
      stayFormSchema.parse({ kind: "owner-block", startDate: "2026-12-01", endDate: "2026-12-05" }),
      clock,
    );
    const brandName = "Kamala, Living;\r\nEND:VCALENDAR";
    const text = await unitCalendarIcs(db, `hostile-${engine}`, {
      publicUrl: "https://kamala.example",
      brandName,
      now: clock.now,
    });
    if (text === null) throw new Error("no calendar");
    const lines = text.split("\r\n");
    // One stay, one event; the file ends once, with CRLF after END:VCALENDAR.
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.filter((l) => l === "END:VCALENDAR")).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith("UID:"))).toHaveLength(1);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    // No bare CR or LF anywhere but as the line ends.
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);

    const parsed = nodeIcal.sync.parseICS(text);
    const events = Object.values(parsed).filter((c) => c?.type === "VEVENT") as VEvent[];
    expect(events.map((e) => [e.uid, e.summary])).toEqual([
      [expect.stringMatching(/^stay-\d+@kamala\.example$/), "Not available"],
    ]);
    const head = parsed.vcalendar as unknown as Record<string, string>;
    // Read back, the name is what was typed (line breaks as LF).
    const typed = `${hostile} — ${brandName}`.replace(/\r\n|\r/g, "\n");
    expect(head.name).toBe(typed);
    expect(head["WR-CALNAME"]).toBe(typed);
  });
});

import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server.ts";
import {
  outbox,
  ownerStatementParts,
  ownerStatements,
  owners,
  unitOwners,
  unitPrograms,
} from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import type { NotificationConfig } from "../../lib/config.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { addLedgerStay } from "./ledger.server.ts";
import { stayFormSchema } from "./ledger-schema.ts";
import {
  draftEndedPeriods,
  MAX_CATCH_UP_MONTHS,
  periodsDue,
  startStatementJob,
} from "./statement-jobs.server.ts";
import { approveStatement, generateDraft, publishStatement } from "./statements.server.ts";

/** An instant given as a Phuket wall-clock time (UTC+7 all year). */
const phuket = (wallClock: string) => new Date(`${wallClock}+07:00`);

/** Quarter starts from `first` to `last` inclusive, counted here month by month. */
function quarterStarts(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))];
  for (;;) {
    const day = `${y}-${String(m).padStart(2, "0")}-01`;
    if (day > last) return out;
    out.push(day);
    m += 3;
    if (m > 12) [y, m] = [y + 1, m - 12];
  }
}

describe("which periods are due", () => {
  it("guaranteed: the term's quarters that have ended in Phuket, none before the start or after five years", () => {
    const villa = { kind: "guaranteed" as const, startDate: "2026-02-15", latestPeriodStart: null };
    expect(periodsDue(villa, "2026-09-30")).toEqual(["2026-01-01", "2026-04-01"]);
    expect(periodsDue(villa, "2026-10-01")).toEqual(["2026-01-01", "2026-04-01", "2026-07-01"]);
    // A term started 15 Feb 2021 ends 15 Feb 2026: its last quarter is Q1 2026 (45 days).
    const old = { kind: "guaranteed" as const, startDate: "2021-02-15", latestPeriodStart: null };
    const due = periodsDue(old, "2027-06-01");
    expect(due).toEqual(quarterStarts("2021-01-01", "2026-01-01"));
    expect(due).toHaveLength(21);
    expect(periodsDue({ ...villa, startDate: null }, "2027-01-01")).toEqual([]);
  });

  it("revenue share: from the agreement's start, else after the latest statement, else the month just ended", () => {
    const condo = { kind: "revenue-share" as const, startDate: null, latestPeriodStart: null };
    expect(periodsDue(condo, "2026-11-26")).toEqual(["2026-10-01"]);
    expect(periodsDue(condo, "2026-11-01")).toEqual(["2026-10-01"]);
    expect(periodsDue(condo, "2026-10-31")).toEqual(["2026-09-01"]);
    expect(periodsDue({ ...condo, latestPeriodStart: "2026-07-01" }, "2026-11-26")).toEqual([
      "2026-08-01",
      "2026-09-01",
      "2026-10-01",
    ]);
    expect(periodsDue({ ...condo, latestPeriodStart: "2026-10-01" }, "2026-11-26")).toEqual([]);
    expect(periodsDue({ ...condo, startDate: "2026-08-20" }, "2026-11-26")).toEqual([
      "2026-08-01",
      "2026-09-01",
      "2026-10-01",
    ]);
    // A server off for years catches up a bounded number of months.
    const long = periodsDue({ ...condo, startDate: "2019-01-10" }, "2026-11-26");
    expect(long).toHaveLength(MAX_CATCH_UP_MONTHS);
    expect(long.at(-1)).toBe("2026-10-01");
  });
});

const DESK_CHANNELS = {
  email: { desk: ["desk@example.com"] },
  telegram: { token: "t", chatId: "1" },
} as unknown as NotificationConfig;

describe.each(TEST_ENGINES)("the statements' daily round on %s", (engine) => {
  let database: TestDatabase;
  let anna: number;
  let villa: number;
  let condo: number;
  let ownerless: number;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    const [owner] = await db
      .insert(owners)
      .values({ name: "Anna", email: "anna@example.com" })
      .returning({ id: owners.id });
    anna = owner?.id as number;
    villa = await insertTestUnit(db, "anna-villa");
    condo = await insertTestUnit(db, "anna-condo");
    ownerless = await insertTestUnit(db, "nobodys-condo");
    await db.insert(unitPrograms).values([
      {
        propertyId: villa,
        kind: "guaranteed",
        propertyValueBaht: 12_000_000,
        startDate: "2026-02-15",
      },
      { propertyId: condo, kind: "revenue-share" },
      { propertyId: ownerless, kind: "revenue-share", startDate: "2026-01-01" },
    ]);
    await db.insert(unitOwners).values([
      { propertyId: villa, ownerId: anna, sharePercent: 100 },
      { propertyId: condo, ownerId: anna, sharePercent: 100 },
    ]);
  });
  afterEach(async () => {
    await database?.destroy();
  });

  const stored = () =>
    database.db
      .select({
        propertyId: ownerStatements.propertyId,
        periodStart: ownerStatements.periodStart,
        version: ownerStatements.version,
        status: ownerStatements.status,
        gross: ownerStatements.gross,
        ownerShare: ownerStatements.ownerShare,
        createdBy: ownerStatements.createdBy,
      })
      .from(ownerStatements)
      .orderBy(asc(ownerStatements.propertyId), asc(ownerStatements.periodStart));

  it("drafts each ended period once Phuket's clock has passed its end, with the program's figures", async () => {
    const db = database.db;
    await addLedgerStay(
      db,
      stayFormSchema.parse({
        propertyId: String(condo),
        checkIn: "2026-09-10",
        checkOut: "2026-09-20",
        channel: "airbnb",
        gross: "30,000",
        commission: "4,500",
      }),
      null,
    );
    // 23:59 on 30 September in Phuket (16:59 UTC): the third quarter has not ended yet.
    const before = await draftEndedPeriods(db, phuket("2026-09-30T23:59:00"));
    expect(before.map((d) => [d.propertyId, d.periodStart])).toEqual([
      [condo, "2026-08-01"],
      [villa, "2026-01-01"],
      [villa, "2026-04-01"],
    ]);
    // Midnight in Phuket is still 30 September in UTC: the quarter and September have ended.
    const after = await draftEndedPeriods(db, phuket("2026-10-01T00:00:00"));
    expect(after.map((d) => [d.propertyId, d.periodStart])).toEqual([
      [condo, "2026-09-01"],
      [villa, "2026-07-01"],
    ]);
    const rows = await stored();
    // Q1 2026 is covered from 15 February: 45 of its 90 days of ฿210,000 (7% of 12M / 4).
    const fullQuarter = (12_000_000 * 7) / 100 / 4;
    expect(rows).toEqual([
      expect.objectContaining({
        propertyId: villa,
        periodStart: "2026-01-01",
        ownerShare: (fullQuarter * 45) / 90,
      }),
      expect.objectContaining({
        propertyId: villa,
        periodStart: "2026-04-01",
        ownerShare: fullQuarter,
      }),
      expect.objectContaining({
        propertyId: villa,
        periodStart: "2026-07-01",
        ownerShare: fullQuarter,
      }),
      expect.objectContaining({ propertyId: condo, periodStart: "2026-08-01", gross: 0 }),
      expect.objectContaining({
        propertyId: condo,
        periodStart: "2026-09-01",
        gross: 30_000,
        ownerShare: Math.round(((30_000 - 4_500) * 70) / 100),
      }),
    ]);
    for (const row of rows)
      expect(row).toMatchObject({ status: "draft", version: 1, createdBy: null });
    // Each draft has the owner's part; the unit without owners has none at all.
    const parts = await db.select().from(ownerStatementParts);
    expect(parts).toHaveLength(rows.length);
    expect(rows.some((r) => r.propertyId === ownerless)).toBe(false);
  });

  it("a second round makes nothing, and a period with any statement is left as it is", async () => {
    const db = database.db;
    const now = phuket("2026-11-26T06:00:00");
    // The desk drafted October itself and published it before the round.
    const october = await generateDraft(db, condo, "2026-10-01", null);
    await approveStatement(db, october, null);
    await publishStatement(db, october, null, "2026-11-05");
    const first = await draftEndedPeriods(db, now);
    expect(first.map((d) => [d.propertyId, d.periodStart])).toEqual([
      [villa, "2026-01-01"],
      [villa, "2026-04-01"],
      [villa, "2026-07-01"],
    ]);
    const rows = await stored();
    expect(await draftEndedPeriods(db, now)).toEqual([]);
    expect(await stored()).toEqual(rows);
    const [published] = rows.filter((r) => r.propertyId === condo);
    expect(rows.filter((r) => r.propertyId === condo)).toHaveLength(1);
    expect(published).toMatchObject({ periodStart: "2026-10-01", status: "published" });
  });

  it("catches up the periods missed while no round ran, after the latest statement", async () => {
    const db = database.db;
    await draftEndedPeriods(db, phuket("2026-11-01T06:00:00"));
    // No round from November to February (a server down): all missed periods come at once.
    const caughtUp = await draftEndedPeriods(db, phuket("2027-02-03T06:00:00"));
    expect(caughtUp.map((d) => [d.propertyId, d.periodStart])).toEqual([
      [condo, "2026-11-01"],
      [condo, "2026-12-01"],
      [condo, "2027-01-01"],
      [villa, "2026-10-01"],
    ]);
  });

  it("ends with the guaranteed term: nothing after five years", async () => {
    const db = database.db;
    await db
      .update(unitPrograms)
      .set({ startDate: "2021-02-15" })
      .where(eq(unitPrograms.propertyId, villa));
    const made = await draftEndedPeriods(db, phuket("2027-06-01T06:00:00"));
    const quarters = made.filter((d) => d.propertyId === villa).map((d) => d.periodStart);
    expect(quarters).toEqual(quarterStarts("2021-01-01", "2026-01-01"));
    const [last] = await db
      .select({ ownerShare: ownerStatements.ownerShare })
      .from(ownerStatements)
      .where(
        and(eq(ownerStatements.propertyId, villa), eq(ownerStatements.periodStart, "2026-01-01")),
      );
    // 1 January to 15 February 2026: 45 of 90 days.
    expect(last?.ownerShare).toBe(105_000);
  });

  it("two rounds at the same moment on two connections make each draft once", async () => {
    const second =
      engine === "postgres" && database.url ? await openDatabase({ url: database.url }) : null;
    try {
      const now = phuket("2026-11-26T06:00:00");
      const [a, b] = await Promise.all([
        draftEndedPeriods(database.db, now),
        draftEndedPeriods((second ?? database).db, now),
      ]);
      const made = [...a, ...b].map((d) => `${d.propertyId} ${d.periodStart}`).sort();
      expect(made).toEqual(
        [
          `${villa} 2026-01-01`,
          `${villa} 2026-04-01`,
          `${villa} 2026-07-01`,
          `${condo} 2026-10-01`,
        ].sort(),
      );
      const rows = await stored();
      expect(rows.map((r) => `${r.propertyId} ${r.periodStart}`).sort()).toEqual(made);
    } finally {
      await second?.close();
    }
  });

  it("the job tells the desk once on its channels, and does nothing before the database is ready", async () => {
    let ready = false;
    let nudged = 0;
    const logger = { info() {}, warn() {}, error() {} } as unknown as Parameters<
      typeof startStatementJob
    >[0]["logger"];
    const job = startStatementJob({
      database,
      settings: { publicUrl: "https://example.test", notifications: DESK_CHANNELS },
      logger,
      isReady: () => ready,
      afterMail: () => nudged++,
    });
    try {
      const now = phuket("2026-11-26T06:00:00");
      expect(await job.runNow(now)).toBeNull();
      expect(await stored()).toEqual([]);
      ready = true;
      const made = await job.runNow(now);
      expect(made).toHaveLength(4);
      const messages = await database.db.select().from(outbox).orderBy(asc(outbox.id));
      expect(messages.map((m) => [m.channel, m.purpose])).toEqual([
        ["email", "alert"],
        ["telegram", "alert"],
      ]);
      const mail = messages[0]?.payload as { to: string[]; subject: string; text: string };
      expect(mail.to).toEqual(["desk@example.com"]);
      expect(mail.subject).toContain("4 owners' statements drafted");
      for (const d of made ?? [])
        expect(mail.text).toContain(`https://example.test/admin/statements/${d.id}`);
      expect(mail.text).toContain("https://example.test/admin/statements?month=2026-10");
      expect(mail.text).toContain("https://example.test/admin/statements?month=2026-09");
      expect(nudged).toBe(1);
      // The next day's round makes nothing and says nothing.
      expect(await job.runNow(phuket("2026-11-27T06:00:00"))).toEqual([]);
      expect(await database.db.select().from(outbox)).toHaveLength(2);
      expect(nudged).toBe(1);
    } finally {
      job.stop();
    }
  });
});

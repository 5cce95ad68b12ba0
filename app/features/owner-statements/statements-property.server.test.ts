/**
 * Property-based tests of stored guaranteed-return statements, on both engines: any property
 * value, any start date, any quarter of the term and any co-owners' shares. The expected figures
 * are worked out here with BigInt and days counted one by one, not by the module under test.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { owners, unitOwners, unitPrograms } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { generateDraft, loadStatement } from "./statements.server.ts";

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** n × p ÷ q rounded half away from zero, in BigInt. */
function rounded(n: bigint, q: bigint): bigint {
  const sign = n < 0n ? -1n : 1n;
  const abs = n < 0n ? -n : n;
  return sign * ((2n * abs + q) / (2n * q));
}

/** The calendar quarters from the one holding `start` on: [first day, first day after] in ms. */
function quarterAt(start: string, index: number): [number, number] {
  const y = Number(start.slice(0, 4));
  const m = Math.floor((Number(start.slice(5, 7)) - 1) / 3) * 3 + index * 3;
  return [Date.UTC(y, m, 1), Date.UTC(y, m + 3, 1)];
}

describe.each(TEST_ENGINES)("guaranteed statements for any term and co-owners, on %s", (engine) => {
  let database: TestDatabase;
  const pool: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    for (const name of ["Anna", "Boris", "Vera", "Gleb"]) {
      const [row] = await database.db
        .insert(owners)
        .values({ name, email: `${name.toLowerCase()}@example.com` })
        .returning({ id: owners.id });
      pool.push(row?.id as number);
    }
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("prorates each quarter by its days in the five-year term, and the co-owners' parts add up to it", async () => {
    const db = database.db;
    let run = 0;
    // Shares: 1 to 4 owners, positive whole percents adding up to 100 (cut points in 1..99).
    const shares = fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 3 }).map((cuts) => {
      const points = [0, ...cuts.sort((a, b) => a - b), 100];
      return points.slice(1).map((p, i) => p - (points[i] as number));
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100_000, max: 200_000_000 }),
        // Any start from 2020 to 2030 (the 1st to the 28th: every month has that day 5 years on).
        fc.integer({ min: 0, max: 11 * 12 - 1 }),
        fc.integer({ min: 1, max: 28 }),
        // Any quarter the term touches: it spans 20 quarters and the start's own, so 21.
        fc.integer({ min: 0, max: 20 }),
        shares,
        async (value, monthIndex, dayOfMonth, quarterIndex, percents) => {
          run++;
          const start = iso(Date.UTC(2020, monthIndex, dayOfMonth));
          const unit = await insertTestUnit(db, `guaranteed-${run}`);
          await db.insert(unitPrograms).values({
            propertyId: unit,
            kind: "guaranteed",
            propertyValueBaht: value,
            startDate: start,
          });
          await db.insert(unitOwners).values(
            percents.map((sharePercent, i) => ({
              propertyId: unit,
              ownerId: pool[i] as number,
              sharePercent,
            })),
          );
          // A term starting on a quarter's first day touches 20 quarters, otherwise 21.
          const touched = dayOfMonth === 1 && monthIndex % 3 === 0 ? 20 : 21;
          const [qStart, qEnd] = quarterAt(start, quarterIndex % touched);
          const s = await loadStatement(db, await generateDraft(db, unit, iso(qStart), null));
          if (!s) throw new Error("no statement");

          // 7% a year rounded to the baht, a quarter of it rounded again (the site's figures).
          const annual = rounded(BigInt(value) * 7n, 100n);
          const fullQuarter = rounded(annual, 4n);
          // The term: the start to the same day five years on; days counted one by one.
          const termStart = Date.parse(`${start}T00:00:00Z`);
          const termEnd = Date.UTC(
            Number(start.slice(0, 4)) + 5,
            Number(start.slice(5, 7)) - 1,
            dayOfMonth,
          );
          let covered = 0;
          let quarterDays = 0;
          for (let d = qStart; d < qEnd; d += DAY_MS) {
            quarterDays++;
            if (d >= termStart && d < termEnd) covered++;
          }
          const owed = Number(rounded(fullQuarter * BigInt(covered), BigInt(quarterDays)));
          expect(covered).toBeGreaterThan(0);
          expect([s.gross, s.expenses, s.net, s.ownerShare, s.companyShare]).toEqual([
            owed,
            0,
            owed,
            owed,
            0,
          ]);
          expect(s.details).toMatchObject({ days: covered, quarterDays });

          // Co-owners: each their share rounded down, the rest to the largest share (the first
          // owner among equals, as they were made in order), adding up to the whole.
          expect(s.parts.reduce((a, p) => a + p.sharePercent, 0)).toBe(100);
          expect(s.parts.reduce((a, p) => a + p.amount, 0)).toBe(s.ownerShare);
          const largest = percents.indexOf(Math.max(...percents));
          const floors = percents.map((p) => Math.floor((owed * p) / 100));
          const rest = owed - floors.reduce((a, b) => a + b, 0);
          expect(rest).toBeLessThan(percents.length);
          for (const [i, p] of percents.entries()) {
            const part = s.parts.find((x) => x.ownerId === pool[i]);
            expect(part?.sharePercent).toBe(p);
            expect(part?.amount).toBe((floors[i] as number) + (i === largest ? rest : 0));
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitRateLimit, pruneRateLimits, resetRateLimit } from "./rate-limit.server.ts";
import { rateLimits } from "./schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "./testing.server.ts";

const rule = { limit: 3, windowMs: 60_000 };
const at = (iso: string) => new Date(iso);

describe.each(TEST_ENGINES)("rate limits on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  /** Hits stored for `key`, over all its windows. */
  const storedHits = async (key: string) => {
    const rows = await database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    return rows.reduce((sum, row) => sum + row.hits, 0);
  };

  it("allows `limit` hits in a window, then refuses with the time left", async () => {
    const results = [];
    for (let i = 0; i < 5; i++) {
      results.push(await hitRateLimit(database.db, "k1", rule, at("2027-01-01T10:00:15Z")));
    }
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[4]?.hits).toBe(5);
    expect(results[3]?.retryAfterSeconds).toBe(45);
  });

  it("starts afresh in the next window and keeps keys apart", async () => {
    expect((await hitRateLimit(database.db, "k1", rule, at("2027-01-01T10:01:00Z"))).allowed).toBe(
      true,
    );
    expect((await hitRateLimit(database.db, "k2", rule, at("2027-01-01T10:00:30Z"))).hits).toBe(1);
  });

  it("counts parallel hits exactly", async () => {
    const now = at("2027-01-01T11:00:00Z");
    await Promise.all(
      Array.from({ length: 10 }, () => hitRateLimit(database.db, "burst", rule, now)),
    );
    expect(await storedHits("burst")).toBe(10);
  });

  it("forgets a key on reset and old windows on prune", async () => {
    await resetRateLimit(database.db, "burst");
    expect(await storedHits("burst")).toBe(0);
    await pruneRateLimits(database.db, at("2027-01-03T00:00:00Z"));
    expect(await database.db.select().from(rateLimits)).toEqual([]);
  });
});

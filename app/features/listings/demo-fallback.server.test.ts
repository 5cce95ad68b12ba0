import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { setRuntime } from "../../db/runtime.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { demoUnits } from "./demo-units.server.ts";
import { parseListingQuery } from "./filters.ts";
import { loadSiteListing } from "./listing-source.server.ts";
import { loadSiteUnit } from "./unit-detail.server.ts";
import { fallbackUnits, fromSiteDatabase } from "./units-by-slug.server.ts";

/** A running server whose database is not ready, so every page falls back. */
function serverWithoutDatabase(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "demo-fallback-"));
  setRuntime({
    config: loadConfig({ DATA_DIR: dataDir, ...env }),
    database: {} as never,
    databaseReady: false,
    storage: new LocalDiskStorage(path.join(dataDir, "media")),
    logger: createLogger("silent"),
  });
}

const statusOf = (thrown: unknown) => (thrown as { init?: { status?: number } }).init?.status;
const { query } = parseListingQuery(new URLSearchParams());
const demoSlug = demoUnits()[0]?.slug ?? "";

describe("the demo units standing in for the database", () => {
  afterEach(() => setRuntime(undefined));

  it("are shown by default (SEED_DEMO=on), the listing marked as fallback", async () => {
    serverWithoutDatabase({});
    const listing = await loadSiteListing(query);
    expect(listing.source).toBe("fallback");
    expect(listing.units.length).toBeGreaterThan(0);
    const slugs = new Set(demoUnits().map((u) => u.slug));
    for (const unit of listing.units) expect(slugs.has(unit.slug), unit.slug).toBe(true);
    expect(await loadSiteUnit(demoSlug)).toMatchObject({
      source: "fallback",
      unit: { slug: demoSlug },
    });
    const byslug = await fromSiteDatabase(
      async () => [],
      () => fallbackUnits.bySlugs([demoSlug]),
    );
    expect(byslug.value.map((u) => u.slug)).toEqual([demoSlug]);
  });

  it("are never shown with SEED_DEMO=off: the pages answer 503 instead", async () => {
    serverWithoutDatabase({ SEED_DEMO: "off" });
    const listing = await loadSiteListing(query).catch((e: unknown) => e);
    expect(statusOf(listing)).toBe(503);
    expect(await loadSiteUnit(demoSlug)).toEqual({ unit: null, source: "unavailable" });
    let asked = false;
    const similar = await fromSiteDatabase(
      async () => [],
      () => {
        asked = true;
        return fallbackUnits.bySlugs([demoSlug]);
      },
    ).catch((e: unknown) => e);
    expect(statusOf(similar)).toBe(503);
    expect(asked).toBe(false);
  });
});

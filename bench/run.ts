/**
 * `npm run bench`: the performance budgets (README, "Speed"), measured side by side in one run.
 *   1. JavaScript Chromium downloads for public pages (gzip as sent, and brotli); any admin code.
 *   2. Requests per second of the built server on the home page and /api/units, next to a bare
 *      Node server in its own process answering the same status, headers and bytes, checked
 *      byte for byte (the ratio is what to compare across machines; bench/throughput.ts).
 *   3. The filtered listing query on 10,000 units: median time and the plan (index use).
 *   4. Load: 100 connections of mixed traffic for 60 seconds while an admin saves a property
 *      every second (bench/load.ts); `npm run bench -- load` runs only this one.
 *   5. Memory: the server's resident memory, peak while starting and seeding on an empty data
 *      folder, at rest after a warm-up, after the throughput runs and after the load test; and
 *      unit pages rendered for every request (the page cache off), per second.
 *      `npm run bench -- memory` runs only this (and PostgreSQL too with BENCH_DATABASE_URL).
 *   6. Calendars at scale: two 5,000-event feeds synced onto one unit from a local feed server,
 *      the time of each and the event-loop delay meanwhile (p99, max), then a stay added by hand
 *      (bench/calendar-sync.ts); `npm run bench -- calendar` runs only this one.
 * `npm run bench -- throughput` runs only 2 (and the more pages of bench/throughput.ts).
 * `npm run bench -- liftoff` compares the uncached render with and without `--liftoff-only`.
 * `npm run bench -- js` measures only the page JavaScript (1, with brotli sizes and the largest
 * files), `npm run bench -- lighthouse` only Lighthouse's mobile profile; `BENCH_PAGES=home,unit`
 * limits either to some of the pages (home, unit, blogPost).
 * Needs `npm run build` first, and Chromium (as the end-to-end tests). Writes
 * bench/results/latest.json (or load.json, js.json, lighthouse.json).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/client.server.ts";
import { properties } from "../app/db/schema.ts";
import { LISTING_LOCATIONS, PROPERTY_STATUSES } from "../app/domain/listing.ts";
import { queryUnits, unitsPageQuery } from "../app/features/listings/listings.server.ts";
import { chromiumLaunchOptions } from "../tests/e2e/support/env.ts";
import { calendarSyncLag } from "./calendar-sync.ts";
import { lighthouseMedians } from "./lighthouse.ts";
import { runLoadTest } from "./load.ts";
import { pageJavaScript } from "./page-javascript.ts";
import { machine, writeReport } from "./report.ts";
import { root, type Site, startFlags, startSite } from "./site.ts";
import { compareWithTwin, moreThroughput, rawExchange } from "./throughput.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;

async function requestsPerSecond(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    rps: Math.round(result.requests.average),
    p99ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Every benchmarked page in both languages and each encoding: what a visitor's first day asks. */
async function warmUp(siteUrl: string) {
  for (const { url } of pages)
    for (const prefix of ["", "/ru"])
      for (const encoding of ["br", "gzip", "identity"])
        await rawExchange(`${siteUrl}${prefix}${url === "/" && prefix ? "" : url}`, {
          "Accept-Encoding": encoding,
        });
}

const settle = () => new Promise((r) => setTimeout(r, 3000));

/**
 * The server's resident memory: the peak while it starts on an empty data folder (migrations,
 * seeding), at rest after every benchmarked page was asked for in both languages and encodings,
 * and the event-loop delay meanwhile. `env` picks the database (DATABASE_URL) or the page cache.
 */
async function footprint(site: Site) {
  const started = await site.memory();
  await warmUp(site.url);
  await settle();
  const rest = await site.memory();
  // Where the resident memory at rest is: V8's heap, and outside it (the embedded database).
  const { rssMB: _rss, peakMB: _peak, ...restBreakdownMB } = rest;
  return {
    peakWhileStartingMB: started.peakMB,
    restMB: rest.rssMB,
    peakMB: rest.peakMB,
    restBreakdownMB,
  };
}

/** Unit pages rendered for every request (the page cache off), and the memory after. */
async function uncachedRender(flags?: string[]) {
  const site = await startSite({ env: { PAGE_CACHE: "off" }, flags });
  try {
    await warmUp(site.url);
    site.resetProbe();
    const unit = await requestsPerSecond(`${site.url}${pages[1]?.url ?? "/"}`);
    const { loopDelayMs } = await site.probe();
    return { unitPage: unit, loopDelayMs, memoryAfter: await site.memory(), goalPerSecond: 250 };
  } finally {
    await site.stop();
  }
}

/** The memory goals, on the embedded database and, with BENCH_DATABASE_URL, on PostgreSQL. */
async function memory() {
  const result: Record<string, unknown> = { goalsMB: { embedded: 300, postgres: 200, peak: 500 } };
  const embedded = await startSite();
  try {
    result.embedded = await footprint(embedded);
  } finally {
    await embedded.stop();
  }
  // A first start unpacks the empty cluster and encodes the demo pictures once; every later
  // start of the same data folder (a server's usual life) does neither.
  const later = await startSite({ dataDir: embedded.dataDir });
  try {
    result.embeddedLaterStart = await footprint(later);
  } finally {
    await later.stop();
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const postgres = await startSite({ env: { DATABASE_URL: url } });
    try {
      result.postgres = await footprint(postgres);
    } finally {
      await postgres.stop();
    }
  }
  return result;
}

async function listingAtScale(count: number) {
  const database = await openDatabase({});
  try {
    await database.migrate();
    const rows = Array.from({ length: count }, (_, i) => ({
      slug: `unit-${i}`,
      name: `Unit ${i}`,
      building: i % 2 ? ("The Trees" as const) : ("Zen Space" as const),
      unitCode: `U-${i}`,
      type: i % 3 ? ("condo" as const) : ("pool-villa" as const),
      location: LISTING_LOCATIONS[i % LISTING_LOCATIONS.length] as string,
      bedrooms: 1 + (i % 5),
      bathrooms: 1,
      sizeM2: 40 + (i % 300),
      status: PROPERTY_STATUSES[i % 3] ?? "available",
      pricingMonthly: 20_000 + ((i * 7919) % 200_000) + 10_000,
      pricingSixMonth: 20_000 + ((i * 7919) % 200_000) + 5_000,
      pricingYearly: 20_000 + ((i * 7919) % 200_000),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await database.db.insert(properties).values(rows.slice(i, i + 1000));
    await database.db.execute(sql`analyze properties`);
    const filters = { location: "Kamala", type: "condo", price: "45-70" } as const;
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const start = performance.now();
      await queryUnits(database.db, "available", filters, 0, 9);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const unfiltered: number[] = [];
    for (let i = 0; i < 50; i++) {
      const start = performance.now();
      await queryUnits(database.db, "available", {}, 90, 9);
      unfiltered.push(performance.now() - start);
    }
    unfiltered.sort((a, b) => a - b);
    const plan = await database.db.execute(
      sql`explain ${unitsPageQuery(database.db, "available", {}, 0, 9)}`,
    );
    const planRows = (plan as unknown as { rows: Record<string, string>[] }).rows;
    const planLines = planRows.map((r) => Object.values(r)[0]);
    return {
      units: count,
      filteredMedianMs: +(times[25] ?? 0).toFixed(2),
      page11MedianMs: +(unfiltered[25] ?? 0).toFixed(2),
      plan: planLines,
      usesListingIndex: planLines.some((l) => l?.includes("properties_listing_idx")),
    };
  } finally {
    await database.close();
  }
}

/**
 * The uncached render with the start flags of `npm start` and without `--liftoff-only` (V8's
 * optimising compiler on), alternating, BENCH_ROUNDS rounds (3): what the flag costs in speed.
 */
async function liftoffCost() {
  const asShipped = startFlags();
  const optimising = asShipped.filter((flag) => flag !== "--liftoff-only");
  const rounds: Record<string, unknown>[] = [];
  for (let round = 1; round <= Number(process.env.BENCH_ROUNDS ?? 3); round++) {
    for (const [name, flags] of [
      ["asShipped", asShipped],
      ["optimising", optimising],
    ] as const) {
      const loadBefore = +(loadavg()[0] ?? 0).toFixed(2);
      const result = await uncachedRender(flags);
      rounds.push({
        round,
        name,
        flags: flags.join(" "),
        pagesPerSecond: result.unitPage.rps,
        p99ms: result.unitPage.p99ms,
        peakMB: result.memoryAfter.peakMB,
        loadAverage: [loadBefore, +(loadavg()[0] ?? 0).toFixed(2)],
      });
    }
  }
  return rounds;
}

/**
 * Home and /api/units, then the pages of THROUGHPUT_PAGES, each next to its bare twin in a
 * process of its own, sending the same bytes (checked before each pair; bench/throughput.ts).
 */
async function throughput(siteUrl: string) {
  const home = await compareWithTwin(siteUrl, "/");
  const api = await compareWithTwin(siteUrl, "/api/units");
  return {
    throughput: {
      home: home.site,
      bareHome: home.bare,
      api: api.site,
      bareApi: api.bare,
      homeRatio: home.ratio,
      apiRatio: api.ratio,
      loadAverage: { home: home.loadAverage, api: api.loadAverage },
      seconds: DURATION_S,
      connections: CONNECTIONS,
    },
    moreThroughput: await moreThroughput(siteUrl),
  };
}

const only = process.argv[2];
if (
  only &&
  !["load", "throughput", "js", "lighthouse", "calendar", "memory", "liftoff"].includes(only)
) {
  console.error(
    "Usage: npm run bench [-- load | throughput | js | lighthouse | calendar | memory | liftoff]",
  );
  process.exit(2);
}
const pages = [
  { page: "home", url: "/" },
  { page: "unit", url: "/units/canopy-pool-villa-v-01" },
  { page: "blogPost", url: "/blog/condo-or-pool-villa" },
].filter(
  ({ page }) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(",").includes(page),
);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const about = machine();

async function javascriptOfPages(siteUrl: string) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const javascript: Record<string, unknown> = {};
  for (const { page, url } of pages)
    javascript[page] = await pageJavaScript(browser, `${siteUrl}${url}`);
  await browser.close();
  return { ...javascript, budgetKB: 125 };
}

const results: Record<string, unknown> = {};
if (only === "calendar") {
  results.calendarSync = await calendarSyncLag();
} else if (only === "throughput") {
  const site = await startSite();
  try {
    await warmUp(site.url);
    Object.assign(results, await throughput(site.url));
  } finally {
    await site.stop();
  }
} else if (only === "liftoff") {
  results.liftoffCost = await liftoffCost();
} else if (only === "memory") {
  results.memory = await memory();
  results.uncachedRender = await uncachedRender();
} else if (only === "js" || only === "lighthouse") {
  // One part alone, on the build as it is: the page JavaScript, or Lighthouse's mobile profile.
  const site = await startSite();
  try {
    if (only === "js") {
      results.javascript = await javascriptOfPages(site.url);
    } else {
      results.lighthouse = await lighthouseMedians(
        pages.map(({ page, url }) => ({ page, url: `${site.url}${url}` })),
        lighthouseRuns,
        ["mobile"],
      );
    }
  } finally {
    await site.stop();
  }
} else {
  if (only !== "load") {
    const site = await startSite();
    try {
      const footprintAtStart = await footprint(site);
      results.javascript = await javascriptOfPages(site.url);

      Object.assign(results, await throughput(site.url));
      results.memory = { embedded: { ...footprintAtStart, afterThroughput: await site.memory() } };
      results.lighthouse = await lighthouseMedians(
        pages.map(({ page, url }) => ({ page, url: `${site.url}${url}` })),
        lighthouseRuns,
      );
    } finally {
      await site.stop();
    }
    results.uncachedRender = await uncachedRender();
    results.listingAt10k = await listingAtScale(10_000);
    results.calendarSync = await calendarSyncLag();
  }
  results.load = await runLoadTest();
}

console.log(JSON.stringify(results, null, 2));
await mkdir(path.join(root, "bench", "results"), { recursive: true });
await writeFile(
  path.join(root, "bench", "results", `${only === undefined ? "latest" : only}.json`),
  `${JSON.stringify(results, null, 2)}\n`,
);
if (only === undefined) console.log(await writeReport(root, results, about));

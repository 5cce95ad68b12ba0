/**
 * Load: 100 connections of mixed public traffic for 60 seconds (home, filtered lists, /ru, unit
 * pages, /api/units, pictures) against the built server on the embedded database, while an admin
 * signed in through the sign-in form saves a property every second. Reports errors and 5xx,
 * latency and requests per second, then stops the server and checks every save is in the
 * database. BENCH_LOAD_SECONDS and BENCH_LOAD_CONNECTIONS change the defaults; BENCH_LOAD_PROFILE
 * names a folder for a CPU profile of the server during the run. Each public address is asked
 * for once before the window (BENCH_LOAD_WARM=off: not). Then the same load on a bare server
 * sending the home page gives the machine's own event-loop delay, side by side.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase } from "../app/db/client.server.ts";
import { auditLog, properties } from "../app/db/schema.ts";
import { getProperty, type PropertySnapshot } from "../app/features/admin/properties.server.ts";
import { demoMediaKey, demoUnits } from "../app/features/listings/demo-units.server.ts";
import { variantPath } from "../app/features/media/media-url.ts";
import { insertDemoUnits } from "../app/setup/seed.server.ts";
import { type Memory, type Probe, type Site, startFlags, startSite } from "./site.ts";
import { probeFileInMemory, type RawExchange, rawExchange, startTwin } from "./throughput.ts";

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);
const ADMIN = { email: "load-test@example.com", password: "load test passphrase 2026" };
const EDITED_SLUG = demoUnits()[0]?.slug ?? "";

/** The public requests each connection cycles through. */
function publicRequests(): autocannon.Request[] {
  const units = demoUnits();
  const paths = [
    "/",
    "/?status=soon",
    "/?location=Kamala&type=condo",
    "/?bedrooms=2&price=25-45",
    "/ru",
    "/ru?type=pool-villa",
    "/api/units",
    "/api/units?status=available&page=2",
    ...units.slice(0, 6).map((u) => `/units/${u.slug}`),
    `/ru/units/${units[1]?.slug}`,
    ...units
      .slice(0, 6)
      .map((u, i) => `/media/${variantPath(demoMediaKey(u, 0), i % 2 ? 480 : 960)}`),
  ];
  return paths.map((p) => ({ method: "GET", path: p }));
}

/** The edit form as the browser posts it, from what is stored. */
function editForm(p: PropertySnapshot, description: string, version: number): URLSearchParams {
  return new URLSearchParams({
    unitCode: p.unitCode,
    building: p.building,
    name: p.name,
    type: p.type,
    status: p.status,
    location: p.location,
    bedrooms: String(p.bedrooms),
    bathrooms: String(p.bathrooms),
    sizeM2: String(p.sizeM2),
    floor: String(p.floor),
    pricingMonthly: String(p.pricingMonthly),
    pricingSixMonth: String(p.pricingSixMonth),
    pricingYearly: String(p.pricingYearly),
    availableFrom: p.availableFrom ?? "",
    rentedUntil: p.rentedUntil ?? "",
    facilities: p.facilities.join(", "),
    description,
    descriptionRu: p.descriptionRu,
    images: JSON.stringify(p.images),
    version: String(version),
  });
}

async function signIn(site: Site): Promise<string> {
  const response = await fetch(`${site.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", ...ADMIN }),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("admin_session="))
    ?.split(";")[0];
  if (response.status !== 302 || !cookie) {
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  }
  return cookie;
}

interface SaveLog {
  saved: string[];
  failed: { status: number; at: number }[];
  latenciesMs: number[];
}

/** Saves the property as the admin's form does, at `version`; true when it was saved. */
async function save(
  site: Site,
  cookie: string,
  start: PropertySnapshot,
  description: string,
  version: number,
) {
  const response = await fetch(`${site.url}/admin/properties/${start.id}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: site.url,
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: editForm(start, description, version),
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    saved:
      response.status === 302 &&
      (response.headers.get("location")?.includes("notice=saved") ?? false),
  };
}

/** The server's CPU time so far (user and system), in milliseconds, from /proc (Linux). */
async function cpuMs(site: Site): Promise<number> {
  const fields =
    (await readFile(`/proc/${site.child.pid}/stat`, "utf8")).split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * What one admin save costs the server on a quiet machine, once every public address was asked
 * for: the save itself, then each address asked for once again, one after the other; the pages
 * the save touched are rendered again then (X-Cache miss, or stale while rendered). CPU time of
 * the server process for both, and the wall time of each.
 */
async function oneSaveCost(site: Site, cookie: string, start: PropertySnapshot) {
  const cpuBefore = await cpuMs(site);
  const began = performance.now();
  const saved = await save(
    site,
    cookie,
    start,
    `${start.description} (measured save)`,
    start.version,
  );
  if (!saved.saved) throw new Error(`the measured save failed: ${saved.status}`);
  const saveMs = performance.now() - began;
  const cpuAfterSave = await cpuMs(site);
  const states: Record<string, number> = {};
  const rendered: Record<string, number> = {};
  let renderMs = 0;
  for (const request of publicRequests()) {
    const asked = performance.now();
    const response = await rawExchange(`${site.url}${request.path}`);
    const state =
      response.headers.find(([name]) => name.toLowerCase() === "x-cache")?.[1] ?? "none";
    states[state] = (states[state] ?? 0) + 1;
    if (state !== "hit" && state !== "none") {
      rendered[request.path ?? ""] = +(performance.now() - asked).toFixed(1);
      renderMs += performance.now() - asked;
    }
  }
  const cpuAfter = await cpuMs(site);
  return {
    saveMs: +saveMs.toFixed(1),
    saveCpuMs: cpuAfterSave - cpuBefore,
    addresses: states,
    renderedAgainMs: +renderMs.toFixed(1),
    renderedMs: rendered,
    renderCpuMs: cpuAfter - cpuAfterSave,
  };
}

/** Saves the property once a second until `until`; each save writes its own description. */
async function adminSaves(
  site: Site,
  cookie: string,
  start: PropertySnapshot,
  from: number,
  until: number,
): Promise<SaveLog> {
  const log: SaveLog = { saved: [], failed: [], latenciesMs: [] };
  let version = from;
  for (let n = 1; Date.now() < until; n++) {
    const due = Date.now() + 1000;
    const description = `${start.description} (load-test save ${n})`;
    const began = performance.now();
    const answer = await save(site, cookie, start, description, version);
    log.latenciesMs.push(performance.now() - began);
    if (answer.saved) {
      log.saved.push(description);
      version++;
    } else {
      log.failed.push({ status: answer.status, at: n });
    }
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
  }
  return log;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return +(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(1);
};

/**
 * A bare Node server (bench/throughput.ts) sending the home page as the site sent it, under the
 * same connections and time, with no admin saving: the event-loop delay the machine itself gives
 * (the load generator shares its cores), to read the site's figure against.
 */
async function bareUnderLoad(home: RawExchange) {
  const twin = await startTwin(home);
  try {
    twin.resetProbe();
    const result = await autocannon({
      url: twin.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: publicRequests(),
      timeout: 10,
    });
    return {
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      loopDelayMs: (await twin.probe()).loopDelayMs,
    };
  } finally {
    await twin.close();
  }
}

export async function runLoadTest() {
  // The database is prepared before the server starts, so the edited property is known.
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-load-"));
  const probeInMemory = await probeFileInMemory(dataDir);
  const pgliteDir = path.join(dataDir, "pglite");
  const prepared = await openDatabase({ dataDir: pgliteDir });
  let start: PropertySnapshot | null;
  try {
    await prepared.migrate();
    await insertDemoUnits(prepared.db);
    const [row] = await prepared.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.slug, EDITED_SLUG));
    start = row ? await getProperty(prepared.db, row.id) : null;
  } finally {
    await prepared.close();
  }
  if (!start) throw new Error(`demo unit ${EDITED_SLUG} is missing`);

  // BENCH_LOAD_PROFILE=<folder>: the server writes a CPU profile of the run there.
  const profile = process.env.BENCH_LOAD_PROFILE;
  const site = await startSite({
    dataDir,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    flags: profile ? [...startFlags(), "--cpu-prof", `--cpu-prof-dir=${profile}`] : undefined,
  });
  let result: autocannon.Result;
  let saves: SaveLog;
  let server: { loopDelayMs: Probe["loopDelayMs"]; memoryAfter: Memory };
  let bare: Awaited<ReturnType<typeof bareUnderLoad>>;
  const warm = process.env.BENCH_LOAD_WARM !== "off";
  let saveCost: Awaited<ReturnType<typeof oneSaveCost>> | undefined;
  try {
    // Signed in before the window: the password's hash is checked once, not every second.
    const cookie = await signIn(site);
    // Each public address asked for once first, so that the window measures a server in use,
    // not its first requests (each loads code of its own once).
    if (warm)
      for (const request of publicRequests()) await rawExchange(`${site.url}${request.path}`);
    saveCost = warm ? await oneSaveCost(site, cookie, start) : undefined;
    const from = saveCost ? start.version + 1 : start.version;
    const until = Date.now() + SECONDS * 1000;
    site.resetProbe();
    [result, saves] = await Promise.all([
      autocannon({
        url: site.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: publicRequests(),
        timeout: 10,
      }),
      adminSaves(site, cookie, start, from, until),
    ]);
    server = { loopDelayMs: (await site.probe()).loopDelayMs, memoryAfter: await site.memory() };
    // The baseline: the machine under the same load, a bare server sending the home page.
    const home = await rawExchange(`${site.url}/`);
    await site.stop();
    bare = await bareUnderLoad(home);
  } finally {
    await site.stop();
  }

  // Every answered save must be in the database: in the property and in its history.
  const check = await openDatabase({ dataDir: pgliteDir });
  let stored: { version: number; description: string; history: string[] };
  try {
    const after = await getProperty(check.db, start.id);
    const history = await check.db
      .select({ description: sql<string>`${auditLog.after} ->> 'description'` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "property"),
          eq(auditLog.entityId, String(start.id)),
          eq(auditLog.action, "update"),
        ),
      );
    stored = {
      version: after?.version ?? 0,
      description: after?.description ?? "",
      history: history.map((h) => h.description),
    };
  } finally {
    await check.close();
  }
  await probeInMemory.remove();
  const missing = saves.saved.filter((d) => !stored.history.includes(d));
  const status = (code: string) =>
    Object.entries(result.statusCodeStats ?? {})
      .filter(([c]) => c.startsWith(code))
      .reduce((sum, [, s]) => sum + (s.count ?? 0), 0);

  return {
    seconds: SECONDS,
    connections: CONNECTIONS,
    warmedUp: warm,
    oneSave: saveCost,
    urls: publicRequests().length,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    status5xx: status("5"),
    ...server,
    status4xx: status("4"),
    bare,
    adminSaves: {
      answered: saves.saved.length,
      failed: saves.failed,
      latencyMs: {
        p50: percentile(saves.latenciesMs, 0.5),
        p99: percentile(saves.latenciesMs, 0.99),
      },
      allInDatabase: missing.length === 0,
      missing,
      finalVersion: stored.version,
      expectedVersion: start.version + (saveCost ? 1 : 0) + saves.saved.length,
      lastSaveIsCurrent: stored.description === saves.saved[saves.saved.length - 1],
    },
  };
}

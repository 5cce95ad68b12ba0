/**
 * Load: 100 connections of mixed public traffic for 60 seconds (home, filtered lists, /ru, unit
 * pages, /api/units, pictures) against the built server on the embedded database, while an admin
 * signed in through the sign-in form saves a property every second. Reports errors and 5xx,
 * latency and requests per second, then stops the server and checks every save is in the
 * database. BENCH_LOAD_SECONDS and BENCH_LOAD_CONNECTIONS change the defaults.
 */
import { mkdtemp } from "node:fs/promises";
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
import { type Memory, type Probe, type Site, startSite } from "./site.ts";

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

/** Saves the property once a second until `until`; each save writes its own description. */
async function adminSaves(site: Site, start: PropertySnapshot, until: number): Promise<SaveLog> {
  const cookie = await signIn(site);
  const log: SaveLog = { saved: [], failed: [], latenciesMs: [] };
  let version = start.version;
  for (let n = 1; Date.now() < until; n++) {
    const due = Date.now() + 1000;
    const description = `${start.description} (load-test save ${n})`;
    const began = performance.now();
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
    log.latenciesMs.push(performance.now() - began);
    if (response.status === 302 && response.headers.get("location")?.includes("notice=saved")) {
      log.saved.push(description);
      version++;
    } else {
      log.failed.push({ status: response.status, at: n });
    }
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
  }
  return log;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return +(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(1);
};

export async function runLoadTest() {
  // The database is prepared before the server starts, so the edited property is known.
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-load-"));
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

  const site = await startSite({
    dataDir,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  let result: autocannon.Result;
  let saves: SaveLog;
  let server: { loopDelayMs: Probe["loopDelayMs"]; memoryAfter: Memory };
  try {
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
      adminSaves(site, start, until),
    ]);
    server = { loopDelayMs: (await site.probe()).loopDelayMs, memoryAfter: await site.memory() };
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
  const missing = saves.saved.filter((d) => !stored.history.includes(d));
  const status = (code: string) =>
    Object.entries(result.statusCodeStats ?? {})
      .filter(([c]) => c.startsWith(code))
      .reduce((sum, [, s]) => sum + (s.count ?? 0), 0);

  return {
    seconds: SECONDS,
    connections: CONNECTIONS,
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
      expectedVersion: start.version + saves.saved.length,
      lastSaveIsCurrent: stored.description === saves.saved[saves.saved.length - 1],
    },
  };
}

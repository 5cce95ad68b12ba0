import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeeds } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { syncFeed } from "./ical-import.server.ts";
import { listStays } from "./stays.server.ts";
import { insertTestUnit } from "./test-units.server.ts";

/**
 * Calendar feeds and the network they must not reach (docs/decisions/093-feed-fetches.md): every
 * server here listens on this machine's loopback interface, and the refusals are shown by the
 * servers never being asked. Other addresses are refused in app/lib/safe-fetch.server.test.ts,
 * with a stub resolver that never connects.
 */

const clock = { now: new Date("2026-11-23T03:00:00Z"), horizonDays: 60 };
const GENERIC = "The feed could not be fetched";

const feedText = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//Feed//EN",
  "BEGIN:VEVENT",
  "UID:guarded@x",
  "DTSTAMP:20261101T000000Z",
  "DTSTART;VALUE=DATE:20261210",
  "DTEND;VALUE=DATE:20261214",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

/** A feed host on loopback that counts what it is asked; `/redirect/N` sends N hops to the feed. */
interface FeedHost {
  server: Server;
  port: number;
  requests: string[];
  /** Where `/away` redirects to. */
  away: string;
}

async function feedHost(listenOn: string): Promise<FeedHost> {
  const host: FeedHost = { server: createServer(), port: 0, requests: [], away: "" };
  host.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    host.requests.push(path);
    const hops = /^\/redirect\/(\d+)$/.exec(path);
    if (hops) {
      const left = Number(hops[1]) - 1;
      res.writeHead(302, { location: left > 0 ? `/redirect/${left}` : "/feed.ics" });
      res.end();
    } else if (path === "/away") {
      res.writeHead(302, { location: host.away });
      res.end();
    } else if (path === "/feed.ics") {
      res.writeHead(200, { "content-type": "text/calendar" });
      res.end(feedText);
    } else if (path === "/broken.ics") {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end("oops");
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => host.server.listen(0, listenOn, resolve));
  host.port = (host.server.address() as AddressInfo).port;
  return host;
}

async function closeHost(host: FeedHost | undefined) {
  if (!host) return;
  host.server.closeAllConnections();
  await new Promise((resolve) => host.server.close(resolve));
}

/** A pino logger whose lines the test reads. */
function capturedLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "info", base: undefined }, { write: (line) => lines.push(line) });
  return { logger, text: () => lines.join("") };
}

let trusted: FeedHost;
let other: FeedHost;

beforeAll(async () => {
  // Both stacks of the loopback interface, so [::1] and 127.0.0.1 spellings could reach it.
  trusted = await feedHost("::");
  other = await feedHost("::");
});
afterAll(async () => {
  await closeHost(trusted);
  await closeHost(other);
});

describe.each(TEST_ENGINES)("calendar feed fetches on %s", (engine) => {
  let database: TestDatabase;
  let unit: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    unit = await insertTestUnit(database.db, `guarded-${engine}`);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  async function addFeed(url: string) {
    const [feed] = await database.db
      .insert(calendarFeeds)
      .values({ propertyId: unit, name: "Channel", url })
      .returning();
    if (!feed) throw new Error("no feed");
    return feed.id;
  }
  const storedError = async (id: number) =>
    (await database.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, id)))[0]?.lastError;
  const allowed = () => [`127.0.0.1:${trusted.port}`];

  it("a feed on this machine is fetched only when its host:port is allowed", async () => {
    const id = await addFeed(`http://127.0.0.1:${trusted.port}/feed.ics`);
    const before = trusted.requests.length;
    const refused = await syncFeed(database.db, id, { ...clock, allowHosts: [] });
    expect(refused).toMatchObject({ ok: false, error: GENERIC });
    expect(trusted.requests.length).toBe(before);

    const fetched = await syncFeed(database.db, id, { ...clock, allowHosts: allowed() });
    expect(fetched).toEqual({ ok: true, added: 1, changed: 0, removed: 0 });
    expect(trusted.requests.slice(before)).toEqual(["/feed.ics"]);
    expect((await listStays(database.db, unit)).map((s) => [s.feedUid, s.startDate])).toEqual([
      ["guarded@x", "2026-12-10"],
    ]);
  });

  it("loopback in any spelling is refused before a connection is made", async () => {
    const port = trusted.port;
    const spellings = [
      `http://localhost:${port}/feed.ics`,
      `http://2130706433:${port}/feed.ics`,
      `http://0x7f000001:${port}/feed.ics`,
      `http://0177.0.0.1:${port}/feed.ics`,
      `http://127.1:${port}/feed.ics`,
      `http://[::1]:${port}/feed.ics`,
      `http://[::ffff:127.0.0.1]:${port}/feed.ics`,
      `webcal://127.0.0.1:${port}/feed.ics`,
    ];
    const before = trusted.requests.length;
    for (const url of spellings) {
      const id = await addFeed(url);
      // Allowed is another port of the same host: it must not open this one.
      const result = await syncFeed(database.db, id, {
        ...clock,
        allowHosts: [`127.0.0.1:${other.port}`],
      });
      expect(result, url).toMatchObject({ ok: false, error: GENERIC });
      expect(await storedError(id), url).toBe(GENERIC);
    }
    expect(trusted.requests.length).toBe(before);
  });

  it("a redirect to a host that is not allowed is refused, the other host never asked", async () => {
    other.away = "";
    trusted.away = `http://127.0.0.1:${other.port}/feed.ics`;
    const id = await addFeed(`http://127.0.0.1:${trusted.port}/away`);
    const before = other.requests.length;
    const result = await syncFeed(database.db, id, { ...clock, allowHosts: allowed() });
    expect(result).toMatchObject({ ok: false, error: GENERIC });
    expect(other.requests.length).toBe(before);
    // Allowed too, it is followed.
    const both = [...allowed(), `127.0.0.1:${other.port}`];
    expect(await syncFeed(database.db, id, { ...clock, allowHosts: both })).toMatchObject({
      ok: true,
    });
    expect(other.requests.slice(before)).toEqual(["/feed.ics"]);
  });

  it("three redirects are followed, a fourth is refused", async () => {
    const three = await addFeed(`http://127.0.0.1:${trusted.port}/redirect/3`);
    expect(await syncFeed(database.db, three, { ...clock, allowHosts: allowed() })).toMatchObject({
      ok: true,
    });
    const four = await addFeed(`http://127.0.0.1:${trusted.port}/redirect/4`);
    const before = trusted.requests.length;
    expect(await syncFeed(database.db, four, { ...clock, allowHosts: allowed() })).toMatchObject({
      ok: false,
      error: GENERIC,
    });
    // The first four answers were read; the feed itself never asked for.
    expect(trusted.requests.slice(before)).toEqual([
      "/redirect/4",
      "/redirect/3",
      "/redirect/2",
      "/redirect/1",
    ]);
  });

  it("without the server's setting (a script), CALENDAR_FEED_ALLOW_HOSTS is read from the environment", async () => {
    const id = await addFeed(`http://127.0.0.1:${trusted.port}/feed.ics?from-environment`);
    const saved = process.env.CALENDAR_FEED_ALLOW_HOSTS;
    try {
      delete process.env.CALENDAR_FEED_ALLOW_HOSTS;
      expect(await syncFeed(database.db, id, clock)).toMatchObject({ ok: false, error: GENERIC });
      process.env.CALENDAR_FEED_ALLOW_HOSTS = `calendar.lan:443, 127.0.0.1:${trusted.port}`;
      expect(await syncFeed(database.db, id, clock)).toMatchObject({ ok: true });
    } finally {
      if (saved === undefined) delete process.env.CALENDAR_FEED_ALLOW_HOSTS;
      else process.env.CALENDAR_FEED_ALLOW_HOSTS = saved;
    }
  });

  it("a refused address is told no more than that; a checked host's HTTP status is told; the log has the cause", async () => {
    const cases = [
      {
        url: `http://127.0.0.1:${trusted.port}/broken.ics`,
        cause: /HTTP 500/,
        told: `${GENERIC}: the address answered HTTP 500`,
      },
      {
        url: `http://127.0.0.1:${trusted.port}/missing.ics`,
        cause: /HTTP 404/,
        told: `${GENERIC}: the address answered HTTP 404`,
      },
      {
        url: `http://127.0.0.1:${trusted.port}/feed.ics?not-allowed`,
        cause: /refused.*loopback/i,
        told: GENERIC,
        deny: true,
      },
    ];
    for (const { url, cause, told, deny } of cases) {
      const log = capturedLogger();
      const id = await addFeed(url);
      const result = await syncFeed(database.db, id, {
        ...clock,
        allowHosts: deny ? [] : allowed(),
        logger: log.logger,
      });
      expect(result, url).toMatchObject({ ok: false, error: told });
      expect(await storedError(id), url).toBe(told);
      expect(log.text(), url).toMatch(cause);
      expect(log.text(), url).toContain(`127.0.0.1:${trusted.port}`);
    }
  });
});

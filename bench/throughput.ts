/**
 * Requests per second of pages of the built server, each next to its bare twin, alternating: a plain Node
 * server in a process of its own, started with the flags of `npm start` (bench/bare-server.ts),
 * that answers with the status, headers (in order) and bytes the site sent for the same request,
 * framed the same way (Content-Length, or the same chunks). Before each pair is measured, one
 * response of each is read off the socket and compared byte for byte; only the values that
 * belong to one reply (Date, X-Request-Id, a CSP nonce) may differ, keeping their length. Any
 * other difference stops the benchmark: the ratio would not compare like with like.
 * Pages: home and /api/units (bench/run.ts), a unit page, a filtered home page (from the page
 * cache), a page that is never cached (rendered for every request), and the home page as a
 * browser asks for it (brotli). The ratio is what to compare across machines.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type Probe, root, startFlags } from "./site.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = 16;
/** Each side of a pair is measured in this many turns, alternating (BENCH_SECONDS in all). */
const ROUNDS = Number(process.env.BENCH_TWIN_ROUNDS ?? 2);

export interface Rate {
  rps: number;
  p99ms: number;
  errors: number;
}

export async function rate(
  url: string,
  headers: Record<string, string> = {},
  duration = DURATION_S,
): Promise<Rate> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return {
    rps: Math.round(result.requests.average),
    p99ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Rounds of one side together: requests per second on average, the worst p99, all errors. */
const mean = (rates: Rate[]): Rate => ({
  rps: Math.round(rates.reduce((sum, r) => sum + r.rps, 0) / rates.length),
  p99ms: Math.max(...rates.map((r) => r.p99ms)),
  errors: rates.reduce((sum, r) => sum + r.errors, 0),
});

/** One response exactly as it came over the socket, and what it is made of. */
export interface RawExchange {
  /** Every byte of the response: status line, headers, body with its framing. */
  raw: Buffer;
  status: number;
  statusMessage: string;
  /** Name and value of each header line, in the order sent, as spelled. */
  headers: [string, string][];
  /** The body's chunks as framed when it was sent chunked; null with a Content-Length. */
  chunks: Buffer[] | null;
  body: Buffer;
}

/** Parses a complete response in `data`, or returns undefined when more bytes are needed. */
function parseResponse(data: Buffer): RawExchange | undefined {
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd < 0) return undefined;
  const [statusLine = "", ...lines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = statusLine.match(/^HTTP\/1\.1 (\d{3}) ?(.*)$/);
  if (!status) throw new Error(`not an HTTP/1.1 status line: ${statusLine}`);
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon), line.slice(colon + 1).trim()];
  });
  const header = (name: string) => headers.find(([n]) => n.toLowerCase() === name)?.[1];
  let at = headEnd + 4;
  if (header("transfer-encoding") === "chunked") {
    const chunks: Buffer[] = [];
    for (;;) {
      const lineEnd = data.indexOf("\r\n", at);
      if (lineEnd < 0) return undefined;
      const size = Number.parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
      const next = lineEnd + 2 + size + 2;
      if (data.length < next) return undefined;
      if (size === 0) {
        // The last chunk, no trailers.
        return {
          raw: data.subarray(0, next),
          status: Number(status[1]),
          statusMessage: status[2] ?? "",
          headers,
          chunks,
          body: Buffer.concat(chunks),
        };
      }
      chunks.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = next;
    }
  }
  const length = Number(header("content-length") ?? 0);
  if (data.length < at + length) return undefined;
  return {
    raw: data.subarray(0, at + length),
    status: Number(status[1]),
    statusMessage: status[2] ?? "",
    headers,
    chunks: null,
    body: data.subarray(at, at + length),
  };
}

/**
 * One GET as autocannon sends it (Host, Connection: keep-alive, then `headers`), and the
 * response as it came over the socket.
 */
export async function rawExchange(
  url: string,
  headers: Record<string, string> = {},
): Promise<RawExchange> {
  const { hostname, port, pathname, search } = new URL(url);
  const request = [
    `GET ${pathname}${search} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    "Connection: keep-alive",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      try {
        const response = parseResponse(data);
        if (!response) return;
        socket.destroy();
        resolve({ ...response, raw: Buffer.from(response.raw) });
      } catch (error) {
        socket.destroy();
        reject(error);
      }
    });
    socket.on("error", reject);
    socket.on("end", () => reject(new Error(`${url}: the connection closed mid-response`)));
    socket.write(`${request}\r\n\r\n`);
  });
}

/** Headers whose value is made for each reply: may differ between two replies, length kept. */
const PER_REPLY_VALUES = new Set(["date", "x-request-id"]);

/**
 * The response with every value made for that one reply blanked, length for length: the Date
 * and X-Request-Id values, and the CSP nonce wherever it occurs (the header and the page).
 */
export function withoutPerReplyValues(response: RawExchange): Buffer {
  let text = response.raw.toString("latin1");
  const blank = (value: string) => {
    if (value) text = text.split(value).join("#".repeat(value.length));
  };
  for (const [name, value] of response.headers) {
    if (PER_REPLY_VALUES.has(name.toLowerCase())) blank(value);
    if (name.toLowerCase() === "content-security-policy")
      for (const match of value.matchAll(/'nonce-([^']+)'/g)) blank(match[1] ?? "");
  }
  return Buffer.from(text, "latin1");
}

/**
 * Where two responses differ once their per-reply values are blanked, in words; undefined when
 * they are the same bytes.
 */
export function difference(site: RawExchange, twin: RawExchange): string | undefined {
  const a = withoutPerReplyValues(site);
  const b = withoutPerReplyValues(twin);
  if (a.equals(b)) return undefined;
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const around = (bytes: Buffer) =>
    JSON.stringify(bytes.subarray(Math.max(0, at - 60), at + 60).toString("latin1"));
  return `${a.length} bytes against ${b.length}; first difference at byte ${at}:\n  site: ${around(a)}\n  twin: ${around(b)}`;
}

/** Headers Node's HTTP server writes itself after the ones a handler set, in this order. */
const ADDED_BY_NODE = new Set(["date", "connection", "keep-alive"]);
const FRAMING = new Set(["content-length", "transfer-encoding"]);

/**
 * What the twin is told to send: the headers the site's handler set, in its order (Node adds
 * Date, Connection, Keep-Alive and the framing after them, for the twin as for the site), and
 * the body, as one piece or as the same chunks.
 */
function twinResponse(response: RawExchange) {
  const dateAt = response.headers.findIndex(([name]) => name.toLowerCase() === "date");
  const headers = response.headers.filter(
    ([name], i) =>
      !ADDED_BY_NODE.has(name.toLowerCase()) &&
      !(FRAMING.has(name.toLowerCase()) && dateAt >= 0 && i > dateAt),
  );
  return {
    status: response.status,
    statusMessage: response.statusMessage,
    headers,
    body: response.body.toString("base64"),
    chunks: response.chunks?.map((chunk) => chunk.toString("base64")) ?? null,
  };
}

/**
 * Where the event-loop probe of a server in `dir` writes (bench/server-probe.ts writes it with
 * writeFileSync twice a second): a file in memory (/dev/shm) where there is one, linked from
 * `dir`/probe.json. On a disk other work is writing to, one such write was seen holding the
 * server's event loop for tens of milliseconds, which the probe then counted as the server's.
 */
export async function probeFileInMemory(
  dir: string,
): Promise<{ file: string; remove(): Promise<void> }> {
  const file = path.join(dir, "probe.json");
  let inMemory: string | undefined;
  try {
    inMemory = await mkdtemp("/dev/shm/bench-probe-");
    await symlink(path.join(inMemory, "probe.json"), file);
  } catch {
    // No memory file system: the probe writes to `dir`.
  }
  return {
    file,
    remove: async () => {
      if (inMemory) await rm(inMemory, { recursive: true, force: true });
    },
  };
}

export interface Twin {
  url: string;
  /** Starts a new window of event-loop delay (bench/server-probe.ts). */
  resetProbe(): void;
  /** The twin's event-loop delay since the last reset. */
  probe(): Promise<Probe>;
  close(): Promise<void>;
}

/**
 * Starts the bare twin of `response` in its own process (bench/bare-server.ts), with the event
 * loop's delay recorded as in the site (bench/server-probe.ts).
 */
export async function startTwin(response: RawExchange): Promise<Twin> {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-twin-"));
  const file = path.join(dir, "response.json");
  const probe = await probeFileInMemory(dir);
  const probeFile = probe.file;
  await writeFile(file, JSON.stringify(twinResponse(response)));
  const probeModule = path.join(root, "bench", "server-probe.ts");
  const child = spawn(
    process.execPath,
    [...startFlags(), "--import", probeModule, path.join(root, "bench", "bare-server.ts")],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        BARE_RESPONSE_FILE: file,
        BENCH_PROBE_FILE: probeFile,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.match(/^(\d+)\n/);
      if (line) resolve(Number(line[1]));
    });
    child.once("exit", (code) => reject(new Error(`the bare twin stopped (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    resetProbe: () => child.kill("SIGUSR2"),
    probe: async () => {
      // Written twice a second: wait for the one after now.
      await new Promise((r) => setTimeout(r, 600));
      return JSON.parse(await readFile(probeFile, "utf8"));
    },
    close: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      await probe.remove();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Comparison {
  site: Rate;
  bare: Rate;
  ratio: number;
  bytes: number;
  /** The load average (1 minute) before and after the pair. */
  loadAverage: [number, number];
}

/**
 * The page at `pagePath` of the site and its bare twin, measured one after the other, after
 * checking that the twin sends the same bytes (throws if not).
 */
export async function compareWithTwin(
  siteUrl: string,
  pagePath: string,
  headers: Record<string, string> = {},
): Promise<Comparison> {
  const url = `${siteUrl}${pagePath}`;
  // Twice: the first may render the page and put it in the cache.
  await rawExchange(url, headers);
  const response = await rawExchange(url, headers);
  const twin = await startTwin(response);
  try {
    const [site, bare] = [await rawExchange(url, headers), await rawExchange(twin.url, headers)];
    const differs = difference(site, bare);
    if (differs)
      throw new Error(`the bare twin of ${pagePath} does not send what the site sends: ${differs}`);
    // Alternating, in ROUNDS rounds, so that a change of the machine's load meets both.
    const loadBefore = +(loadavg()[0] ?? 0).toFixed(2);
    const siteRates: Rate[] = [];
    const bareRates: Rate[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      siteRates.push(await rate(url, headers, DURATION_S / ROUNDS));
      bareRates.push(await rate(twin.url, headers, DURATION_S / ROUNDS));
    }
    const siteRate = mean(siteRates);
    const bareRate = mean(bareRates);
    return {
      site: siteRate,
      bare: bareRate,
      ratio: +(siteRate.rps / bareRate.rps).toFixed(3),
      bytes: response.body.length,
      loadAverage: [loadBefore, +(loadavg()[0] ?? 0).toFixed(2)],
    };
  } finally {
    await twin.close();
  }
}

export const THROUGHPUT_PAGES = [
  { name: "unit", path: "/units/canopy-pool-villa-v-01", headers: {} },
  { name: "filteredHome", path: "/?location=Kamala&type=condo&bedrooms=2", headers: {} },
  { name: "uncached", path: "/owners/roi", headers: {} },
  { name: "homeBrotli", path: "/", headers: { "Accept-Encoding": "br" } },
] as const;

/** Each page of THROUGHPUT_PAGES and its bare twin, measured one after the other. */
export async function moreThroughput(siteUrl: string) {
  const results: Record<string, Comparison> = {};
  for (const page of THROUGHPUT_PAGES)
    results[page.name] = await compareWithTwin(siteUrl, page.path, page.headers);
  return results;
}

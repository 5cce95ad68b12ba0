/**
 * Requests per second of more pages of the built server, each next to a bare Node server that
 * answers the same status, headers and bytes (as encoded for the same request headers): a unit page, a filtered home page (both from the page cache), a page
 * that is never cached (rendered for every request), and the home page as a browser asks for
 * it (brotli). The ratio is what to compare across machines.
 */
import { createServer } from "node:http";
import autocannon from "autocannon";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;

interface Rate {
  rps: number;
  p99ms: number;
  errors: number;
}

async function rate(url: string, headers: Record<string, string>): Promise<Rate> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    rps: Math.round(result.requests.average),
    p99ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Headers that belong to one reply or one connection, not to what is sent. */
const PER_REPLY = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** A response exactly as the site sent it for these request headers: status, headers, bytes. */
export interface RawResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** A bare Node server answering every request with this status, these headers and bytes. */
export async function bare(response: RawResponse) {
  const server = createServer((_req, res) => {
    res.writeHead(response.status, response.headers.flat());
    res.end(response.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The response exactly as the site sends it for these request headers (still encoded). */
export async function rawResponse(
  url: string,
  headers: Record<string, string>,
): Promise<RawResponse> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const kept: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          if (!PER_REPLY.has(name.toLowerCase()))
            kept.push([name, res.rawHeaders[i + 1] as string]);
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    })
      .on("error", reject)
      .end();
  });
}

export const THROUGHPUT_PAGES = [
  { name: "unit", path: "/units/canopy-pool-villa-v-01", headers: {} },
  { name: "filteredHome", path: "/?location=Kamala&type=condo&bedrooms=2", headers: {} },
  { name: "uncached", path: "/owners/roi", headers: {} },
  { name: "homeBrotli", path: "/", headers: { "Accept-Encoding": "br" } },
] as const;

/** Each page of THROUGHPUT_PAGES and its bare twin, measured one after the other. */
export async function moreThroughput(siteUrl: string) {
  const results: Record<string, { site: Rate; bare: Rate; ratio: number; bytes: number }> = {};
  for (const page of THROUGHPUT_PAGES) {
    const url = `${siteUrl}${page.path}`;
    // Twice: the first may render the page and put it in the cache.
    await rawResponse(url, page.headers);
    const response = await rawResponse(url, page.headers);
    const twin = await bare(response);
    const site = await rate(url, page.headers);
    const bareRate = await rate(twin.url, page.headers);
    await twin.close();
    results[page.name] = {
      site,
      bare: bareRate,
      ratio: +(site.rps / bareRate.rps).toFixed(3),
      bytes: response.body.length,
    };
  }
  return results;
}

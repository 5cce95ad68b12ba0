/**
 * Requests per second of more pages of the built server, each next to a bare Node server that
 * answers the same bytes: a unit page, a filtered home page (both from the page cache), a page
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

/** A bare Node server answering every request with these bytes and headers. */
async function bare(body: Buffer, headers: Record<string, string>) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { ...headers, "Content-Length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The body exactly as the site sends it for these request headers (still encoded). */
async function rawBody(url: string, headers: Record<string, string>) {
  const { request } = await import("node:http");
  return new Promise<{ body: Buffer; type: string; encoding: string | undefined }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            body: Buffer.concat(chunks),
            type: String(res.headers["content-type"]),
            encoding: res.headers["content-encoding"],
          }),
        );
      })
        .on("error", reject)
        .end();
    },
  );
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
    await rawBody(url, page.headers);
    const { body, type, encoding } = await rawBody(url, page.headers);
    const twin = await bare(body, {
      "Content-Type": type,
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    const site = await rate(url, page.headers);
    const bareRate = await rate(twin.url, page.headers);
    await twin.close();
    results[page.name] = {
      site,
      bare: bareRate,
      ratio: +(site.rps / bareRate.rps).toFixed(3),
      bytes: body.length,
    };
  }
  return results;
}

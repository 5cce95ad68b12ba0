/**
 * The bare twin of one response of the site (bench/throughput.ts): a plain Node HTTP server in a
 * process of its own, started with the flags `npm start` gives the site, answering every request
 * with the status, headers (in the site's order) and bytes the site sent, as one body or as the
 * same chunks. Node adds Date,
 * Connection, Keep-Alive and Content-Length itself, where it adds them for the site, with the
 * site's keep-alive timeout (server/listen.ts). Reads the response from the JSON file named by
 * BARE_RESPONSE_FILE; prints its port on the first line of its output once it listens.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { KEEP_ALIVE_MS } from "../server/listen.ts";

interface StoredResponse {
  status: number;
  statusMessage: string;
  headers: [string, string][];
  body: string;
  /** The body's chunks, each written as one, when the site sent it chunked. */
  chunks: string[] | null;
}

const file = process.env.BARE_RESPONSE_FILE;
if (!file) throw new Error("BARE_RESPONSE_FILE names the response to send");
const stored = JSON.parse(readFileSync(file, "utf8")) as StoredResponse;
const body = Buffer.from(stored.body, "base64");
const chunks = stored.chunks?.map((chunk) => Buffer.from(chunk, "base64")) ?? null;
// A name sent on several lines is set once, with every value, where it first came.
const headers = new Map<string, string[]>();
for (const [name, value] of stored.headers)
  headers.set(name, [...(headers.get(name) ?? []), value]);

const server = createServer((_req, res) => {
  // As the site does: headers set one by one, the head written with the body, so that Node
  // frames it the same way (Content-Length for one body; writeHead would send it chunked).
  for (const [name, values] of headers)
    res.setHeader(name, values.length === 1 ? (values[0] as string) : values);
  res.statusCode = stored.status;
  res.statusMessage = stored.statusMessage;
  if (!chunks) {
    res.end(body);
    return;
  }
  for (const chunk of chunks) res.write(chunk);
  res.end();
});
server.keepAliveTimeout = KEEP_ALIVE_MS;
server.headersTimeout = KEEP_ALIVE_MS + 1_000;
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));

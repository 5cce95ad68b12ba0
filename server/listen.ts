import type { Server } from "node:http";
import type { Express } from "express";

/**
 * How long an idle keep-alive connection stays open between requests. Node's default, 5 s, is
 * shorter than the idle timeout of the proxies and load balancers that sit in front of a site
 * (60 s is common) and than the pauses of a visitor's browser: a client that sends its next
 * request on a connection just as the server closes it gets a reset instead of an answer. Longer
 * than a proxy's, the proxy closes first, which it handles.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Starts serving `app` on `port` and `host`, with keep-alive connections kept as said above. */
export function listen(app: Express, port: number, host: string, onListening?: () => void): Server {
  const server = app.listen(port, host, onListening);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node's rule: the time allowed for a request's headers must exceed the keep-alive timeout.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}

import type { NextFunction, Request, RequestHandler, Response } from "express";
import { contentVersion, PageCache } from "../app/lib/page-cache.server.ts";
import type { ResponseHints } from "../app/lib/request-context.ts";
import type { Runtime } from "../app/lib/runtime.server.ts";
import { withTimeout } from "../app/lib/timeout.ts";

/** Public pages (in either language) and their data requests; never the admin or forms. */
export function isCacheablePath(path: string): boolean {
  const bare = path === "/ru.data" ? "/_.data" : path.replace(/^\/ru(?=\/|$)/, "") || "/";
  return /^\/(|_\.data|units\/[^/]+|about(\.data)?|blog(\.data)?|blog\/[^/]+|api\/units|sitemap\.xml)$/.test(
    bare,
  );
}
const VERSION_TTL_MS = 250;

const NOT_REPLAYED = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "transfer-encoding",
  "connection",
  "date",
  "vary",
  "x-cache",
]);

/**
 * Serves anonymous GETs of public pages from memory while the listing has not changed (the
 * content version, bumped by a database trigger on every write). Each reply gets a fresh CSP
 * nonce. Pages built from fallback data, with cookies, or marked private are never kept.
 */
export function pageCacheMiddleware(runtime: Runtime, cache = new PageCache()): RequestHandler {
  // The version is read at most every VERSION_TTL_MS; a write handled here forgets it at once,
  // so an admin sees a change immediately and other servers within that time.
  let memo = { version: "", readAt: 0 };
  const currentVersion = async () => {
    if (Date.now() - memo.readAt < VERSION_TTL_MS) return memo.version;
    const version = await withTimeout(contentVersion(runtime.database.db), 1_000);
    memo = { version, readAt: Date.now() };
    return version;
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.on("finish", () => {
        memo.readAt = 0;
      });
      return next();
    }
    if (req.method !== "GET" || !isCacheablePath(req.path) || !runtime.databaseReady) return next();
    let version: string;
    try {
      version = await currentVersion();
    } catch {
      return next();
    }
    const key = req.originalUrl;
    const nonce = res.locals.cspNonce as string;
    const hit = cache.get(key, version);
    if (hit) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Cache", "hit");
      const html = hit.headers.some(([n, v]) => n === "content-type" && v.startsWith("text/html"));
      res
        .status(hit.status)
        .end(html ? Buffer.from(hit.body.toString("utf8").replaceAll(hit.nonce, nonce)) : hit.body);
      return;
    }

    res.setHeader("X-Cache", "miss");
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(
                chunk,
                typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
              )
            : Buffer.from(chunk as Uint8Array),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      const hints = res.locals.hints as ResponseHints | undefined;
      if (
        res.statusCode === 200 &&
        hints?.cacheable !== false &&
        !res.getHeader("set-cookie") &&
        !/no-store|private/.test(cacheControl)
      ) {
        const headers = Object.entries(res.getHeaders())
          .filter(([name, value]) => !NOT_REPLAYED.has(name) && value !== undefined)
          .map(
            ([name, value]) =>
              [name, Array.isArray(value) ? value.join(", ") : String(value)] as [string, string],
          );
        cache.set(key, { status: 200, headers, body: Buffer.concat(chunks), nonce, version });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}

import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { contentVersion } from "../app/db/content-version.server.ts";
import type { Runtime } from "../app/db/runtime.server.ts";
import { DEFERRED_MODULE_TYPE } from "../app/lib/late-module-preloads.server.ts";
import { CACHED_ENCODINGS, type CachedPage, PageCache } from "../app/lib/page-cache.server.ts";
import type { ResponseHints } from "../app/lib/request-context.ts";
import { withTimeout } from "../app/lib/timeout.ts";
import { pickEncoding } from "./content-encoding.ts";

/** Public pages (in either language) and their data requests; never the admin or forms. */
export function isCacheablePath(path: string): boolean {
  const bare = path === "/ru.data" ? "/_.data" : path.replace(/^\/ru(?=\/|$)/, "") || "/";
  return /^\/(|_\.data|units\/[^/]+|units\/[^/]+\/calendar\.ics|about(\.data)?|blog(\.data)?|blog\/[^/]+|api\/units|sitemap\.xml)$/.test(
    bare,
  );
}
const VERSION_TTL_MS = 250;

/** Headers of the rendering response that belong to that one reply, not to the page. */
const NOT_REPLAYED = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "transfer-encoding",
  "connection",
  "date",
  "vary",
  "x-cache",
  "x-request-id",
]);

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The attributes of a start tag (the text after its name), by lower-case name; the first wins. */
function tagAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(
    /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
  )) {
    const name = (match[1] ?? "").toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/**
 * The SHA-256 sources of the inline scripts the page was rendered to run: the exact text between
 * `<script …>` and `</script>` of each script without `src` that carries the response's `nonce`
 * and is JavaScript (data blocks such as application/ld+json are never run and need none), and
 * the entry script that waits for the page to load (late-module-preloads.server.ts) before a
 * copy of it runs. A script without the nonce (markup that found its way into the page) would
 * not run on the page as rendered, and is not allowed on its kept copy either.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = tagAttributes(match[1] ?? "");
    if (attributes.has("src") || attributes.get("nonce") !== nonce) continue;
    const type = attributes.get("type")?.trim().toLowerCase();
    // The entry script waiting for the load event runs as a copy of itself: same text, same hash.
    if (type && type !== "module" && type !== "text/javascript" && type !== DEFERRED_MODULE_TYPE)
      continue;
    const digest = createHash("sha256")
      .update(match[2] ?? "", "utf8")
      .digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/**
 * The page's policy with its one-time nonce replaced by the hashes of the scripts it carries:
 * a kept page allows exactly those scripts, whoever asks for it, and no nonce is ever reused.
 */
export function policyWithHashes(policy: string, nonce: string, hashes: string[]): string {
  const source = `'nonce-${nonce}'`;
  // With no inline script at all, 'self' alone is left.
  return policy.replace(hashes.length > 0 ? source : ` ${source}`, hashes.join(" "));
}

/** Compresses a page once, in every encoding it is kept in. */
async function cachedBodies(body: Buffer, isText: boolean): Promise<CachedPage["bodies"]> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: isText
          ? zlibConstants.BROTLI_MODE_TEXT
          : zlibConstants.BROTLI_MODE_GENERIC,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: zlibConstants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz, identity: body };
}

export interface PageCacheMiddleware {
  /** Answers from memory; early in the chain, before anything a kept page already carries. */
  serve: RequestHandler;
  /** Keeps what the app rendered; late in the chain, after compression, to see the raw body. */
  fill: RequestHandler;
  cache: PageCache;
}

/**
 * Serves anonymous GETs of public pages from memory while the listing has not changed (the
 * content version, bumped by a database trigger on every write). A kept page is compressed once
 * per encoding and sent as it is: its inline scripts are allowed by their hashes instead of the
 * nonce it was rendered with (docs/decisions/040). Pages built from fallback data, with cookies,
 * or marked private are never kept.
 */
export function pageCacheMiddleware(
  runtime: Runtime,
  cache = new PageCache(),
): PageCacheMiddleware {
  // The version is read at most every VERSION_TTL_MS; a write handled here forgets it at once,
  // so an admin sees a change immediately and other servers within that time.
  let memo = { version: "", readAt: 0 };
  const currentVersion = async () => {
    if (Date.now() - memo.readAt < VERSION_TTL_MS) return memo.version;
    const version = await withTimeout(contentVersion(runtime.database.db), 1_000);
    memo = { version, readAt: Date.now() };
    return version;
  };
  const pending = new Set<string>();

  const serve = async (req: Request, res: Response, next: NextFunction) => {
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
    res.locals.pageCacheVersion = version;
    const hit = cache.get(req.originalUrl, version);
    if (!hit) return next();
    const encoding = pickEncoding(req.headers["accept-encoding"], CACHED_ENCODINGS) ?? "identity";
    for (const [name, value] of hit.headers) res.setHeader(name, value);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Cache", "hit");
    res.statusCode = hit.status;
    res.end(hit.bodies[encoding]);
  };

  const fill = (req: Request, res: Response, next: NextFunction) => {
    const version = res.locals.pageCacheVersion as string | undefined;
    if (version === undefined) return next();
    res.setHeader("X-Cache", "miss");
    const key = req.originalUrl;
    const nonce = res.locals.cspNonce as string | undefined;
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
        !/no-store|private/.test(cacheControl) &&
        !pending.has(key)
      ) {
        const headers = Object.entries(res.getHeaders())
          .filter(([name, value]) => !NOT_REPLAYED.has(name) && value !== undefined)
          .map(
            ([name, value]) =>
              [name, Array.isArray(value) ? value.join(", ") : String(value)] as [string, string],
          );
        const body = Buffer.concat(chunks);
        const type = String(res.getHeader("content-type") ?? "");
        const policy = res.getHeader("content-security-policy");
        if (typeof policy === "string" && nonce) {
          const hashes = type.startsWith("text/html")
            ? inlineScriptHashes(body.toString("utf8"), nonce)
            : [];
          headers.push(["content-security-policy", policyWithHashes(policy, nonce, hashes)]);
        }
        // Compressed off the main thread; until then the page is simply rendered again.
        pending.add(key);
        cachedBodies(body, /^(text\/|application\/(json|xml))/.test(type))
          .then((bodies) => cache.set(key, { status: 200, headers, bodies, version }))
          .catch((error: unknown) =>
            runtime.logger.warn({ err: error, url: key }, "could not keep a page"),
          )
          .finally(() => pending.delete(key));
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  };

  return { serve, fill, cache };
}

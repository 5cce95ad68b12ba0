import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import {
  contentChanges,
  contentVersion,
  unitsChangedBetween,
} from "../app/db/content-version.server.ts";
import type { Runtime } from "../app/db/runtime.server.ts";
import { DEFERRED_MODULE_TYPE } from "../app/lib/late-module-preloads.server.ts";
import {
  CACHED_ENCODINGS,
  type CachedPage,
  PageCache,
  type Revalidation,
} from "../app/lib/page-cache.server.ts";
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
/** How long a request waits for another request's render of the same page before its own. */
export const RENDER_WAIT_MS = 10_000;

/**
 * What a change to some units (by slug; null: anything) means for a kept page, by its key (the
 * address as asked for). The changed units' own pages, their data and calendars, and every page
 * listing units (home with any filters, /api/units, the sitemap) are dropped: the next request
 * renders them. Other units' pages may show a changed unit among their similar units: they are
 * sent stale while one request renders them again. About and the blog show no unit: kept.
 */
export function revalidationOf(key: string, units: ReadonlySet<string> | null): Revalidation {
  if (units === null) return "drop";
  const path = key.split("?")[0] ?? "";
  const bare = path === "/ru.data" ? "/_.data" : path.replace(/^\/ru(?=\/|$)/, "") || "/";
  if (/^\/(about(\.data)?|blog(\.data)?|blog\/[^/]+)$/.test(bare)) return "keep";
  const unit = bare.match(/^\/units\/([^/]+?)(\.data)?(\/calendar\.ics)?$/);
  if (!unit) return "drop";
  let slug: string;
  try {
    slug = decodeURIComponent(unit[1] ?? "");
  } catch {
    return "drop";
  }
  if (units.has(slug)) return "drop";
  return unit[3] ? "keep" : "stale";
}

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

/**
 * Brotli's quality for a page kept at once. Its best quality (11) takes about 210 ms of CPU for
 * the home page's 230 KB, ten times its render, for 11% fewer bytes than quality 9 and 13% fewer
 * than this one, which takes 3 ms (measured on this project's machine, decision 099): after an
 * admin's save every page it touched was compressed that way again.
 */
export const QUICK_BROTLI_QUALITY = 5;
/** A page still kept, unchanged, this long after it was kept is compressed again at the best. */
export const BEST_COMPRESSION_AFTER_MS = 2_000;
const BROTLI_BEST = zlibConstants.BROTLI_MAX_QUALITY;

const brotli = (body: Buffer, isText: boolean, quality: number) =>
  brotliAsync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      [zlibConstants.BROTLI_PARAM_MODE]: isText
        ? zlibConstants.BROTLI_MODE_TEXT
        : zlibConstants.BROTLI_MODE_GENERIC,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/** Compresses a page once, in every encoding it is kept in; brotli quickly, for now. */
async function cachedBodies(body: Buffer, isText: boolean): Promise<CachedPage["bodies"]> {
  const [br, gz] = await Promise.all([
    brotli(body, isText, QUICK_BROTLI_QUALITY),
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
 *
 * After a write whose units are recorded (an admin's save, content-version.server.ts), only the
 * pages it touches are rendered again (revalidationOf); after any other write, every page. A
 * page is rendered by one request at a time: others asking for it meanwhile wait for that
 * render, or are sent its stale copy when it was only marked stale (docs/decisions/099).
 */
export function pageCacheMiddleware(
  runtime: Runtime,
  cache = new PageCache(),
): PageCacheMiddleware {
  // The version is read at most every VERSION_TTL_MS; a write handled here forgets it at once,
  // so an admin sees a change immediately and other servers within that time. When it moved,
  // the kept pages are gone through once: those the change touched are dropped or marked stale.
  let memo = { version: "", readAt: 0 };
  // Reads are numbered: one that began before a later one was applied is not applied itself.
  let reads = 0;
  let applied = 0;
  let reading: Promise<string> | undefined;
  const readVersion = async () => {
    const read = ++reads;
    const base = memo.version;
    const version = await withTimeout(contentVersion(runtime.database.db), 1_000);
    let units: Set<string> | null = null;
    if (base !== "" && version !== base) {
      try {
        const changes = await withTimeout(contentChanges(runtime.database.db), 1_000);
        units = unitsChangedBetween(changes, Number(base), Number(version));
      } catch {
        // Not known what changed: every page is rendered again.
      }
    }
    if (read < applied) return memo.version;
    applied = read;
    const before = memo.version;
    if (before !== "" && version !== before) {
      // What changed is known from the version this read began with; else every page again.
      const known = before === base ? units : null;
      cache.revalidate(before, version, (key) => revalidationOf(key, known));
    }
    memo = { version, readAt: Date.now() };
    return version;
  };
  const currentVersion = async () => {
    if (Date.now() - memo.readAt < VERSION_TTL_MS) return memo.version;
    reading ??= readVersion().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const pending = new Set<string>();
  // Pages kept with quick brotli, compressed again at the best one at a time once they have
  // stayed unchanged for a while: a page a save replaces within that time never costs it.
  const toCompress: { key: string; page: CachedPage; isText: boolean; due: number }[] = [];
  let compressing = false;
  const compressBest = (key: string, page: CachedPage, isText: boolean) => {
    if (page.bodies.identity.length === 0) return;
    toCompress.push({ key, page, isText, due: Date.now() + BEST_COMPRESSION_AFTER_MS });
    if (compressing) return;
    compressing = true;
    void (async () => {
      for (let next = toCompress.shift(); next; next = toCompress.shift()) {
        const wait = next.due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
        if (cache.peek(next.key) !== next.page) continue;
        try {
          const br = await brotli(next.page.bodies.identity, next.isText, BROTLI_BEST);
          if (cache.peek(next.key) === next.page && br.length < next.page.bodies.br.length)
            cache.set(next.key, { ...next.page, bodies: { ...next.page.bodies, br } });
        } catch (error) {
          runtime.logger.warn({ err: error, url: next.key }, "could not compress a page");
        }
      }
      compressing = false;
    })();
  };
  // A page being rendered, by key, at the version it was asked for: other requests for it wait
  // for that render (or are sent its stale copy) instead of rendering it too.
  const rendering = new Map<string, { version: string; done: Promise<void> }>();
  // Pages whose last render at a version was not kept (a cookie set, a 4xx, a chosen currency):
  // requests for them render at once instead of waiting for one another.
  const notKept = new Map<string, string>();

  const send = (req: Request, res: Response, page: CachedPage, state: string) => {
    const encoding = pickEncoding(req.headers["accept-encoding"], CACHED_ENCODINGS) ?? "identity";
    for (const [name, value] of page.headers) res.setHeader(name, value);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Cache", state);
    res.statusCode = page.status;
    res.end(page.bodies[encoding]);
  };

  const serve = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.on("finish", () => {
        // The next request reads the version again, not joining a read begun before this write.
        memo.readAt = 0;
        reading = undefined;
      });
      return next();
    }
    if (req.method !== "GET" || !isCacheablePath(req.path) || !runtime.databaseReady) return next();
    // A version read within VERSION_TTL_MS is used as it is: a kept page is sent at once, with
    // no promise to wait for (most requests under load).
    if (Date.now() - memo.readAt < VERSION_TTL_MS) return serveAt(req, res, next, memo.version);
    return currentVersion().then(
      (version) => serveAt(req, res, next, version),
      () => next(),
    );
  };

  const serveAt = (req: Request, res: Response, next: NextFunction, version: string) => {
    res.locals.pageCacheVersion = version;
    const key = req.originalUrl;
    const hit = cache.get(key, version);
    if (hit) return send(req, res, hit, "hit");
    return missed(req, res, next, key, version);
  };

  const missed = async (
    req: Request,
    res: Response,
    next: NextFunction,
    key: string,
    version: string,
  ) => {
    if (notKept.get(key) === version) return next();
    const render = rendering.get(key);
    if (render?.version === version) {
      const stale = cache.stale(key);
      if (stale) return send(req, res, stale, "stale");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        render.done,
        new Promise((resolve) => {
          timer = setTimeout(resolve, RENDER_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      const kept = cache.get(key, version);
      if (kept) return send(req, res, kept, "hit");
      return next();
    }
    // This request renders the page; it is done when the page is kept, or was not to be kept.
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const entry = { version, done };
    rendering.set(key, entry);
    res.once("close", () => {
      const keeping = res.locals.pageCacheKeeping as Promise<void> | undefined;
      if (res.locals.pageCacheUnkeepable === true) {
        if (notKept.size >= 1_000) notKept.clear();
        notKept.set(key, version);
      }
      void Promise.resolve(keeping).then(() => {
        if (rendering.get(key) === entry) rendering.delete(key);
        finish();
      });
    });
    next();
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
      const keepable =
        res.statusCode === 200 &&
        hints?.cacheable !== false &&
        !res.getHeader("set-cookie") &&
        !/no-store|private/.test(cacheControl);
      if (!keepable) res.locals.pageCacheUnkeepable = true;
      if (keepable && !pending.has(key)) {
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
        const isText = /^(text\/|application\/(json|xml))/.test(type);
        res.locals.pageCacheKeeping = cachedBodies(body, isText)
          .then((bodies) => {
            const page = { status: 200, headers, bodies, version };
            cache.set(key, page);
            compressBest(key, page, isText);
          })
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

import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { pickEncoding } from "./content-encoding.ts";

/** Compressed twins the build writes beside each text asset, by encoding. */
export const PRECOMPRESSED = { br: ".br", gzip: ".gz" } as const;
type Encoding = keyof typeof PRECOMPRESSED;
const PREFERENCE = ["br", "gzip", "identity"] as const;

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

/**
 * Sends the build's `.br` or `.gz` twin of a hashed asset when the browser accepts it, with the
 * asset's own type, `Content-Encoding` and `Vary: Accept-Encoding`; the static handler after it
 * does the rest (caching headers, ranges, 304s). Files without twins are left to it as they are.
 * The directory is read once: hashed assets never change while the server runs.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const twins = new Map<string, Set<Encoding>>();
  let files: string[] = [];
  try {
    files = readdirSync(dir, { recursive: true }).map(String);
  } catch {}
  for (const file of files) {
    for (const [encoding, suffix] of Object.entries(PRECOMPRESSED) as [Encoding, string][]) {
      if (!file.endsWith(suffix)) continue;
      const original = file.slice(0, -suffix.length);
      if (!statSync(path.join(dir, original), { throwIfNoEntry: false })?.isFile()) continue;
      const key = `/${original.split(path.sep).join("/")}`;
      twins.set(key, (twins.get(key) ?? new Set()).add(encoding));
    }
  }
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const available = twins.get(req.path);
    if (!available) return next();
    res.setHeader("Vary", "Accept-Encoding");
    const encoding = pickEncoding(
      req.headers["accept-encoding"],
      PREFERENCE.filter((e) => e === "identity" || available.has(e)),
    );
    if (!encoding || encoding === "identity") return next();
    const type = TYPES[path.extname(req.path)];
    if (type) res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    req.url = `${req.path}${PRECOMPRESSED[encoding]}`;
    next();
  };
}

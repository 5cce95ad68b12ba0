import { pipeline } from "node:stream";
import express, { type RequestHandler } from "express";
import { MEDIA_CACHE_CONTROL, S3Storage } from "../app/features/media/s3-storage.server.ts";
import { isPublicMediaPath } from "../app/features/media/storage.server.ts";
import type { AppConfig } from "../app/lib/config.server.ts";
import type { Logger } from "../app/lib/logger.server.ts";
import type { MediaStorage } from "../app/lib/media-storage.ts";

/**
 * `/media/...`, mounted there (never `private/`, owners' documents): pictures from local disk, or streamed from the S3 bucket with the
 * same headers, so pages keep naming them on this site's own origin. With MEDIA_PUBLIC_URL set,
 * a permanent redirect sends browsers to the CDN or bucket instead.
 */
export function mediaHandler(
  config: AppConfig,
  storage: MediaStorage,
  logger: Logger,
): RequestHandler {
  if (config.mediaPublicUrl) {
    const base = config.mediaPublicUrl;
    return (req, res) => {
      const file = req.path.slice(1);
      if (!isPublicMediaPath(file)) return notFound(res);
      res.set("Cache-Control", MEDIA_CACHE_CONTROL).redirect(301, `${base}/${file}`);
    };
  }
  if (storage instanceof S3Storage) return fromBucket(storage, logger);
  const files = express.static(config.mediaDir, {
    immutable: true,
    maxAge: "1y",
    index: false,
    fallthrough: false,
    dotfiles: "deny",
  });
  // Owners' documents live under private/: only the portal's checked download serves them.
  return (req, res, next) => {
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return notFound(res);
    }
    if (/^[/\\]*private([/\\]|$)/i.test(path)) return notFound(res);
    return files(req, res, next);
  };
}

function fromBucket(storage: S3Storage, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD").status(405).type("text/plain").send("Method not allowed");
      return;
    }
    const file = req.path.slice(1);
    if (!isPublicMediaPath(file)) return notFound(res);
    let object: Awaited<ReturnType<S3Storage["open"]>>;
    try {
      object = await storage.open(file, req.get("if-none-match"));
    } catch (error) {
      return next(error);
    }
    if (object === undefined) return notFound(res);
    res.set("Cache-Control", MEDIA_CACHE_CONTROL);
    if (object === "not-modified") {
      res.status(304).end();
      return;
    }
    res.set("Content-Type", object.contentType);
    if (object.contentLength !== undefined) res.set("Content-Length", String(object.contentLength));
    if (object.etag) res.set("ETag", object.etag);
    if (object.lastModified) res.set("Last-Modified", object.lastModified.toUTCString());
    if (req.method === "HEAD") {
      object.body.destroy();
      res.end();
      return;
    }
    // A client that goes away ends the read from the bucket too.
    pipeline(object.body, res, (error) => {
      if (error && error.code !== "ERR_STREAM_PREMATURE_CLOSE")
        logger.warn({ err: error, file }, "picture stream from the bucket broke");
    });
  };
}

function notFound(res: express.Response) {
  res.status(404).type("text/plain").send("Not found");
}

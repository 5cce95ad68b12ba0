import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { type Logger, runWithRequestLogger } from "../app/lib/logger.server.ts";

/** A request id taken from a proxy: short, and safe to write into logs and headers. */
const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Gives every request an id: the X-Request-Id of a trusted proxy (per TRUST_PROXY) when it is a
 * short safe token, else a new one. It is sent back in X-Request-Id, and the request's child
 * logger (`res.locals.logger`, and `currentLogger()` anywhere in the request's async work)
 * writes it as `reqId` on every line. The child logger is made when first used.
 */
export function requestIdMiddleware(
  logger: Logger,
  isTrustedProxy: (address: string) => boolean,
): RequestHandler {
  return (req, res, next) => {
    const given = req.get("x-request-id");
    const id =
      given !== undefined && SAFE_ID.test(given) && isTrustedProxy(req.socket.remoteAddress ?? "")
        ? given
        : randomUUID();
    res.set("X-Request-Id", id);
    // Made when first used: a page answered from the page cache logs nothing and needs none.
    let child: Logger | undefined;
    const requestLogger = () => {
      child ??= logger.child({ reqId: id });
      return child;
    };
    Object.defineProperty(res.locals, "logger", {
      get: requestLogger,
      set: (value: Logger) => {
        child = value;
      },
      enumerable: true,
      configurable: true,
    });
    runWithRequestLogger(requestLogger, next);
  };
}

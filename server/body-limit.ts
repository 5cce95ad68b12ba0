import type { Request, RequestHandler, Response } from "express";
import {
  bodyLimitFor,
  bodyTooLargeError,
  tooLargeMessage,
} from "../app/lib/request-body.server.ts";

/**
 * How much of an unread body is drained, and for how long, before the connection is cut. Closing
 * a connection with unread data makes the kernel reset it, and a reset can destroy the answer
 * before the client reads it; draining (never keeping) the rest first lets the client see the
 * 413. Past these bounds the connection is cut all the same.
 */
export const DISCARD_BYTES = 32 * 1024 * 1024;
const DISCARD_MS = 5_000;

/**
 * Bodies are bounded by path (see `bodyLimitFor`). A request whose declared length is past its
 * path's limit is answered 413 at once, before a byte of it is kept.
 *
 * Every other body is counted as it arrives, whatever reads it: once more bytes have come than the
 * path allows (a body sent without a length, chunked), the request is answered 413, and whoever
 * was reading the body (the route's `readForm`, or anything else) stops receiving it and sees its
 * stream fail. So no handler ever holds more than its path's limit, even one that forgot the
 * bounded reader.
 *
 * A body left unread when the answer is sent is drained and thrown away, so that a client still
 * sending receives the answer, but only up to a bound in bytes and time: then the connection is
 * cut.
 */
export function bodyLimit(): RequestHandler {
  return (req, res, next) => {
    const limit = bodyLimitFor(req.path);
    const declared = req.headers["content-length"];
    const hasBody = declared !== undefined || req.headers["transfer-encoding"] !== undefined;
    if (!hasBody) return next();
    const guard = guardBody(req, res, limit);
    res.once("finish", guard.discardRest);
    if (declared === undefined || Number(declared) <= limit) return next();
    refuse(res, limit);
  };
}

function refuse(res: Response, limit: number) {
  res.status(413).set("Cache-Control", "no-store").type("text/plain").send(tooLargeMessage(limit));
}

/**
 * Counts the body's bytes from the first one read. Past `limit`, the readers are detached and
 * their stream fails, the client is answered 413, and the rest is thrown away (bounded).
 */
function guardBody(req: Request, res: Response, limit: number) {
  let received = 0;
  /** Past this many bytes received the connection is cut; set once nothing reads any more. */
  let cutAt = Number.POSITIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;

  const cut = () => req.socket.destroy();
  const discardRest = () => {
    if (req.complete || cutAt !== Number.POSITIVE_INFINITY) return;
    cutAt = received + DISCARD_BYTES;
    timer = setTimeout(cut, DISCARD_MS);
    timer.unref();
    req.once("end", () => clearTimeout(timer));
    // Whatever was reading the body stops receiving it; only the count below goes on.
    for (const reader of req.listeners("data")) {
      if (reader !== count) req.off("data", reader as (chunk: Buffer) => void);
    }
    req.resume();
  };

  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > cutAt) return cut();
    if (received <= limit || cutAt !== Number.POSITIVE_INFINITY) return;
    // This chunk reaches the readers after this listener: their stream fails first, so they
    // never receive it nor take a body cut short as whole.
    const tooLarge = bodyTooLargeError(limit);
    if (req.listenerCount("error") > 0) req.emit("error", tooLarge);
    discardRest();
    if (!res.headersSent) refuse(res, limit);
  };

  req.on("data", count);
  // Counting must not start the flow: the body flows when the route reads it (or is drained).
  req.pause();
  return { discardRest };
}

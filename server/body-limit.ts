import type { Request, RequestHandler } from "express";
import { bodyLimitFor, tooLargeMessage } from "../app/lib/request-body.server.ts";

/**
 * How much of an unread body is drained, and for how long, before the connection is cut. Closing
 * a connection with unread data makes the kernel reset it, and a reset can destroy the answer
 * before the client reads it; draining (never keeping) the rest first lets the client see the
 * 413. Past these bounds the connection is cut all the same.
 */
const DISCARD_BYTES = 32 * 1024 * 1024;
const DISCARD_MS = 5_000;

/**
 * Bodies are bounded by path (see `bodyLimitFor`). A request whose declared length is past its
 * path's limit is answered 413 at once, before a byte of it is kept. Bodies sent without a length
 * (chunked) are bounded while they are read (`readForm`), which stops reading at the limit.
 *
 * A body left unread when the answer is sent is drained and thrown away, so that a client still
 * sending receives the answer, but only up to a bound in bytes and time: then the connection is
 * cut.
 */
export function bodyLimit(): RequestHandler {
  return (req, res, next) => {
    res.once("finish", () => {
      if (!req.complete) drainThenClose(req);
    });
    const declared = req.headers["content-length"];
    if (declared === undefined) return next();
    const limit = bodyLimitFor(req.path);
    if (Number(declared) <= limit) return next();
    res
      .status(413)
      .set("Cache-Control", "no-store")
      .type("text/plain")
      .send(tooLargeMessage(limit));
  };
}

function drainThenClose(req: Request) {
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, DISCARD_MS);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
  // Whatever was reading the body (React Router's stream) stops receiving it.
  req.removeAllListeners("data");
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_BYTES) cut();
  });
  req.resume();
}

import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { requestLoggerInScope } from "../app/lib/logger.server.ts";
import { requestIdMiddleware } from "./request-id.ts";

/** A server with the middleware and one route that logs after awaiting, and the lines logged. */
async function serve(trustProxy: boolean) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: "info", base: undefined }, sink);
  const app = express();
  app.use(requestIdMiddleware(logger, () => trustProxy));
  app.get("/work", async (_req, res) => {
    // Far from the middleware, after a timer, as a loader calling a service would be.
    await new Promise((resolve) => setTimeout(resolve, 5));
    requestLoggerInScope()?.error({ what: "deep" }, "something failed");
    res.send("done");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/work`;
  return { url, lines, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("request ids", () => {
  it("are made for each request, sent back and written on the request's log lines", async () => {
    const site = await serve(false);
    try {
      const [a, b] = await Promise.all([fetch(site.url), fetch(site.url)]);
      const ids = [a, b].map((r) => r.headers.get("x-request-id"));
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids[0]).not.toBe(ids[1]);
      expect(site.lines.map((l) => l.reqId).sort()).toEqual([...ids].sort());
      expect(site.lines.every((l) => l.msg === "something failed")).toBe(true);
      // Outside a request there is no request logger.
      expect(requestLoggerInScope()).toBeUndefined();
    } finally {
      await site.close();
    }
  });

  it("take a trusted proxy's short safe X-Request-Id, and nobody else's", async () => {
    const behindProxy = await serve(true);
    const direct = await serve(false);
    try {
      const given = "lb-7f3a9c21e4d0";
      const kept = await fetch(behindProxy.url, { headers: { "X-Request-Id": given } });
      expect(kept.headers.get("x-request-id")).toBe(given);
      expect(behindProxy.lines.at(-1)?.reqId).toBe(given);

      for (const unsafe of ["short", "x".repeat(65), "two words here", '"><script>x</script>']) {
        const answer = await fetch(behindProxy.url, { headers: { "X-Request-Id": unsafe } });
        expect(answer.headers.get("x-request-id"), unsafe).toMatch(/^[0-9a-f-]{36}$/);
      }
      const spoofed = await fetch(direct.url, { headers: { "X-Request-Id": given } });
      expect(spoofed.headers.get("x-request-id")).not.toBe(given);
      expect(direct.lines.at(-1)?.reqId).toBe(spoofed.headers.get("x-request-id"));
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  });

  it("make no child logger for a request that logs nothing", async () => {
    const logger = pino(
      { level: "info", base: undefined },
      new Writable({ write: (_c, _e, done) => done() }),
    );
    const child = vi.spyOn(logger, "child");
    const app = express();
    app.use(requestIdMiddleware(logger, () => false));
    app.get("/quiet", (_req, res) => {
      res.send("nothing logged");
    });
    app.get("/loud", (_req, res) => {
      requestLoggerInScope()?.info("something");
      requestLoggerInScope()?.info("and more");
      res.send("logged twice");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await (await fetch(`${base}/quiet`)).text();
      expect(child).not.toHaveBeenCalled();
      const loud = await fetch(`${base}/loud`);
      await loud.text();
      // One child for the request, made once however often it logs, with the id sent back.
      expect(child).toHaveBeenCalledTimes(1);
      expect(child).toHaveBeenCalledWith({ reqId: loud.headers.get("x-request-id") });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Request, Response } from "express";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Runtime } from "../app/db/runtime.server.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../app/db/testing.server.ts";
import { PageCache } from "../app/lib/page-cache.server.ts";
import { pageCacheMiddleware } from "./page-cache-middleware.ts";

describe.each(TEST_ENGINES)("a kept page on %s", (engine) => {
  let database: TestDatabase;
  let server: http.Server;
  let base = "";
  const cache = new PageCache();
  let serve: ReturnType<typeof pageCacheMiddleware>["serve"];

  beforeAll(async () => {
    // The clock stands still: the content version, once read, stays fresh for the whole test.
    vi.useFakeTimers({ toFake: ["Date"] });
    database = await createTestDatabase(engine);
    const runtime = {
      database,
      databaseReady: true,
      logger: { warn: () => undefined },
    } as unknown as Runtime;
    const middleware = pageCacheMiddleware(runtime, cache);
    serve = middleware.serve;
    const app = express();
    app.use(middleware.serve);
    app.use(middleware.fill);
    app.get("/about", (_req, res) => {
      res.type("text/html").send("<h1>About us</h1>");
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    vi.useRealTimers();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await database?.destroy();
  });

  it("is sent at once, in the same turn, while the content version read is fresh", async () => {
    await (await fetch(`${base}/about`)).text();
    await vi.waitFor(() => {
      if (!cache.peek("/about")) throw new Error("not kept yet");
    });
    expect((await fetch(`${base}/about`)).headers.get("x-cache")).toBe("hit");

    const sent: { body?: Buffer; headers: Map<string, unknown> } = { headers: new Map() };
    const req = {
      method: "GET",
      path: "/about",
      originalUrl: "/about",
      headers: { "accept-encoding": "identity" },
    } as unknown as Request;
    const res = {
      locals: {},
      statusCode: 0,
      setHeader: (name: string, value: unknown) => sent.headers.set(name.toLowerCase(), value),
      end: (body: Buffer) => {
        sent.body = body;
      },
    } as unknown as Response;
    const next = vi.fn();
    serve(req, res, next);
    // Sent before serve returned: no promise, no turn of the microtask queue in between.
    expect(sent.body?.toString()).toBe("<h1>About us</h1>");
    expect(sent.headers.get("x-cache")).toBe("hit");
    expect(res.statusCode).toBe(200);
    expect(next).not.toHaveBeenCalled();
  });
});

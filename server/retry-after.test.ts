import { createRequestHandler, data, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { withRetryAfter } from "./retry-after.ts";

const SITE = "http://localhost";

/**
 * The smallest build React Router serves: a root, a sign-in form whose action answers 429 with
 * Retry-After as the admin's does past its limit, and a page with headers of its own.
 */
function buildWithThrottledSignIn(): ServerBuild {
  const module = (exports: Record<string, unknown>) => ({ default: () => null, ...exports });
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) =>
          new Response("<!DOCTYPE html><html></html>", { status, headers }),
      },
    },
    routes: {
      root: { id: "root", path: "", module: module({}) },
      admin: {
        id: "admin",
        parentId: "root",
        path: "admin",
        module: module({
          action: () =>
            data(
              { error: "Too many failed sign-in attempts. Please wait 14 minutes and try again." },
              { status: 429, headers: { "Retry-After": "840", "X-Not-Passed": "1" } },
            ),
        }),
      },
      own: {
        id: "own",
        parentId: "root",
        path: "own",
        module: module({
          action: () => data({}, { status: 429, headers: { "Retry-After": "5" } }),
          headers: () => ({ "X-Own": "yes" }),
        }),
      },
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/m.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
}

const signIn = (path: string) =>
  new Request(`${SITE}${path}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", email: "a@example.com", password: "x" }),
  });

describe("withRetryAfter", () => {
  it("sends the sign-in's Retry-After with its 429, as a page and as a client navigation", async () => {
    const handle = createRequestHandler(withRetryAfter(buildWithThrottledSignIn()), "production");
    for (const path of ["/admin", "/admin.data"]) {
      const answer = await handle(signIn(path));
      expect(answer.status, path).toBe(429);
      expect(answer.headers.get("retry-after"), path).toBe("840");
      // Only Retry-After is added: other headers of the action stay as React Router treats them.
      expect(answer.headers.get("x-not-passed"), path).toBeNull();
    }
  });

  it("is needed: without it React Router drops the Retry-After", async () => {
    const handle = createRequestHandler(buildWithThrottledSignIn(), "production");
    const answer = await handle(signIn("/admin"));
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBeNull();
  });

  it("leaves a route's own headers export alone", async () => {
    const handle = createRequestHandler(withRetryAfter(buildWithThrottledSignIn()), "production");
    const answer = await handle(signIn("/own"));
    expect(answer.headers.get("x-own")).toBe("yes");
    expect(answer.headers.get("retry-after")).toBeNull();
  });

  it("derives the build once", () => {
    const build = buildWithThrottledSignIn();
    expect(withRetryAfter(build)).toBe(withRetryAfter(build));
  });
});

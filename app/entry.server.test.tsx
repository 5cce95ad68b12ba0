import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import handleRequest, { streamTimeout } from "./entry.server.tsx";
import { cspNonceContext } from "./lib/request-context.ts";

/** The smallest build React Router serves with this site's entry: one page. */
function build(): ServerBuild {
  return {
    entry: { module: { default: handleRequest } },
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          default: () => (
            <html lang="en">
              <body>
                <p>A page</p>
              </body>
            </html>
          ),
        },
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

afterEach(() => vi.restoreAllMocks());

describe("the page's render", () => {
  it("lets go of its abort timer once the page is sent, so nothing holds the render", async () => {
    const setTimer = vi.spyOn(globalThis, "setTimeout");
    const clearTimer = vi.spyOn(globalThis, "clearTimeout");
    const context = new RouterContextProvider();
    context.set(cspNonceContext, "nonce");
    const response = await createRequestHandler(build(), "production")(
      new Request("http://localhost/"),
      context,
    );
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    await response.text();

    const abortTimers = setTimer.mock.results
      .filter((_, i) => setTimer.mock.calls[i]?.[1] === streamTimeout + 1000)
      .map((result) => result.value);
    expect(abortTimers).toHaveLength(1);
    await expect
      .poll(() => clearTimer.mock.calls.some(([timer]) => timer === abortTimers[0]))
      .toBe(true);
  });
});

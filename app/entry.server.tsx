import { pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { currentLogger } from "./db/runtime.server.ts";
import { InlineStyleProvider } from "./lib/inline-style.tsx";
import { lateModulePreloads } from "./lib/late-module-preloads.server.ts";
import { NonceProvider } from "./lib/nonce.tsx";
import { preloadsAfterLoad } from "./lib/preloads-after-load.server.ts";
import { cspNonceContext } from "./lib/request-context.ts";
import { siteCss } from "./lib/site-css.server.ts";

export const streamTimeout = 10_000;

/**
 * Errors a loader, action or render throws unexpectedly: one JSON log line with the request's
 * id, instead of React Router's console output. Requests the visitor gave up on are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  currentLogger().error({ err: error, url: request.url }, "unexpected error in a route");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Aborts a render still waiting on data after streamTimeout. Cleared once the page is sent:
    // its closure holds the whole render (loader data, React's tree), and kept for 11 s after
    // every page it held hundreds of renders under load and grew the heap (decision 099).
    let timeout: NodeJS.Timeout | undefined;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode get the whole document at once; browsers get it streamed.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineStyleProvider value={siteCss}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStyleProvider>
      </NonceProvider>,
      {
        nonce,
        // A finished part of the page is sent in its place, whatever its size: React would
        // otherwise send a large one after a placeholder, shown only by a script, so visitors
        // without JavaScript (and cached copies) would miss it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = lateModulePreloads(nonce);
          // An error in either ends the page's stream (and the response with it).
          const page = pipeline(body, preloadsAfterLoad(nonce), () => {});
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(page), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          // Closed when React has written the page, or when the visitor went away (React
          // then stops rendering by itself).
          body.once("close", () => clearTimeout(timeout));
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) currentLogger().error({ err: error }, "page failed to render");
        },
      },
    );
    timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

import type { HeadersArgs, ServerBuild } from "react-router";

/**
 * A route's headers when it sets none of its own: what its parents set, plus the `Retry-After`
 * its action or loader answered with (a 429 past a rate limit, a 503 while busy), or that a
 * thrown answer carried. React Router sends only the cookies of a route's answer unless the
 * route exports `headers`, so a 429's Retry-After would be lost on the way out.
 */
export function passRetryAfter({
  parentHeaders,
  actionHeaders,
  loaderHeaders,
  errorHeaders,
}: HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter =
    actionHeaders.get("Retry-After") ??
    errorHeaders?.get("Retry-After") ??
    loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

const derived = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The build with `passRetryAfter` as the headers of every route that exports none: every 429 (and
 * 503) any route answers says when to come back, pages and client navigations (`.data`) alike,
 * routes added later included. A route's own `headers` export is left as it is.
 */
export function withRetryAfter(build: ServerBuild): ServerBuild {
  const known = derived.get(build);
  if (known) return known;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    routes[id] =
      route && !route.module.headers
        ? { ...route, module: { ...route.module, headers: passRetryAfter } }
        : route;
  }
  const result = { ...build, routes };
  derived.set(build, result);
  return result;
}

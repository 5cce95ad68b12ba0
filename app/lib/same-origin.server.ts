import { data } from "react-router";

/**
 * Whether a state-changing request comes from this site's own pages. Browsers send `Origin` on
 * POST (and `Sec-Fetch-Site`); a request from another site's page is refused. Requests with
 * neither header come from non-browser clients, which hold no visitor's cookies.
 */
export function isSameOrigin(request: Request, publicUrl?: string): boolean {
  const origin = request.headers.get("origin");
  if (origin) {
    const allowed = new Set([new URL(request.url).origin]);
    if (publicUrl) allowed.add(new URL(publicUrl).origin);
    return allowed.has(origin);
  }
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

/** Throws a 403 response when the request comes from another site. */
export function assertSameOrigin(request: Request, publicUrl?: string): void {
  if (!isSameOrigin(request, publicUrl)) {
    throw data({ error: "Requests from other sites are not accepted." }, { status: 403 });
  }
}

import { createContext } from "react-router";
import type { Logger } from "./logger.server.ts";

/** Set by the Node server for each request; read by entry.server.tsx. */
export const cspNonceContext = createContext<string>("");

/**
 * The visitor's IP address as the Node server sees it (through trusted proxies only, per
 * TRUST_PROXY). Used for per-address rate limits.
 */
export const clientAddressContext = createContext<string>("unknown");

export interface ResponseHints {
  /** False when this response must not be kept by the page cache (e.g. demo data stood in). */
  cacheable: boolean;
}

/** What loaders tell the Node server about the response they are part of. */
export const responseHintsContext = createContext<ResponseHints>({ cacheable: true });

/** Keeps this response out of the page cache: it shows fallback data or is for one visitor. */
export function markNotCacheable(context: {
  get(key: typeof responseHintsContext): ResponseHints;
}) {
  context.get(responseHintsContext).cacheable = false;
}

/**
 * The request's own logger: every line it writes carries the request id (`reqId`), also sent
 * back in the X-Request-Id header. Services without the context use `currentLogger()`.
 */
export const requestLoggerContext = createContext<Logger>();

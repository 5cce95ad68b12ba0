import { createContext } from "react-router";

/** Set by the Node server for each request; read by entry.server.tsx. */
export const cspNonceContext = createContext<string>("");

/**
 * The visitor's IP address as the Node server sees it (through trusted proxies only, per
 * TRUST_PROXY). Used for per-address rate limits.
 */
export const clientAddressContext = createContext<string>("unknown");

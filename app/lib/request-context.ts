import { createContext } from "react-router";

/** Set by the Node server for each request; read by entry.server.tsx. */
export const cspNonceContext = createContext<string>("");

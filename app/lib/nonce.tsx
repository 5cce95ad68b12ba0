import { createContext, type ReactNode, useContext } from "react";

const NonceContext = createContext("");

/** The request's Content-Security-Policy nonce, for the scripts React Router renders. */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}

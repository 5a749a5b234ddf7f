import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the current response (server/security-headers.ts), given
 * to every inline script React Router, React and Mantine render. Provided by entry.server; empty
 * in the browser, where the scripts already ran.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

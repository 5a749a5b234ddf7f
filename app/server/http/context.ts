import { createContext } from "react-router";
import type { SessionUser } from "~/server/auth/sessions.server";

export interface RequestInfo {
  /** The client's address (as the trusted proxies report it), for rate limits. */
  ip: string;
  /**
   * True when the TCP peer is this machine and no proxy forwarded the request: the only
   * requests that may see development surfaces such as the mail outbox.
   */
  local: boolean;
  /** The Content-Security-Policy nonce for inline scripts (server/security-headers.ts). */
  nonce?: string;
}

/** Set by the Express adapter for every request. */
export const requestInfoContext = createContext<RequestInfo>({ ip: "unknown", local: false });

/** Set by the root middleware after validating the session cookie. */
export const userContext = createContext<SessionUser | null>(null);

import type { Logger } from "pino";
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
  /** The request's id (server/request-log.ts): in its log line, the X-Request-Id header and the error screen. */
  requestId?: string;
  /** The request's logger: its lines carry the request id. */
  log?: Logger;
  /** Tells the request's log line who is signed in (logged as a hash, never the id or address). */
  noteUser?: (userId: string) => void;
}

/** Set by the Express adapter for every request. */
export const requestInfoContext = createContext<RequestInfo>({ ip: "unknown", local: false });

/** Set by the root middleware after validating the session cookie. */
export const userContext = createContext<SessionUser | null>(null);

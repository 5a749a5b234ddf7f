import { createContext } from "react-router";
import type { SessionUser } from "~/server/auth/sessions.server";

/**
 * Set by the Express adapter for every request: the client address (as the trusted proxies
 * report it) and the Content-Security-Policy nonce for inline scripts (server/security-headers.ts).
 */
export const requestInfoContext = createContext<{ ip: string; nonce?: string }>({ ip: "unknown" });

/** Set by the root middleware after validating the session cookie. */
export const userContext = createContext<SessionUser | null>(null);

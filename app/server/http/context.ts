import { createContext } from "react-router";
import type { SessionUser } from "~/server/auth/sessions.server";

/** Set by the Express adapter for every request. */
export const requestInfoContext = createContext<{ ip: string }>({ ip: "unknown" });

/** Set by the root middleware after validating the session cookie. */
export const userContext = createContext<SessionUser | null>(null);

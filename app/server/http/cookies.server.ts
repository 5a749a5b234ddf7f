import { config } from "~/server/config.server";

export const SESSION_COOKIE = "pb_auth";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

interface CookieOptions {
  maxAge: number;
  httpOnly?: boolean;
  sameSite?: "Strict" | "Lax";
  path?: string;
}

export function serializeCookie(name: string, value: string, opts: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${opts.path ?? "/"}`,
    `Max-Age=${opts.maxAge}`,
    `SameSite=${opts.sameSite ?? "Lax"}`,
  ];
  if (opts.httpOnly !== false) parts.push("HttpOnly");
  if (config.isProduction) parts.push("Secure");
  return parts.join("; ");
}

/** Session cookie: httpOnly, SameSite=Strict, Secure in production, 8 hours (spec §9). */
export function sessionCookie(token: string): string {
  return serializeCookie(SESSION_COOKIE, token, { maxAge: config.sessionTtlSeconds, sameSite: "Strict" });
}

export function clearSessionCookie(): string {
  return serializeCookie(SESSION_COOKIE, "", { maxAge: 0, sameSite: "Strict" });
}

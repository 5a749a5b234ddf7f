import { config } from "~/server/config.server";
import { hmac, safeEqualHex } from "~/server/crypto.server";

/**
 * The one-click unsubscribe link of digest mails (RFC 8058, decision 061): `<user id>.<expiry in
 * epoch seconds>.<HMAC-SHA256>` keyed by SESSION_SECRET under a purpose label of its own, so no
 * other signed value can pass for it. It works without a session for this long after the mail.
 */
export const UNSUBSCRIBE_TOKEN_DAYS = 90;
const PURPOSE = "saved-search-unsubscribe";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (userId: string, expires: number, secret: string) => hmac(secret, `${PURPOSE}:${userId}:${expires}`);

export function makeUnsubscribeToken(userId: string, now: Date, secret = config.sessionSecret): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 86_400;
  return `${userId}.${expires}.${signature(userId, expires, secret)}`;
}

/** The user a token unsubscribes, or null when it is malformed, forged or expired. */
export function readUnsubscribeToken(token: string, now: Date, secret = config.sessionSecret): string | null {
  if (token.length > 200) return null;
  const [userId, expiresText, sig, ...rest] = token.split(".");
  if (rest.length > 0 || !userId || !expiresText || !sig || !UUID.test(userId) || !/^\d{1,12}$/.test(expiresText) || !/^[0-9a-f]{64}$/.test(sig)) return null;
  const expires = Number(expiresText);
  if (!safeEqualHex(sig, signature(userId, expires, secret))) return null;
  return expires * 1000 > now.getTime() ? userId : null;
}

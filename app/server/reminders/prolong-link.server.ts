import { config } from "~/server/config.server";
import { hmac, safeEqualHex } from "~/server/crypto.server";
import { AppError } from "~/server/errors";

/**
 * The one-click prolong link of an ad-expiry reminder (decision 062): the ad, the recipient and
 * the ad's expiry moment the mail was about, signed with the session secret (HMAC-SHA256). It
 * expires with the ad (after that prolonging is not allowed anyway); and since it names the
 * expiry, a link used once no longer matches the prolonged ad (a second click prolongs nothing).
 * Forged, altered or expired → PROLONG_LINK_INVALID, nothing read or changed.
 */
export interface ProlongClaim {
  serviceId: string;
  userId: string;
  validUntil: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sign = (body: string) => hmac(config.sessionSecret, `ad-prolong:${body}`);

export function prolongToken(claim: ProlongClaim): string {
  const body = `${claim.serviceId}.${claim.userId}.${claim.validUntil.getTime()}`;
  return `${Buffer.from(body).toString("base64url")}.${sign(body)}`;
}

export function verifyProlongToken(token: string, now: Date): ProlongClaim {
  const invalid = new AppError("PROLONG_LINK_INVALID");
  const [encoded, signature, ...rest] = token.split(".");
  if (!encoded || !signature || rest.length > 0 || !/^[0-9a-f]{64}$/.test(signature)) throw invalid;
  const body = Buffer.from(encoded, "base64url").toString("utf8");
  if (!safeEqualHex(sign(body), signature)) throw invalid;
  const [serviceId, userId, ms] = body.split(".");
  if (!serviceId || !userId || !ms || !UUID.test(serviceId) || !UUID.test(userId) || !/^\d+$/.test(ms)) throw invalid;
  const validUntil = new Date(Number(ms));
  if (validUntil.getTime() <= now.getTime()) throw invalid;
  return { serviceId, userId, validUntil };
}

import type { Locale } from "~/i18n/locales";
import { LOCALE_TAGS } from "~/i18n/locales";
import { isMessageKey, type MessageValues, translate } from "~/i18n/translate";
import type { AuditAction } from "~/server/db/schema";

/**
 * An audit entry's details in words (decision 036) — what its callers record (grep recordAudit):
 * the sign-in method; which part of a profile changed; the filters and result count of a search;
 * whether an ad was prolonged or deleted. Unknown or missing details read as nothing rather than JSON.
 */
type Details = Record<string, unknown> | null;

function t(locale: Locale, key: string, values?: MessageValues): string | null {
  return isMessageKey(key) ? translate(locale, key, values) : null;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
const count = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

function searchWords(locale: Locale, d: Record<string, unknown>): string[] {
  const words: string[] = [];
  const kind = text(d["type"]);
  words.push(t(locale, `auditTrail.search.kind.${kind}`) ?? t(locale, "auditTrail.search.kind.COMPANY")!);
  const term = text(d["term"]);
  if (term) words.push(translate(locale, "auditTrail.search.term", { term }));
  const tags = count(d["tags"]);
  if (tags) words.push(translate(locale, "auditTrail.search.tags", { count: tags }));
  const nace = list(d["nace"]);
  if (nace.length > 0) words.push(translate(locale, "auditTrail.search.nace", { codes: nace.join(", ") }));
  const countries = list(d["countries"]).map((c) => t(locale, `country.${c}`) ?? c);
  if (countries.length > 0) words.push(new Intl.ListFormat(LOCALE_TAGS[locale], { type: "conjunction" }).format(countries));
  const radius = count(d["radiusKm"]);
  if (radius) words.push(translate(locale, "auditTrail.search.radius", { km: radius }));
  const results = count(d["results"]);
  if (results !== null) words.push(translate(locale, "auditTrail.search.results", { count: results }));
  return words;
}

export function describeAuditDetails(locale: Locale, action: AuditAction, details: Details): string {
  const d = details ?? {};
  switch (action) {
    case "LOGIN":
      return t(locale, `auditTrail.login.${text(d["method"])}`) ?? "";
    case "CREATED_COMPANY_PROFILE":
      return translate(locale, "auditTrail.profile.created");
    case "UPDATED_COMPANY_PROFILE": {
      const part = text(d["part"]);
      if (part === "purged") return translate(locale, "auditTrail.part.purged", { count: count(d["events"]) ?? 0 });
      return t(locale, `auditTrail.part.${part}`) ?? translate(locale, "auditTrail.part.other");
    }
    case "SEARCHED":
      return searchWords(locale, d).join(" · ");
    case "CREATED_COMPANY_SERVICE":
      return translate(locale, "auditTrail.service.created");
    case "UPDATED_COMPANY_SERVICE":
      return t(locale, `auditTrail.service.${text(d["change"])}`) ?? translate(locale, "auditTrail.service.changed");
    default:
      return "";
  }
}

/**
 * Who, when the entry has no account (user_id NULL): the automatic purge acts for nobody; a search
 * without an account was an anonymous visitor's or its account is gone; otherwise the account was deleted.
 */
export function missingPersonLabel(locale: Locale, action: AuditAction, details: Details): string {
  if (action === "UPDATED_COMPANY_PROFILE" && details?.["part"] === "purged") return translate(locale, "auditTrail.person.system");
  if (action === "SEARCHED") return translate(locale, "auditTrail.person.anonymous");
  return translate(locale, "auditTrail.deletedAccount");
}

import { useT } from "~/i18n/i18n-context";
import type { Country, ServiceType } from "~/schemas/enums";

/**
 * "3 tschechische Firmen suchen, was Sie anbieten" / "3 české firmy hledají, co nabízíte": the
 * matching companies of one country for an offer or an inquiry, to the ad's owner ("you") or to
 * anybody else ("this ad").
 */
export function AdMatchSummaryText({ type, country, count, owner }: { type: ServiceType; country: Country; count: number; owner: boolean }) {
  const t = useT();
  const values = { count, country };
  if (owner) return <>{t(type === "OFFER" ? "adMatches.summary.OFFER" : "adMatches.summary.INQUIRY", values)}</>;
  return <>{t(type === "OFFER" ? "adMatches.summaryPublic.OFFER" : "adMatches.summaryPublic.INQUIRY", values)}</>;
}

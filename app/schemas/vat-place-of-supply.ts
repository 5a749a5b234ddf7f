import { vatHintBp } from "./invoice-math";

/**
 * The VAT rate an invoice for admission to an event starts with (decision 027), by the place of
 * supply, not by the sender's country:
 * - an event at an address: where the event actually takes place, for business and private
 *   recipients alike (Art. 53 and 54(1) Directive 2006/112/EC; DE § 3a Abs. 3 Nr. 5 and Nr. 3
 *   Buchst. a UStG; CZ § 10b odst. 1 písm. a) zákona č. 235/2004 Sb.);
 * - an online event: the venue rule needs physical presence (Abschn. 3a.7a Abs. 1 Satz 4 UStAE;
 *   Art. 53/54 as amended by Directive (EU) 2022/542 from 2025), so the recipient's country
 *   (Art. 44, and Art. 54(1) second subparagraph for virtual attendance);
 * - an address without a country: the sender's, as before.
 * Only a proposal: the organiser may change it (reduced rates, reverse charge, exemptions).
 */
export type Country = "DE" | "CZ";
export type VatBasis = "venue" | "online" | "sender";

export interface VatVenue {
  locationKind: "ADDRESS" | "ONLINE";
  /** The venue's country; null when the event has none recorded. */
  country: Country | null;
}

export interface VatProposal {
  /** The country whose standard rate is proposed. */
  country: Country;
  rateBp: number;
  basis: VatBasis;
}

export function proposeVat(venue: VatVenue, senderCountry: Country, recipientCountry: Country): VatProposal {
  if (venue.locationKind === "ONLINE") return { country: recipientCountry, rateBp: vatHintBp(recipientCountry), basis: "online" };
  if (venue.country) return { country: venue.country, rateBp: vatHintBp(venue.country), basis: "venue" };
  return { country: senderCountry, rateBp: vatHintBp(senderCountry), basis: "sender" };
}

export const asCountry = (value: string | null | undefined): Country => (value === "CZ" ? "CZ" : "DE");

import { toBerlin } from "~/schemas/berlin-time";
import { type DateLocale, formatDateInput } from "~/schemas/date-input";
import type { InvoiceFormValues } from "~/schemas/invoice-form";
import { formatVatRateInput } from "~/schemas/invoice-math";
import { asCountry, proposeVat, type VatVenue } from "~/schemas/vat-place-of-supply";
import { formatMoneyInput } from "~/schemas/money";
import * as clock from "~/server/clock.server";
import type { Db } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { DEFAULT_FILTER } from "~/schemas/participant-selection";
import { listParticipants, type ParticipantRow } from "~/server/participants/list.server";
import type { Actor } from "~/server/policy/policy";
import { companyParties, lastRecipientVatId, type SenderChoice, senderChoices } from "./parties.server";

/** Payment terms when nothing else is said (spec §9: 14 days from receipt). */
export const DEFAULT_PAYMENT_TERMS_DAYS = 14;
const LIVE = ["REGISTERED", "ATTENDED"] as const;

export interface InvoiceTarget {
  registrations: Array<{ id: string; personName: string; companyName: string }>;
  companies: Array<{ id: string; name: string; count: number }>;
}

export interface InvoicePrefill {
  eventTitle: { de: string; cs: string };
  /** Where the event takes place, for the VAT rate by the place of supply (decision 027). */
  vatVenue: VatVenue;
  senders: SenderChoice[];
  /** What the invoice bills, when the query named it; null = the page offers a choice. */
  values: InvoiceFormValues | null;
  targets: InvoiceTarget;
}

const dateOf = (instant: Date, locale: DateLocale) => formatDateInput(toBerlin(instant), locale);

/**
 * What the create page starts from (decision 020). Per registration (`registration`): the
 * registration's company with its headquarters, the registrant as person, one participant, the
 * event's fee and currency, the event's dates as period, today (Berlin) as date, the registrant's
 * language as the document's. Per company (`company`): its live registrations as count. The
 * sender is the first organiser company the actor may send as; the VAT rate is proposed by the
 * place of supply (decision 027: the venue's country, the recipient's for an online event).
 * Dates are spelled in the page's language (`uiLocale`).
 */
export async function prefillInvoice(
  db: Db,
  actor: Actor,
  eventId: string,
  query: { registration?: string | null; company?: string | null },
  uiLocale: DateLocale,
  now = clock.now(),
): Promise<InvoicePrefill> {
  // The participant list's own query (ordered by registration): the same rows the organiser sees.
  const { event, rows } = await listParticipants(db, actor, eventId, { filter: { ...DEFAULT_FILTER, sort: "company" }, ids: [] }, now);
  const senders = await senderChoices(db, actor!, event);
  const live = rows.filter((r) => (LIVE as readonly string[]).includes(r.status));
  const vatVenue: VatVenue = { locationKind: event.locationKind, country: event.country ? asCountry(event.country) : null };
  const base = { eventTitle: { de: event.titleDe, cs: event.titleCs }, vatVenue, senders, targets: invoiceTargets(live) };

  let recipientCompanyId: string;
  let registrationId = "";
  let person = "";
  let count = 1;
  let locale: "de" | "cs";
  if (query.registration) {
    // Any registration may be billed (a cancellation fee, too); the choice offers the live ones.
    const reg = rows.find((r) => r.id === query.registration);
    if (!reg) throw new AppError("NOT_FOUND");
    recipientCompanyId = reg.companyId;
    registrationId = reg.id;
    person = reg.personName ?? "";
    locale = reg.locale;
  } else if (query.company) {
    const regs = live.filter((r) => r.companyId === query.company).sort((a, b) => a.registeredAt.getTime() - b.registeredAt.getTime());
    if (regs.length === 0) throw new AppError("NOT_FOUND");
    recipientCompanyId = regs[0]!.companyId;
    count = regs.length;
    locale = regs[0]!.locale;
  } else {
    return { ...base, values: null };
  }

  const recipient = (await companyParties(db, [recipientCompanyId])).get(recipientCompanyId)!;
  const recipientVatId = await lastRecipientVatId(db, recipientCompanyId);
  const sender = senders[0]?.party;
  const values: InvoiceFormValues = {
    senderCompanyId: senders[0]?.id ?? "",
    senderName: sender?.name ?? "",
    senderLine1: sender?.line1 ?? "",
    senderLine2: sender?.line2 ?? "",
    senderPostalCode: sender?.postalCode ?? "",
    senderCity: sender?.city ?? "",
    senderCountry: sender?.country ?? "",
    senderVatId: sender?.vatId ?? "",
    senderEmail: sender?.email ?? "",
    senderPhone: sender?.phone ?? "",
    senderBank: sender?.bank ?? "",
    recipientCompanyId,
    registrationId,
    recipientName: recipient.name,
    recipientPerson: person,
    recipientLine1: recipient.line1,
    recipientLine2: recipient.line2 ?? "",
    recipientPostalCode: recipient.postalCode,
    recipientCity: recipient.city,
    recipientCountry: recipient.country,
    recipientVatId: recipientVatId ?? "",
    locale,
    numberMode: "generated",
    number: "",
    issueDate: dateOf(now, uiLocale),
    periodFrom: dateOf(event.startsAt, uiLocale),
    periodTo: dateOf(event.endsAt, uiLocale),
    participantCount: String(count),
    unitPrice: event.feeMinor ? formatMoneyInput(event.feeMinor) : "",
    currency: event.currency ?? (sender?.country === "CZ" ? "CZK" : "EUR"),
    vatRate: formatVatRateInput(proposeVat(vatVenue, sender?.country ?? "DE", recipient.country).rateBp),
    paymentTermsDays: String(DEFAULT_PAYMENT_TERMS_DAYS),
  };
  return { ...base, values };
}

/** Registrations and companies that can be billed (the live registrations, by company name). */
function invoiceTargets(live: ParticipantRow[]): InvoiceTarget {
  const byCompany = new Map<string, { id: string; name: string; count: number }>();
  for (const r of live) {
    const entry = byCompany.get(r.companyId) ?? { id: r.companyId, name: r.companyName, count: 0 };
    entry.count += 1;
    byCompany.set(r.companyId, entry);
  }
  return {
    registrations: live.map((r) => ({ id: r.id, personName: r.personName ?? "", companyName: r.companyName })),
    companies: [...byCompany.values()],
  };
}

import { z } from "zod";
import { parseDateInput } from "./date-input";
import { fitsColumns, INVOICE_LIMITS, invoiceAmounts, parseVatRate } from "./invoice-math";
import { parseMoney } from "./money";
import { optionalLine, singleLine } from "./text";
import { isValidVatId, normalizeVatId } from "./vat-id";

/**
 * The invoice form (spec §3 Invoice, §5 Invoice, decision 020), shared by the form's live check
 * and the server's parse (no server imports). Required: recipient, sender, date, period,
 * participant count, price per participant and VAT rate; the number is optional (empty = the next
 * generated one). Dates are typed in the locale; money in minor units; the VAT rate in basis points.
 */
export const INVOICE_TEXT_LIMITS = { name: 200, line: 200, postalCode: 20, city: 100, person: 200, email: 254, phone: 50, bank: 500 } as const;
export const INVOICE_LOGO_MAX_BYTES = 4 * 1024 * 1024;
/** Letters, digits and "-", "/", "." (at most 30), starting with a letter or digit. */
export const INVOICE_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9./-]{0,29}$/;

/** A postal party as printed on the invoice; the database stores it as JSON (InvoiceParty). */
export interface InvoicePartyInput {
  name: string;
  line1: string;
  line2?: string | undefined;
  postalCode: string;
  city: string;
  country: "DE" | "CZ";
  vatId?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  /** Bank details as the sender wants them printed (IBAN, BIC, bank). */
  bank?: string | undefined;
}

export interface InvoiceInput {
  senderCompanyId: string;
  sender: InvoicePartyInput;
  recipient: InvoicePartyInput;
  recipientPerson: string | null;
  recipientCompanyId: string | null;
  registrationId: string | null;
  locale: "de" | "cs";
  /** null = generate the next number. */
  number: string | null;
  /** ISO dates (yyyy-mm-dd). */
  issueDate: string;
  periodFrom: string;
  periodTo: string;
  participantCount: number;
  unitPriceMinor: number;
  currency: "EUR" | "CZK";
  vatRateBp: number;
  paymentTermsDays: number;
}

/** Every text of the invoice form is single-line (decision 030). */
const str = () => singleLine().optional().default("");
const optionalId = z.union([z.uuid("INVALID_INPUT"), z.literal("")]).optional().default("");

const RawInvoiceForm = z.object({
  senderCompanyId: z.union([z.uuid("INVOICE_SENDER_REQUIRED"), z.literal("")]).optional().default(""),
  senderName: str(),
  senderLine1: str(),
  senderLine2: optionalLine(INVOICE_TEXT_LIMITS.line),
  senderPostalCode: str(),
  senderCity: str(),
  senderCountry: str(),
  senderVatId: str(),
  senderEmail: str(),
  senderPhone: optionalLine(INVOICE_TEXT_LIMITS.phone),
  senderBank: optionalLine(INVOICE_TEXT_LIMITS.bank),
  recipientCompanyId: optionalId,
  registrationId: optionalId,
  recipientName: str(),
  recipientPerson: optionalLine(INVOICE_TEXT_LIMITS.person),
  recipientLine1: str(),
  recipientLine2: optionalLine(INVOICE_TEXT_LIMITS.line),
  recipientPostalCode: str(),
  recipientCity: str(),
  recipientCountry: str(),
  recipientVatId: str(),
  locale: z.enum(["de", "cs"], "INVALID_INPUT"),
  /** "generated": the next number of the sequence; "manual": the number typed (required then). Absent: typed if any. */
  numberMode: z.enum(["generated", "manual", ""], "INVALID_INPUT").optional().default(""),
  number: str(),
  issueDate: str(),
  periodFrom: str(),
  periodTo: str(),
  participantCount: str(),
  unitPrice: str(),
  currency: str(),
  vatRate: str(),
  paymentTermsDays: str(),
});

type Ctx = z.RefinementCtx;
type Raw = z.infer<typeof RawInvoiceForm>;

function issue(ctx: Ctx, field: string, message: string) {
  ctx.addIssue({ code: "custom", path: [field], message });
}

const iso = (d: { year: number; month: number; day: number }) =>
  `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

function date(ctx: Ctx, field: string, text: string, currentYear: number): string | undefined {
  if (text.trim() === "") return void issue(ctx, field, "DATE_REQUIRED");
  const parsed = parseDateInput(text, currentYear);
  if (!parsed) return void issue(ctx, field, "DATE_INVALID");
  return iso(parsed);
}

function required(ctx: Ctx, field: string, value: string, max: number, code: string): string | undefined {
  const text = value.trim();
  if (text === "") return void issue(ctx, field, code);
  if (text.length > max) return void issue(ctx, field, "TEXT_TOO_LONG");
  return text;
}

function vatId(ctx: Ctx, field: string, value: string): string | undefined {
  const text = normalizeVatId(value);
  if (text === "") return undefined;
  if (!isValidVatId(text)) issue(ctx, field, "VAT_ID_INVALID");
  return text;
}

/** Name, address lines and country of one party (`prefix` "sender" or "recipient"). */
function party(ctx: Ctx, raw: Raw, prefix: "sender" | "recipient"): InvoicePartyInput | undefined {
  const f = (name: string) => `${prefix}${name}`;
  const value = (name: string) => String(raw[f(name) as keyof Raw] ?? "");
  const name = required(ctx, f("Name"), value("Name"), INVOICE_TEXT_LIMITS.name, prefix === "sender" ? "INVOICE_SENDER_REQUIRED" : "INVOICE_RECIPIENT_REQUIRED");
  const line1 = required(ctx, f("Line1"), value("Line1"), INVOICE_TEXT_LIMITS.line, "ADDRESS_LINE_REQUIRED");
  const postalCode = required(ctx, f("PostalCode"), value("PostalCode"), INVOICE_TEXT_LIMITS.postalCode, "POSTAL_CODE_REQUIRED");
  const city = required(ctx, f("City"), value("City"), INVOICE_TEXT_LIMITS.city, "CITY_REQUIRED");
  const country = value("Country");
  if (country !== "DE" && country !== "CZ") issue(ctx, f("Country"), "COUNTRY_REQUIRED");
  const vat = vatId(ctx, f("VatId"), value("VatId"));
  const line2 = raw[f("Line2") as keyof Raw] as string | null;
  if (!name || !line1 || !postalCode || !city || (country !== "DE" && country !== "CZ")) return undefined;
  return { name, line1, ...(line2 ? { line2 } : {}), postalCode, city, country, ...(vat ? { vatId: vat } : {}) };
}

function integer(ctx: Ctx, field: string, text: string, min: number, max: number, code: string): number | undefined {
  const value = text.trim();
  if (!/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max) return void issue(ctx, field, code);
  return Number(value);
}

/** The form schema; `currentYear` anchors typed two-digit years (the server passes its clock's year). */
export function invoiceFormSchema(currentYear: number) {
  return RawInvoiceForm.transform((raw, ctx): InvoiceInput => {
    if (raw.senderCompanyId === "") issue(ctx, "senderCompanyId", "INVOICE_SENDER_REQUIRED");
    const sender = party(ctx, raw, "sender");
    const recipient = party(ctx, raw, "recipient");
    const email = raw.senderEmail.trim();
    if (email !== "" && (email.length > INVOICE_TEXT_LIMITS.email || !z.email().safeParse(email).success)) issue(ctx, "senderEmail", "EMAIL_INVALID");

    let number: string | null = raw.numberMode === "generated" ? "" : raw.number.trim();
    if (number === "") {
      number = null;
      // The organiser chose to type the number and left it empty: say so, do not silently generate one.
      if (raw.numberMode === "manual") issue(ctx, "number", "INVOICE_NUMBER_REQUIRED");
    } else if (!INVOICE_NUMBER_PATTERN.test(number)) issue(ctx, "number", "INVOICE_NUMBER_INVALID");

    const issueDate = date(ctx, "issueDate", raw.issueDate, currentYear);
    const periodFrom = date(ctx, "periodFrom", raw.periodFrom, currentYear);
    const periodTo = date(ctx, "periodTo", raw.periodTo, currentYear);
    if (periodFrom && periodTo && periodTo < periodFrom) issue(ctx, "periodTo", "INVOICE_PERIOD_INVALID");

    const participantCount = integer(ctx, "participantCount", raw.participantCount, 1, INVOICE_LIMITS.participants, "PARTICIPANT_COUNT_INVALID");
    let unitPriceMinor: number | null | undefined = parseMoney(raw.unitPrice);
    if (unitPriceMinor === null || unitPriceMinor <= 0 || unitPriceMinor > INVOICE_LIMITS.unitPriceMinor) {
      issue(ctx, "unitPrice", "PRICE_INVALID");
      unitPriceMinor = undefined;
    }
    const currency = raw.currency === "EUR" || raw.currency === "CZK" ? raw.currency : undefined;
    if (!currency) issue(ctx, "currency", "INVALID_INPUT");
    const vatRateBp = parseVatRate(raw.vatRate);
    if (vatRateBp === null) issue(ctx, "vatRate", "VAT_RATE_INVALID");
    const paymentTermsDays = integer(ctx, "paymentTermsDays", raw.paymentTermsDays, 0, INVOICE_LIMITS.paymentTermsDays, "PAYMENT_TERMS_INVALID");
    // The total must fit the integer columns: a price that overflows them is refused at the price.
    if (participantCount && unitPriceMinor && vatRateBp !== null && !fitsColumns(invoiceAmounts(participantCount, unitPriceMinor, vatRateBp))) {
      issue(ctx, "unitPrice", "PRICE_INVALID");
    }

    if (
      !sender || !recipient || raw.senderCompanyId === "" || !issueDate || !periodFrom || !periodTo || (periodTo < periodFrom) ||
      !participantCount || !unitPriceMinor || !currency || vatRateBp === null || paymentTermsDays === undefined ||
      (number !== null && !INVOICE_NUMBER_PATTERN.test(number)) || (number === null && raw.numberMode === "manual")
    ) {
      return z.NEVER;
    }
    return {
      senderCompanyId: raw.senderCompanyId,
      sender: { ...sender, ...(email ? { email } : {}), ...(raw.senderPhone ? { phone: raw.senderPhone } : {}), ...(raw.senderBank ? { bank: raw.senderBank } : {}) },
      recipient,
      recipientPerson: raw.recipientPerson,
      recipientCompanyId: raw.recipientCompanyId || null,
      registrationId: raw.registrationId || null,
      locale: raw.locale,
      number,
      issueDate,
      periodFrom,
      periodTo,
      participantCount,
      unitPriceMinor,
      currency,
      vatRateBp,
      paymentTermsDays,
    };
  });
}

/** The values the form shows (strings, as typed). */
export type InvoiceFormValues = Record<keyof Raw, string>;

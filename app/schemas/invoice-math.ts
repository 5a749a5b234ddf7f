import { formatMoneyInput } from "./money";
import { numberFormat } from "~/i18n/intl-cache";

/**
 * Invoice arithmetic (decision 020), shared by the form's live total and the server: integer minor
 * units (cent, haléř) throughout, never floating-point money. One invoice line: participants ×
 * price per participant = net (exact); VAT = net × rate rounded once, on the line, half away from
 * zero; total = net + VAT. A cancellation negates the three amounts, so both sum to zero.
 */

/** The database keeps money in `integer` columns: every amount must fit. */
export const MAX_MINOR = 2_147_483_647;
export const INVOICE_LIMITS = {
  participants: 10_000,
  /** Price per participant in minor units (1,000,000.00). */
  unitPriceMinor: 100_000_000,
  /** 100 % in basis points. */
  vatRateBp: 10_000,
  paymentTermsDays: 365,
} as const;

export interface InvoiceAmounts {
  netMinor: number;
  vatMinor: number;
  totalMinor: number;
}

/**
 * `numerator / denominator` rounded half away from zero, exactly (BigInt: net × rate can pass
 * 2^53 long before the total leaves the integer column's range).
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** VAT of a net amount at a rate in basis points, rounded to the minor unit (half away from zero). */
export function vatOf(netMinor: number, vatRateBp: number): number {
  return Number(divideRounded(BigInt(netMinor) * BigInt(vatRateBp), 10_000n));
}

/** The line's net, VAT and total. Inputs are integers; the result may exceed MAX_MINOR (see fitsColumns). */
export function invoiceAmounts(participantCount: number, unitPriceMinor: number, vatRateBp: number): InvoiceAmounts {
  const netMinor = participantCount * unitPriceMinor;
  const vatMinor = vatOf(netMinor, vatRateBp);
  return { netMinor, vatMinor, totalMinor: netMinor + vatMinor };
}

/** Whether the amounts fit the integer columns (and stay exact doubles). */
export function fitsColumns(a: InvoiceAmounts): boolean {
  return [a.netMinor, a.vatMinor, a.totalMinor].every((v) => Number.isSafeInteger(v) && Math.abs(v) <= MAX_MINOR);
}

/** The amounts of a cancellation invoice: the original's, negated. */
export function cancellationAmounts(original: InvoiceAmounts): InvoiceAmounts {
  // `|| 0`: a zero amount stays 0, not -0.
  return { netMinor: -original.netMinor || 0, vatMinor: -original.vatMinor || 0, totalMinor: -original.totalMinor || 0 };
}

/** A VAT rate typed as percent ("19", "21", "7,5", "10.25") to basis points, or null (0–100 %). */
export function parseVatRate(text: string): number | null {
  const value = text.trim().replace(/\s*%$/, "");
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(value)) return null;
  const [whole = "0", fraction = ""] = value.replace(",", ".").split(".");
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bp <= INVOICE_LIMITS.vatRateBp ? bp : null;
}

/** Basis points back to the form's spelling: 1900 → "19", 750 → "7,5". */
export function formatVatRateInput(bp: number): string {
  return formatMoneyInput(bp).replace(/,(\d)0$/, ",$1");
}

/** The VAT rate the spec suggests for a sender's country (§9): 19 % Germany, 21 % Czechia. */
export function vatHintBp(country: "DE" | "CZ"): number {
  return country === "CZ" ? 2100 : 1900;
}

const LOCALE_TAG = { de: "de-DE", cs: "cs-CZ" } as const;

/** An amount in minor units as the locale writes it with its currency: "1.234,56 €", "1 234,56 Kč". */
export function formatMoney(minor: number, currency: "EUR" | "CZK", locale: "de" | "cs"): string {
  return numberFormat(LOCALE_TAG[locale], { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
}

/** A rate in basis points as a percentage in the locale: "19 %", "7,5 %". */
export function formatVatRate(bp: number, locale: "de" | "cs"): string {
  return numberFormat(LOCALE_TAG[locale], { style: "percent", maximumFractionDigits: 2 }).format(bp / 10_000);
}

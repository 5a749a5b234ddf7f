import * as jsvatModule from "jsvat-next";

/**
 * VAT identification numbers (USt-IdNr. / DIČ) on invoices, checked with `jsvat-next` (decision
 * 020): the country prefix, the length and pattern of that country, and its check digit where the
 * country has one (DE, CZ …), so a typo is caught before the invoice is issued. No network call
 * (VIES is not asked: it is slow and often down, and an issued invoice must not depend on it).
 * Any EU member state is accepted — a recipient in Saxony may well be a branch of an Austrian firm.
 */
// jsvat-next is CommonJS for Node (whose ESM loader cannot see its named exports) and ESM for the
// browser bundle: take the CommonJS exports object where there is one, the namespace otherwise.
const jsvat = ((jsvatModule as unknown as { default?: typeof jsvatModule }).default ?? jsvatModule) as typeof jsvatModule;
const { austria, belgium, bulgaria, checkVAT, croatia, cyprus, czechRepublic, denmark, estonia, finland, france, germany, greece, hungary, ireland, italy, latvia, lithuania, luxembourg, malta, netherlands, poland, portugal, romania, slovakiaRepublic, slovenia, spain, sweden } = jsvat;

const EU = [austria, belgium, bulgaria, croatia, cyprus, czechRepublic, denmark, estonia, finland, france, germany, greece, hungary, ireland, italy, latvia, lithuania, luxembourg, malta, netherlands, poland, portugal, romania, slovakiaRepublic, slovenia, spain, sweden];

/** The VAT ID as printed: upper case, without spaces, dots or dashes ("de 136 695 976" → "DE136695976"). */
export function normalizeVatId(text: string): string {
  return text.toUpperCase().replace(/[\s.\-\u00a0]/g, "");
}

/** Whether a (normalised) VAT ID is well-formed for its EU country, check digit included. */
export function isValidVatId(text: string): boolean {
  const value = normalizeVatId(text);
  if (!/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(value)) return false;
  return checkVAT(value, EU).isValid;
}

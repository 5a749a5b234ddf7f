/**
 * Money typed into forms (event fees, invoice prices), shared by the browser and the server: no
 * floating-point money, amounts are integer minor units (cent, haléř). Both languages write a
 * decimal comma and group thousands with a dot or a (no-break) space: "1.234,56", "1 234,56",
 * "120,5"; a decimal point as in "120.50" or "1,234.56" is read too. At most two decimals (three
 * digits after a single comma are a thousands group: "1,234" = 1234); no sign.
 */
export function parseMoney(text: string): number | null {
  const value = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  let normalized: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(value)) normalized = value.replace(/\./g, "").replace(",", ".");
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(value)) normalized = value.replace(/,/g, "");
  else if (/^\d+([.,]\d{1,2})?$/.test(value)) normalized = value.replace(",", ".");
  else return null;
  const [whole = "0", fraction = ""] = normalized.split(".");
  if (whole.length > 12) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Minor units back to the form's spelling: "1234,56", or "1234" for whole amounts. */
export function formatMoneyInput(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const cents = abs % 100;
  const whole = (abs - cents) / 100;
  return `${sign}${whole}${cents === 0 ? "" : `,${String(cents).padStart(2, "0")}`}`;
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cancellationAmounts,
  divideRounded,
  fitsColumns,
  formatMoney,
  formatVatRate,
  formatVatRateInput,
  INVOICE_LIMITS,
  invoiceAmounts,
  parseVatRate,
  vatHintBp,
  vatOf,
} from "./invoice-math";
import { formatMoneyInput, parseMoney } from "./money";

const count = fc.integer({ min: 1, max: INVOICE_LIMITS.participants });
const price = fc.integer({ min: 1, max: INVOICE_LIMITS.unitPriceMinor });
const rate = fc.integer({ min: 0, max: INVOICE_LIMITS.vatRateBp });
/** The usual rates weigh more: 0, 7, 12, 15, 19, 21 %. */
const usualRate = fc.oneof(rate, fc.constantFrom(0, 700, 1200, 1500, 1900, 2100));

describe("invoice arithmetic (properties)", () => {
  it("total = net + VAT, net = count × price exactly, VAT within half a minor unit of net × rate", () => {
    fc.assert(
      fc.property(count, price, usualRate, (n, p, r) => {
        const a = invoiceAmounts(n, p, r);
        expect(a.netMinor).toBe(n * p);
        expect(a.totalMinor).toBe(a.netMinor + a.vatMinor);
        expect(Number.isInteger(a.vatMinor)).toBe(true);
        // Exact: |VAT × 10000 − net × rate| ≤ 5000 (half a minor unit), computed in BigInt.
        const diff = BigInt(a.vatMinor) * 10_000n - BigInt(a.netMinor) * BigInt(r);
        expect(diff <= 5000n && diff >= -5000n).toBe(true);
        // A tie (exactly half) rounds up for positive amounts.
        if (diff === -5000n) throw new Error("half rounded down");
      }),
      { numRuns: 2000 },
    );
  });

  it("a cancellation sums to zero with its invoice and rounds like it (half away from zero)", () => {
    fc.assert(
      fc.property(count, price, usualRate, (n, p, r) => {
        const a = invoiceAmounts(n, p, r);
        const c = cancellationAmounts(a);
        expect(a.netMinor + c.netMinor).toBe(0);
        expect(a.vatMinor + c.vatMinor).toBe(0);
        expect(a.totalMinor + c.totalMinor).toBe(0);
        expect(vatOf(-a.netMinor, r)).toBe(c.vatMinor);
      }),
      { numRuns: 1000 },
    );
  });

  it("VAT grows with the net and the rate (monotone), and is zero at 0 %", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e6 }), rate, (net, extra, r) => {
        expect(vatOf(net + extra, r)).toBeGreaterThanOrEqual(vatOf(net, r));
        expect(vatOf(net, Math.min(r + 1, 10_000))).toBeGreaterThanOrEqual(vatOf(net, r));
        expect(vatOf(net, 0)).toBe(0);
        expect(vatOf(net, 10_000)).toBe(net);
      }),
    );
  });

  it("rounds half away from zero, exactly, also beyond 2^53", () => {
    expect(divideRounded(5n, 10n)).toBe(1n);
    expect(divideRounded(4n, 10n)).toBe(0n);
    expect(divideRounded(-5n, 10n)).toBe(-1n);
    expect(divideRounded(-4n, 10n)).toBe(0n);
    expect(divideRounded(15n, -10n)).toBe(-2n);
    expect(divideRounded(2n ** 60n + 5000n, 10_000n)).toBe((2n ** 60n) / 10_000n + 1n);
    // 1 × 0,50 € at 19 %: 9,5 ct → 10 ct; 1 × 2,50 at 21 %: 52,5 → 53.
    expect(invoiceAmounts(1, 50, 1900)).toEqual({ netMinor: 50, vatMinor: 10, totalMinor: 60 });
    expect(invoiceAmounts(1, 250, 2100)).toEqual({ netMinor: 250, vatMinor: 53, totalMinor: 303 });
    // Rounded once on the line, not per participant: 3 × 0,10 € at 19 %: 5,7 → 6 ct (per person it would be 3 × 2 = 6 … and 7 × 0,10: 13,3 → 13, not 7 × 2 = 14).
    expect(invoiceAmounts(7, 10, 1900).vatMinor).toBe(13);
    expect(invoiceAmounts(12, 4900, 1900)).toEqual({ netMinor: 58_800, vatMinor: 11_172, totalMinor: 69_972 });
  });

  it("knows which totals fit the integer columns", () => {
    expect(fitsColumns(invoiceAmounts(100, 100_000_000, 1900))).toBe(false);
    expect(fitsColumns(invoiceAmounts(10, 10_000_000, 1900))).toBe(true);
    expect(fitsColumns(cancellationAmounts(invoiceAmounts(10, 10_000_000, 1900)))).toBe(true);
  });
});

describe("money input", () => {
  it("reads the spellings of both languages into minor units", () => {
    expect(parseMoney("1.234,56")).toBe(123_456);
    expect(parseMoney("1 234,56")).toBe(123_456);
    expect(parseMoney("1\u00a0234,56")).toBe(123_456);
    expect(parseMoney("120,5")).toBe(12_050);
    expect(parseMoney("120.50")).toBe(12_050);
    expect(parseMoney("1,234.56")).toBe(123_456);
    expect(parseMoney("49")).toBe(4900);
    expect(parseMoney(" 500 ")).toBe(50_000);
    for (const bad of ["", "abc", "1,2,3", "-5", "12,345,6", "1.2.3", "1,2345", "1e5", "0x10", "12,345.678"]) expect(parseMoney(bad), bad).toBeNull();
    // Three digits after one comma are a thousands group (English spelling), never three decimals.
    expect(parseMoney("1,234")).toBe(123_400);
  });

  it("writes minor units back so that they read the same (round trip)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: INVOICE_LIMITS.unitPriceMinor }), (minor) => {
        expect(parseMoney(formatMoneyInput(minor))).toBe(minor);
      }),
    );
    expect(formatMoneyInput(123_456)).toBe("1234,56");
    expect(formatMoneyInput(4900)).toBe("49");
    expect(formatMoneyInput(-505)).toBe("-5,05");
  });

  it("reads VAT rates in percent into basis points (0–100 %)", () => {
    expect(parseVatRate("19")).toBe(1900);
    expect(parseVatRate("21 %")).toBe(2100);
    expect(parseVatRate("7,5")).toBe(750);
    expect(parseVatRate("10.25")).toBe(1025);
    expect(parseVatRate("0")).toBe(0);
    expect(parseVatRate("100")).toBe(10_000);
    for (const bad of ["", "101", "-1", "19,555", "abc"]) expect(parseVatRate(bad), bad).toBeNull();
    fc.assert(fc.property(rate, (bp) => parseVatRate(formatVatRateInput(bp)) === bp));
    expect(vatHintBp("DE")).toBe(1900);
    expect(vatHintBp("CZ")).toBe(2100);
  });

  it("formats amounts and rates for the locale", () => {
    const clean = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
    expect(clean(formatMoney(123_456, "EUR", "de"))).toBe("1.234,56 €");
    expect(clean(formatMoney(123_456, "CZK", "cs"))).toBe("1 234,56 Kč");
    expect(clean(formatMoney(-5000, "EUR", "cs"))).toBe("-50,00 €");
    expect(clean(formatVatRate(1900, "de"))).toBe("19 %");
    expect(clean(formatVatRate(750, "cs"))).toBe("7,5 %");
  });
});

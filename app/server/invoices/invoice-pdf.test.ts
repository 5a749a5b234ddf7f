import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../../tests/support/db";
import { createInvoiceWorld, invoiceInput, type InvoiceWorld } from "../../../tests/support/invoice-fixtures";
import type { DbHandle } from "~/server/db/client.server";
import { LocalDiskStorage } from "~/server/storage/storage.server";
import { dueDate, invoiceFileName, renderInvoicePdf } from "./invoice-pdf.server";
import { cancelInvoice, getInvoiceForDocument, issueInvoice } from "./invoices.server";

const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "pn-invoice-pdf-")));
const NOW = new Date("2026-11-24T10:00:00Z");
let handle: DbHandle;
let w: InvoiceWorld;

beforeAll(async () => {
  handle = await createTestDb();
  w = await createInvoiceWorld(handle.db);
});
afterAll(() => handle?.close());

/** The PDF's text, with the no-break spaces of number formatting as plain spaces. */
async function pdfText(invoiceId: string): Promise<string> {
  const data = await getInvoiceForDocument(handle.db, w.organiser, w.eventId, invoiceId);
  const bytes = await renderInvoicePdf(data, storage);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/[\u00a0\u202f]/g, " ");
}

describe("invoice PDF", () => {
  it("the due date is the issue date plus the payment terms, across months, years and leap days", () => {
    expect(dueDate("2026-11-24", 14)).toBe("2026-12-08");
    expect(dueDate("2026-12-24", 14)).toBe("2027-01-07");
    expect(dueDate("2028-02-15", 14)).toBe("2028-02-29");
    expect(dueDate("2026-03-20", 0)).toBe("2026-03-20");
  });

  it("a Czech invoice: Czech labels, both parties, the number, amounts formatted for cs-CZ", async () => {
    const invoice = await issueInvoice(handle.db, w.organiser, w.eventId, invoiceInput(w, { participantCount: "3", unitPrice: "1.234,56", currency: "CZK", vatRate: "21" }), null, storage, NOW);
    const text = await pdfText(invoice.id);
    // 3 × 1 234,56 = 3 703,68; VAT 21 % = 777,7728 → 777,77; total 4 481,45.
    for (const expected of [
      "Faktura – daňový doklad",
      invoice.number,
      "Ústí nad Labem",
      "Mírové náměstí 12",
      "Straße der Befreiung 5",
      "Dresden",
      "Strojírny Ústí s.r.o.",
      "k rukám Jana Dvořáková",
      "DIČ: CZ00177041",
      "DIČ: DE136695976",
      "Den podnikatelů",
      "1 234,56 Kč",
      "3 703,68 Kč",
      "DPH 21 %",
      "777,77 Kč",
      "Celkem k úhradě",
      "4 481,45 Kč",
      "Splatné do 14 dnů od doručení. Datum splatnosti: 8. 12. 2026.",
      "DPH zaokrouhlena na haléře za řádek faktury",
      "IBAN DE02 1203 0000 0000 2020 51",
      "24. 11. 2026",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(invoiceFileName(invoice)).toBe(`Faktura-${invoice.number}.pdf`);
  });

  it("a German invoice with a logo: German labels and de-DE amounts; its cancellation names the original", async () => {
    const png = await sharp({ create: { width: 60, height: 30, channels: 3, background: "#2b8a3e" } }).png().toBuffer();
    const invoice = await issueInvoice(
      handle.db,
      w.organiser,
      w.eventId,
      invoiceInput(w, { locale: "de", participantCount: "12", unitPrice: "49", currency: "EUR", vatRate: "19", number: "RE-2026/17" }),
      new File([new Uint8Array(png)], "logo.png", { type: "image/png" }),
      storage,
      NOW,
    );
    const text = await pdfText(invoice.id);
    for (const expected of ["Rechnung", "RE-2026/17", "Straße", "Ústí nad Labem", "z. Hd. Jana Dvořáková", "„Unternehmertag“", "USt-IdNr.: DE136695976", "588,00 €", "Umsatzsteuer 19 %", "111,72 €", "Gesamtbetrag", "699,72 €", "Zahlbar innerhalb von 14 Tagen nach Erhalt. Fällig am 08.12.2026.", "auf den Cent gerundet", "Tschechien"]) {
      expect(text, expected).toContain(expected);
    }
    expect(invoiceFileName(invoice)).toBe("Rechnung-RE-2026-17.pdf");

    const cancellation = await cancelInvoice(handle.db, w.organiser, w.eventId, invoice.id, NOW);
    const storno = await pdfText(cancellation.id);
    for (const expected of ["Stornorechnung", "Stornorechnung zu Rechnung Nr. RE-2026/17", cancellation.number, "-588,00 €", "-111,72 €", "-699,72 €"]) {
      expect(storno, expected).toContain(expected);
    }
    expect(storno).not.toContain("Zahlbar innerhalb");
    expect(storno).not.toContain("Fällig am");
  });

  it("a Czech cancellation is an 'opravný daňový doklad' referring to the invoice", async () => {
    const invoice = await issueInvoice(handle.db, w.organiser, w.eventId, invoiceInput(w, { paymentTermsDays: "1" }), null, storage, NOW);
    expect(await pdfText(invoice.id)).toContain("Splatné do 1 dne od doručení. Datum splatnosti: 25. 11. 2026.");
    const cancellation = await cancelInvoice(handle.db, w.organiser, w.eventId, invoice.id, NOW);
    const text = await pdfText(cancellation.id);
    expect(text).toContain(`Opravný daňový doklad k faktuře č. ${invoice.number}`);
    expect(text).toContain("-1 469,13 €");
  });
});

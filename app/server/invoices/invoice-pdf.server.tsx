import { Document, Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { MessageKey, MessageValues } from "~/i18n/translate";
import { translate } from "~/i18n/translate";
import { formatMoney, formatVatRate } from "~/schemas/invoice-math";
import type { InvoiceParty } from "~/server/db/schema";
import { PDF_FONT, renderPdf } from "~/server/pdf/render.server";
import type { FileStorage } from "~/server/storage/storage.server";
import type { InvoiceRow } from "./invoices.server";

/**
 * The invoice as an A4 PDF (decision 020), in the invoice's language (the recipient's), amounts
 * formatted for that locale. Everything printed comes from the invoice row — the snapshot taken
 * when it was issued — so the document downloaded again later is the same document.
 */
const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 10, padding: 48 },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginBottom: 24 },
  logo: { maxWidth: 160, maxHeight: 70, objectFit: "contain" },
  senderLine: { fontSize: 8, color: "#444", marginBottom: 6 },
  parties: { flexDirection: "row", justifyContent: "space-between", marginBottom: 24 },
  block: { width: "48%" },
  label: { fontSize: 8, color: "#444", marginBottom: 2 },
  bold: { fontWeight: "bold" },
  title: { fontSize: 16, fontWeight: "bold", marginBottom: 4 },
  meta: { flexDirection: "row", marginBottom: 2 },
  metaLabel: { width: 150, color: "#444" },
  table: { marginTop: 18, borderTopWidth: 1, borderColor: "#999" },
  row: { flexDirection: "row", paddingVertical: 4, borderBottomWidth: 0.5, borderColor: "#bbb" },
  colText: { width: "46%" },
  colNum: { width: "18%", textAlign: "right" },
  sums: { marginTop: 10, marginLeft: "46%" },
  sumRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  total: { borderTopWidth: 1, borderColor: "#333", marginTop: 2, paddingTop: 4, fontWeight: "bold" },
  notes: { marginTop: 24, gap: 4 },
  footer: { position: "absolute", bottom: 36, left: 48, right: 48, fontSize: 8, color: "#444", borderTopWidth: 0.5, borderColor: "#999", paddingTop: 6 },
});

export interface InvoiceDocumentData {
  invoice: InvoiceRow;
  cancelsNumber: string | null;
  eventTitle: string;
  logo: Buffer | null;
}

function Party({ party, person, t }: { party: InvoiceParty; person?: string | null; t: (key: MessageKey, values?: MessageValues) => string }) {
  return (
    <View>
      <Text style={styles.bold}>{party.name}</Text>
      {person ? <Text>{t("invoicePdf.attention", { name: person })}</Text> : null}
      <Text>{party.line1}</Text>
      {party.line2 ? <Text>{party.line2}</Text> : null}
      <Text>{`${party.postalCode} ${party.city}`}</Text>
      <Text>{t(`invoicePdf.country.${party.country}`)}</Text>
      {party.vatId ? <Text>{`${t("invoicePdf.vatId")}: ${party.vatId}`}</Text> : null}
    </View>
  );
}

const isoToParts = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
};

/** The due date printed beside the terms: the issue date plus the payment terms in days (ISO in, ISO out). */
export function dueDate(issueIso: string, days: number): string {
  return new Date(isoToParts(issueIso).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export function InvoiceDocument({ invoice, cancelsNumber, eventTitle, logo }: InvoiceDocumentData) {
  const locale = invoice.locale;
  const t = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  const date = (iso: string) => new Intl.DateTimeFormat(locale === "cs" ? "cs-CZ" : "de-DE", { dateStyle: "medium", timeZone: "UTC" }).format(isoToParts(iso));
  const period = invoice.periodFrom === invoice.periodTo ? date(invoice.periodFrom) : `${date(invoice.periodFrom)} – ${date(invoice.periodTo)}`;
  const isCancellation = invoice.kind === "CANCELLATION";
  const sender = invoice.sender;
  const meta: Array<[string, string]> = [
    [t("invoicePdf.number"), invoice.number],
    [t("invoicePdf.date"), date(invoice.issueDate)],
    [t("invoicePdf.period"), period],
  ];
  return (
    <Document title={`${t(isCancellation ? "invoicePdf.titleCancellation" : "invoicePdf.title")} ${invoice.number}`} language={locale === "cs" ? "cs-CZ" : "de-DE"}>
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View>
            <Text style={styles.title}>{t(isCancellation ? "invoicePdf.titleCancellation" : "invoicePdf.title")}</Text>
            {isCancellation && cancelsNumber ? <Text>{t("invoicePdf.cancels", { number: cancelsNumber })}</Text> : null}
          </View>
          {/* The stored logo is a re-encoded PNG (logo.server.ts): react-pdf draws PNG and JPEG only. */}
          {logo ? <Image style={styles.logo} src={{ data: logo, format: "png" }} /> : null}
        </View>

        <Text style={styles.senderLine}>{`${sender.name} · ${sender.line1} · ${sender.postalCode} ${sender.city}`}</Text>
        <View style={styles.parties}>
          <View style={styles.block}>
            <Text style={styles.label}>{t("invoicePdf.recipient")}</Text>
            <Party party={invoice.recipient} person={invoice.recipientPerson} t={t} />
          </View>
          <View style={styles.block}>
            <Text style={styles.label}>{t("invoicePdf.sender")}</Text>
            <Party party={sender} t={t} />
            {sender.email ? <Text>{`${t("invoicePdf.email")}: ${sender.email}`}</Text> : null}
            {sender.phone ? <Text>{`${t("invoicePdf.phone")}: ${sender.phone}`}</Text> : null}
          </View>
        </View>

        {meta.map(([label, value]) => (
          <View style={styles.meta} key={label}>
            <Text style={styles.metaLabel}>{label}</Text>
            <Text>{value}</Text>
          </View>
        ))}

        <View style={styles.table}>
          <View style={[styles.row, styles.bold]}>
            <Text style={styles.colText}>{t("invoicePdf.item")}</Text>
            <Text style={styles.colNum}>{t("invoicePdf.count")}</Text>
            <Text style={styles.colNum}>{t("invoicePdf.unitPrice")}</Text>
            <Text style={styles.colNum}>{t("invoicePdf.amount")}</Text>
          </View>
          <View style={styles.row}>
            <Text style={styles.colText}>{t("invoicePdf.line", { title: eventTitle })}</Text>
            <Text style={styles.colNum}>{String(isCancellation ? -invoice.participantCount : invoice.participantCount)}</Text>
            <Text style={styles.colNum}>{money(invoice.unitPriceMinor)}</Text>
            <Text style={styles.colNum}>{money(invoice.netMinor)}</Text>
          </View>
        </View>

        <View style={styles.sums}>
          <View style={styles.sumRow}>
            <Text>{t("invoicePdf.net")}</Text>
            <Text>{money(invoice.netMinor)}</Text>
          </View>
          <View style={styles.sumRow}>
            <Text>{t("invoicePdf.vat", { rate: formatVatRate(invoice.vatRateBp, locale) })}</Text>
            <Text>{money(invoice.vatMinor)}</Text>
          </View>
          <View style={[styles.sumRow, styles.total]}>
            <Text>{t("invoicePdf.total")}</Text>
            <Text>{money(invoice.totalMinor)}</Text>
          </View>
        </View>

        <View style={styles.notes}>
          {isCancellation ? null : (
            <Text>{`${t("invoicePdf.paymentTerms", { days: invoice.paymentTermsDays })} ${t("invoicePdf.dueDate", { date: date(dueDate(invoice.issueDate, invoice.paymentTermsDays)) })}`}</Text>
          )}
          <Text>{t("invoicePdf.rounding", { currency: invoice.currency })}</Text>
        </View>

        <View style={styles.footer} fixed>
          <Text>{[sender.name, sender.vatId ? `${t("invoicePdf.vatId")}: ${sender.vatId}` : null].filter(Boolean).join(" · ")}</Text>
          {sender.bank ? <Text>{`${t("invoicePdf.bank")}: ${sender.bank}`}</Text> : null}
        </View>
      </Page>
    </Document>
  );
}

/** The PDF bytes of an invoice; the logo is read from storage (a missing file prints no logo). */
export async function renderInvoicePdf(data: Omit<InvoiceDocumentData, "logo">, storage: FileStorage): Promise<Buffer> {
  const stored = data.invoice.logoKey ? await storage.get(data.invoice.logoKey) : null;
  return renderPdf(<InvoiceDocument {...data} logo={stored?.data ?? null} />);
}

/** "Rechnung-2026-0001.pdf" / "Faktura-2026-0001.pdf" (the number's slashes become dashes). */
export function invoiceFileName(invoice: Pick<InvoiceRow, "number" | "kind" | "locale">): string {
  const word = translate(invoice.locale, invoice.kind === "CANCELLATION" ? "invoicePdf.fileCancellation" : "invoicePdf.file");
  return `${word}-${invoice.number.replace(/[/]/g, "-")}.pdf`;
}

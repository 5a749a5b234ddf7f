import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { Locale } from "~/i18n/locales";
import { LOCALE_TAGS } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { MM_TO_PT, wrapText } from "~/schemas/badge-layout";
import { EVENT_TIME_ZONE } from "~/schemas/berlin-time";
import { documentFileName } from "~/server/pdf/file-name";
import { PDF_FONT, renderPdf } from "~/server/pdf/render.server";
import type { FunderReportModel } from "./funder-report-tables";

/**
 * The funder report as an A4 portrait PDF in the reader's language (decision 036): the shared
 * setup (DejaVu Sans for Czech, no hyphenation; app/server/pdf/render.server.ts), one table per
 * section, numbers right-aligned, "page x of y" in the footer. Label cells are wrapped with the
 * font's own widths so long region names stay inside their column.
 */
const MARGIN = 15 * MM_TO_PT;
const WIDTH = 595.28 - 2 * MARGIN;
const FONT_SIZE = 9;
const PADDING = 3;

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: FONT_SIZE, padding: MARGIN, paddingBottom: MARGIN + 16, color: "#111111" },
  title: { fontSize: 16, fontWeight: "bold", marginBottom: 2 },
  period: { fontSize: 11, marginBottom: 10 },
  heading: { fontSize: 12, fontWeight: "bold", marginTop: 12, marginBottom: 2 },
  note: { fontSize: 8, color: "#444444", marginBottom: 4 },
  headRow: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#000000", backgroundColor: "#eeeeee" },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#999999" },
  cell: { padding: PADDING, lineHeight: 1.25 },
  head: { padding: PADDING, fontWeight: "bold", lineHeight: 1.25 },
  footer: { position: "absolute", bottom: MARGIN, left: MARGIN, right: MARGIN, flexDirection: "row", justifyContent: "space-between", fontSize: 8, color: "#444444" },
});

/** Label columns share what the number columns (a fixed width each) leave. */
function widths(columns: number, labelColumns: number): number[] {
  const numberWidth = labelColumns === 1 && columns === 2 ? 110 : 85;
  const labelWidth = (WIDTH - numberWidth * (columns - labelColumns)) / labelColumns;
  return Array.from({ length: columns }, (_, i) => (i < labelColumns ? labelWidth : numberWidth));
}

const wrap = (text: string, width: number, weight: "regular" | "bold" = "regular") => (wrapText(text, weight, FONT_SIZE, width - 2 * PADDING, true) ?? [text]).join("\n");

export async function funderReportPdf(model: FunderReportModel, locale: Locale, printedAt: Date): Promise<{ bytes: Buffer; fileName: string }> {
  const number = new Intl.NumberFormat(LOCALE_TAGS[locale]);
  const printed = translate(locale, "funderReport.createdAt", {
    date: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short", timeZone: EVENT_TIME_ZONE }).format(printedAt),
  });
  const bytes = await renderPdf(
    <Document title={`${model.title} ${model.period}`} creator="PartnerNet" producer="PartnerNet" language={LOCALE_TAGS[locale]}>
      <Page size="A4" style={styles.page} wrap>
        <Text style={styles.title}>{model.title}</Text>
        <Text style={styles.period}>{model.period}</Text>
        {model.tables.map((table) => {
          const w = widths(table.columns.length, table.labelColumns);
          const align = (i: number) => (i < table.labelColumns ? {} : { textAlign: "right" as const });
          return (
            <View key={table.id}>
              <View wrap={false}>
                <Text style={styles.heading}>{table.heading}</Text>
                {table.note && <Text style={styles.note}>{table.note}</Text>}
                <View style={styles.headRow}>
                  {table.columns.map((column, i) => (
                    <Text key={i} style={[styles.head, { width: w[i] }, align(i)]}>
                      {wrap(column, w[i]!, "bold")}
                    </Text>
                  ))}
                </View>
              </View>
              {table.rows.length === 0 && <Text style={styles.cell}>{model.empty}</Text>}
              {table.rows.map((row, r) => (
                <View key={r} style={styles.row} wrap={false}>
                  {row.map((cell, i) => (
                    <Text key={i} style={[styles.cell, { width: w[i] }, align(i)]}>
                      {typeof cell === "number" ? number.format(cell) : wrap(cell, w[i]!)}
                    </Text>
                  ))}
                </View>
              ))}
            </View>
          );
        })}
        <View fixed style={styles.footer}>
          <Text>{printed}</Text>
          <Text render={({ pageNumber, totalPages }) => translate(locale, "funderReport.page", { page: pageNumber, pages: totalPages })} />
        </View>
      </Page>
    </Document>,
  );
  return { bytes, fileName: documentFileName(model.title, model.period) };
}

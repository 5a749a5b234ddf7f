import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { MM_TO_PT, wrapText } from "~/schemas/badge-layout";
import { PDF_FONT, renderPdf } from "~/server/pdf/render.server";

/**
 * The participant list as an A4 landscape table (issue 11). The event header and the table's
 * header row are repeated on every page (fixed), the footer carries "page x of y". Cell texts are
 * broken into lines here with DejaVu's own widths (badge-layout's measuring), so a long e-mail
 * address or answer wraps inside its column instead of running into the next one.
 */
export interface ListPdfColumn {
  label: string;
  /** Share of the table width. */
  weight: number;
}

export interface ListPdfRow {
  /** One text per column; a cell may hold several lines ("\n"). */
  cells: string[];
  /** A second, full-width line (the form answers when they do not fit as columns). */
  extra?: string | undefined;
}

export interface ListPdfInput {
  title: string;
  /** Date, time and place of the event, formatted for the document's language. */
  subtitle: string;
  /** "17 registrations (filtered) · created on …". */
  meta: string;
  /** "Created on …" (footer). */
  printedAt: string;
  columns: ListPdfColumn[];
  rows: ListPdfRow[];
  /** Shown instead of the rows when there are none. */
  empty: string;
  pageLabel: (page: number, pages: number) => string;
}

const PAGE = { width: 297, height: 210, margin: 12 } as const;
const FONT_SIZE = 8;
const LINE_PT = 1.25;
const CELL_PADDING = 3;
export const TABLE_WIDTH_PT = (PAGE.width - 2 * PAGE.margin) * MM_TO_PT;

const styles = StyleSheet.create({
  page: {
    fontFamily: PDF_FONT,
    fontSize: FONT_SIZE,
    paddingTop: PAGE.margin * MM_TO_PT,
    paddingBottom: (PAGE.margin + 6) * MM_TO_PT,
    paddingHorizontal: PAGE.margin * MM_TO_PT,
    color: "#111111",
  },
  header: { marginBottom: 8 },
  title: { fontSize: 14, fontWeight: "bold", marginBottom: 2 },
  subtitle: { fontSize: 9, marginBottom: 2 },
  meta: { fontSize: 8, color: "#444444" },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#999999" },
  headRow: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#000000", backgroundColor: "#eeeeee" },
  // react-pdf resolves a line-height factor against the font size of the same style (else its 18 pt default).
  cell: { padding: CELL_PADDING, fontSize: FONT_SIZE, lineHeight: LINE_PT },
  headCell: { padding: CELL_PADDING, fontSize: FONT_SIZE, fontWeight: "bold", lineHeight: LINE_PT },
  extra: { paddingHorizontal: CELL_PADDING, paddingBottom: CELL_PADDING, fontSize: FONT_SIZE, lineHeight: LINE_PT, color: "#333333" },
  footer: {
    position: "absolute",
    bottom: PAGE.margin * MM_TO_PT,
    left: PAGE.margin * MM_TO_PT,
    right: PAGE.margin * MM_TO_PT,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 8,
    color: "#444444",
  },
});

/** Column widths in pt from the weights. */
export function columnWidths(columns: ListPdfColumn[]): number[] {
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  return columns.map((c) => (c.weight / total) * TABLE_WIDTH_PT);
}

/** A cell's text in lines that fit `width` (pt), paragraph by paragraph. */
export function wrapCell(text: string, width: number, weight: "regular" | "bold" = "regular"): string {
  return text
    .split(/\r?\n/)
    .map((paragraph) => (wrapText(paragraph, weight, FONT_SIZE, width - 2 * CELL_PADDING, true) ?? []).join("\n"))
    .join("\n");
}

export function renderParticipantListPdf(input: ListPdfInput): Promise<Buffer> {
  const widths = columnWidths(input.columns);
  return renderPdf(
    <Document title={input.title} creator="PartnerNet" producer="PartnerNet">
      <Page size="A4" orientation="landscape" style={styles.page} wrap>
        <View fixed style={styles.header}>
          <Text style={styles.title}>{wrapText(input.title, "bold", 14, TABLE_WIDTH_PT, true)?.join("\n")}</Text>
          <Text style={styles.subtitle}>{input.subtitle}</Text>
          <Text style={styles.meta}>{input.meta}</Text>
        </View>
        <View fixed style={styles.headRow}>
          {input.columns.map((column, i) => (
            <Text key={i} style={[styles.headCell, { width: widths[i] }]}>
              {wrapCell(column.label, widths[i]!, "bold")}
            </Text>
          ))}
        </View>
        {input.rows.length === 0 && <Text style={styles.cell}>{input.empty}</Text>}
        {input.rows.map((row, r) => (
          <View key={r} style={styles.row} wrap={false}>
            <View style={{ flexDirection: "column", width: TABLE_WIDTH_PT }}>
              <View style={{ flexDirection: "row" }}>
                {row.cells.map((cell, i) => (
                  <Text key={i} style={[styles.cell, { width: widths[i] }]}>
                    {wrapCell(cell, widths[i]!)}
                  </Text>
                ))}
              </View>
              {row.extra && <Text style={styles.extra}>{wrapCell(row.extra, TABLE_WIDTH_PT)}</Text>}
            </View>
          </View>
        ))}
        <View fixed style={styles.footer}>
          <Text>{input.printedAt}</Text>
          <Text render={({ pageNumber, totalPages }) => input.pageLabel(pageNumber, totalPages)} />
        </View>
      </Page>
    </Document>,
  );
}

import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { MM_TO_PT, wrapText } from "~/schemas/badge-layout";
import { PDF_FONT, renderPdf } from "~/server/pdf/render.server";

/**
 * A company's B2B agenda as an A4 portrait page (issue 12): the event header, the company, then
 * one row per round — time, table, partner, contact person. Header and column titles repeat on
 * every page; a free round reads "Pause". Texts are wrapped with DejaVu's own widths, so a long
 * company name or e-mail address stays inside its column.
 */
export interface AgendaPdfInput {
  title: string;
  subtitle: string;
  company: string;
  meta: string;
  columns: { label: string; weight: number }[];
  rows: { cells: string[]; pause: boolean }[];
  empty: string;
  pageLabel: (page: number, pages: number) => string;
}

const PAGE = { width: 210, margin: 15 } as const;
const FONT_SIZE = 9;
const LINE = 1.3;
const PAD = 4;
const WIDTH_PT = (PAGE.width - 2 * PAGE.margin) * MM_TO_PT;

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: FONT_SIZE, paddingTop: PAGE.margin * MM_TO_PT, paddingBottom: (PAGE.margin + 6) * MM_TO_PT, paddingHorizontal: PAGE.margin * MM_TO_PT, color: "#111111" },
  header: { marginBottom: 10 },
  title: { fontSize: 15, fontWeight: "bold", marginBottom: 3 },
  subtitle: { fontSize: 10, marginBottom: 3 },
  company: { fontSize: 12, fontWeight: "bold", marginTop: 4, marginBottom: 2 },
  meta: { fontSize: 8, color: "#444444" },
  headRow: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#000000", backgroundColor: "#eeeeee" },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#999999" },
  pause: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#999999", color: "#555555" },
  cell: { padding: PAD, fontSize: FONT_SIZE, lineHeight: LINE },
  headCell: { padding: PAD, fontSize: FONT_SIZE, fontWeight: "bold", lineHeight: LINE },
  footer: { position: "absolute", bottom: PAGE.margin * MM_TO_PT, left: PAGE.margin * MM_TO_PT, right: PAGE.margin * MM_TO_PT, flexDirection: "row", justifyContent: "flex-end", fontSize: 8, color: "#444444" },
});

function wrap(text: string, width: number, weight: "regular" | "bold" = "regular"): string {
  return text
    .split(/\r?\n/)
    .map((p) => (wrapText(p, weight, FONT_SIZE, width - 2 * PAD, true) ?? []).join("\n"))
    .join("\n");
}

export function renderAgendaPdf(input: AgendaPdfInput): Promise<Buffer> {
  const total = input.columns.reduce((s, c) => s + c.weight, 0);
  const widths = input.columns.map((c) => (c.weight / total) * WIDTH_PT);
  return renderPdf(
    <Document title={`${input.company} – ${input.title}`} creator="PartnerNet" producer="PartnerNet">
      <Page size="A4" style={styles.page} wrap>
        <View fixed style={styles.header}>
          <Text style={styles.title}>{wrapText(input.title, "bold", 15, WIDTH_PT, true)?.join("\n")}</Text>
          <Text style={styles.subtitle}>{input.subtitle}</Text>
          <Text style={styles.company}>{input.company}</Text>
          <Text style={styles.meta}>{input.meta}</Text>
        </View>
        <View fixed style={styles.headRow}>
          {input.columns.map((c, i) => (
            <Text key={i} style={[styles.headCell, { width: widths[i] }]}>
              {wrap(c.label, widths[i]!, "bold")}
            </Text>
          ))}
        </View>
        {input.rows.length === 0 && <Text style={styles.cell}>{input.empty}</Text>}
        {input.rows.map((row, r) => (
          <View key={r} style={row.pause ? styles.pause : styles.row} wrap={false}>
            {row.cells.map((cell, i) => (
              <Text key={i} style={[styles.cell, { width: widths[i] }]}>
                {wrap(cell, widths[i]!)}
              </Text>
            ))}
          </View>
        ))}
        <View fixed style={styles.footer}>
          <Text render={({ pageNumber, totalPages }) => input.pageLabel(pageNumber, totalPages)} />
        </View>
      </Page>
    </Document>,
  );
}

import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { Locale } from "~/i18n/locales";
import { LOCALE_TAGS } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { MM_TO_PT } from "~/schemas/badge-layout";
import { EVENT_TIME_ZONE } from "~/schemas/berlin-time";
import { PDF_FONT, renderPdf } from "~/server/pdf/render.server";
import { type PlanExport, planTimeFormat } from "./plan-export.server";

const MARGIN = 15 * MM_TO_PT;
const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 11, padding: MARGIN, paddingBottom: MARGIN + 16, color: "#111111" },
  title: { fontSize: 13, fontWeight: "bold", marginBottom: 2 },
  round: { fontSize: 18, fontWeight: "bold", marginTop: 6, marginBottom: 8 },
  draft: { fontSize: 9, color: "#9c3d00", marginBottom: 4 },
  headRow: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#000000", backgroundColor: "#eeeeee" },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#999999", minHeight: 22, alignItems: "center" },
  table: { width: "18%", padding: 4, fontWeight: "bold" },
  company: { width: "41%", padding: 4 },
  footer: { position: "absolute", bottom: MARGIN, left: MARGIN, right: MARGIN, flexDirection: "row", justifyContent: "space-between", fontSize: 8, color: "#444444" },
});

/**
 * The table plan for the reception desk (issue 12): one page per round (more when the tables do
 * not fit), large round heading with its time, then table by table the two companies.
 */
export function renderPlanPdf(plan: PlanExport, locale: Locale, printedAt: Date): Promise<Buffer> {
  const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate(locale, key, values);
  const time = planTimeFormat(locale);
  const printed = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short", timeZone: EVENT_TIME_ZONE }).format(printedAt);
  return renderPdf(
    <Document title={`${t("b2b.csv.fileName")} – ${plan.title}`} creator="PartnerNet" producer="PartnerNet">
      {plan.rounds.map((round) => (
        <Page key={round.round} size="A4" style={styles.page} wrap>
          <Text style={styles.title}>{plan.title}</Text>
          {!plan.published && <Text style={styles.draft}>{t("b2b.pdf.draft")}</Text>}
          <Text style={styles.round}>{t("b2b.pdf.round", { round: round.round, time: `${time.format(round.start)}–${time.format(round.end)}` })}</Text>
          <View style={styles.headRow} fixed>
            <Text style={styles.table}>{t("b2b.csv.table")}</Text>
            <Text style={styles.company}>{t("b2b.csv.companyA")}</Text>
            <Text style={styles.company}>{t("b2b.csv.companyB")}</Text>
          </View>
          {round.lines.length === 0 && <Text style={{ padding: 4 }}>{t("b2b.pdf.noMeetings")}</Text>}
          {round.lines.map((line) => (
            <View key={line.table} style={styles.row} wrap={false}>
              <Text style={styles.table}>{line.table}</Text>
              <Text style={styles.company}>{line.companyA}</Text>
              <Text style={styles.company}>{line.companyB}</Text>
            </View>
          ))}
          <View style={styles.footer} fixed>
            <Text>{t("b2b.pdf.printed", { time: printed })}</Text>
            <Text render={({ pageNumber, totalPages }) => t("participantPdf.page", { page: pageNumber, pages: totalPages })} />
          </View>
        </Page>
      ))}
    </Document>,
  );
}

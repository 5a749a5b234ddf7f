import { Document, Image, Link, Page, Path, StyleSheet, Svg, Text, View } from "@react-pdf/renderer";
import {
  BADGE,
  BADGE_PADDING,
  type BadgeText,
  badgePosition,
  BADGES_PER_SHEET,
  CROP_MARK,
  type FittedText,
  GRID,
  LINE_HEIGHT,
  LOGO_STRIP,
  MM_TO_PT,
  NAME_GAP_PT,
  QR_GAP,
  QR_SIZE,
  SHEET_MARGIN,
  TEXT_WIDTH_MM,
} from "~/schemas/badge-layout";
import { PDF_FONT, renderPdf } from "~/server/pdf/render.server";
import type { QrPath } from "./qr.server";

/** One printed badge: its texts already broken into lines (fitBadgeText) and its QR code. */
export interface Badge {
  registrationId: string;
  text: BadgeText;
  qr: QrPath;
  /** What the QR code encodes; also the badge's link in the PDF. */
  url: string;
}

export interface NameTagSheetsInput {
  /** Document title (PDF metadata). */
  title: string;
  /** The event's logos, PNG bytes, in their order (at most 5). */
  logos: Buffer[];
  badges: Badge[];
}

const mm = (value: number) => value * MM_TO_PT;

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, position: "relative", color: "#000000" },
  badge: { position: "absolute", width: mm(BADGE.width), height: mm(BADGE.height), padding: mm(BADGE_PADDING), flexDirection: "column" },
  logos: { flexDirection: "row", justifyContent: "center", alignItems: "center", height: mm(LOGO_STRIP.height), marginBottom: mm(LOGO_STRIP.gap) },
  body: { flexDirection: "row", flexGrow: 1, justifyContent: "space-between" },
  text: { width: mm(TEXT_WIDTH_MM), flexDirection: "column" },
  qr: { width: mm(QR_SIZE), height: mm(QR_SIZE), marginLeft: mm(QR_GAP), alignSelf: "flex-end" },
  mark: { position: "absolute", backgroundColor: "#000000" },
});

function Lines({ value, bold = false, marginBottom = 0 }: { value: FittedText | null; bold?: boolean; marginBottom?: number }) {
  if (!value) return null;
  return (
    <Text style={{ fontSize: value.size, lineHeight: LINE_HEIGHT, fontWeight: bold ? "bold" : "normal", marginBottom }}>{value.lines.join("\n")}</Text>
  );
}

function Logos({ logos }: { logos: Buffer[] }) {
  if (logos.length === 0) return null;
  const width = (BADGE.width - 2 * BADGE_PADDING - (logos.length - 1) * LOGO_STRIP.spacing) / logos.length;
  return (
    <View style={styles.logos}>
      {logos.map((data, i) => (
        <Image
          key={i}
          src={{ data, format: "png" }}
          style={{ width: mm(width), height: mm(LOGO_STRIP.height), objectFit: "contain", marginLeft: i === 0 ? 0 : mm(LOGO_STRIP.spacing) }}
        />
      ))}
    </View>
  );
}

function BadgeView({ badge, index, logos }: { badge: Badge; index: number; logos: Buffer[] }) {
  const { left, top } = badgePosition(index);
  return (
    <View style={[styles.badge, { left: mm(left), top: mm(top) }]} wrap={false}>
      <Logos logos={logos} />
      <View style={styles.body}>
        <View style={styles.text}>
          <Lines value={badge.text.name} bold marginBottom={NAME_GAP_PT} />
          <Lines value={badge.text.company} />
          <Lines value={badge.text.function} />
          <Lines value={badge.text.country} />
        </View>
        <Link src={badge.url} style={styles.qr}>
          <Svg width={mm(QR_SIZE)} height={mm(QR_SIZE)} viewBox={`0 0 ${badge.qr.size} ${badge.qr.size}`}>
            <Path d={badge.qr.d} fill="#000000" />
          </Svg>
        </Link>
      </View>
    </View>
  );
}

/**
 * Crop marks at every cut line of the grid, in the margins only (they never touch a badge): the
 * sheet can be cut with a guillotine, or the marks ignored on perforated badge paper.
 */
function CropMarks() {
  const hairline = 0.5;
  const xs = Array.from({ length: GRID.columns + 1 }, (_, i) => SHEET_MARGIN.x + i * BADGE.width);
  const ys = Array.from({ length: GRID.rows + 1 }, (_, i) => SHEET_MARGIN.y + i * BADGE.height);
  const gridBottom = ys.at(-1)!;
  const gridRight = xs.at(-1)!;
  const { length, offset } = CROP_MARK;
  return (
    <>
      {xs.flatMap((x) => [
        <View key={`t${x}`} style={[styles.mark, { left: mm(x) - hairline / 2, top: mm(SHEET_MARGIN.y - offset - length), width: hairline, height: mm(length) }]} />,
        <View key={`b${x}`} style={[styles.mark, { left: mm(x) - hairline / 2, top: mm(gridBottom + offset), width: hairline, height: mm(length) }]} />,
      ])}
      {ys.flatMap((y) => [
        <View key={`l${y}`} style={[styles.mark, { top: mm(y) - hairline / 2, left: mm(SHEET_MARGIN.x - offset - length), height: hairline, width: mm(length) }]} />,
        <View key={`r${y}`} style={[styles.mark, { top: mm(y) - hairline / 2, left: mm(gridRight + offset), height: hairline, width: mm(length) }]} />,
      ])}
    </>
  );
}

/** A4 sheets of 2 × 4 badges (decision 022); the last sheet may be partly empty. */
export function renderNameTagSheets(input: NameTagSheetsInput): Promise<Buffer> {
  const sheets: Badge[][] = [];
  for (let i = 0; i < input.badges.length; i += BADGES_PER_SHEET) sheets.push(input.badges.slice(i, i + BADGES_PER_SHEET));
  return renderPdf(
    <Document title={input.title} creator="PartnerNet" producer="PartnerNet">
      {sheets.map((sheet, s) => (
        <Page key={s} size="A4" orientation="portrait" style={styles.page}>
          <CropMarks />
          {sheet.map((badge, i) => (
            <BadgeView key={badge.registrationId} badge={badge} index={i} logos={input.logos} />
          ))}
        </Page>
      ))}
    </Document>,
  );
}

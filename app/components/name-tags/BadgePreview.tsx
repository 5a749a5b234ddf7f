import type { CSSProperties } from "react";
import boldFont from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url";
import regularFont from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url";
import { useT } from "~/i18n/i18n-context";
import { BADGE, BADGE_PADDING, type BadgeText, type FittedText, LINE_HEIGHT, LOGO_STRIP, NAME_GAP_PT, QR_SIZE, TEXT_WIDTH_MM } from "~/schemas/badge-layout";
import classes from "./BadgePreview.module.css";

export interface PreviewLogo {
  id: string;
  src: string;
  alt: string;
}

export interface BadgePreviewProps {
  name: string;
  text: BadgeText;
  qr: { size: number; d: string };
  logos: PreviewLogo[];
}

/** The PDF's font, for this page only (the browser fetches it when the badge is shown). */
const FONT_FACES = `
@font-face { font-family: "PN Badge Sans"; src: url("${regularFont}") format("truetype"); font-weight: 400; font-display: swap; }
@font-face { font-family: "PN Badge Sans"; src: url("${boldFont}") format("truetype"); font-weight: 700; font-display: swap; }
`;

const mm = (value: number) => `${value}mm`;

function Lines({ value, bold = false, gap = 0 }: { value: FittedText | null; bold?: boolean; gap?: number }) {
  if (!value) return null;
  return (
    <p className={classes.line} style={{ fontSize: `${value.size}pt`, fontWeight: bold ? 700 : 400, marginBottom: gap ? `${gap}pt` : undefined }}>
      {value.lines.join("\n")}
    </p>
  );
}

/**
 * One badge at its printed size, drawn from the same layout numbers and the same server-broken
 * lines as the PDF, so what the organiser sees is what prints.
 */
export function BadgePreview({ name, text, qr, logos }: BadgePreviewProps) {
  const t = useT();
  const logoWidth = (BADGE.width - 2 * BADGE_PADDING - (logos.length - 1) * LOGO_STRIP.spacing) / Math.max(1, logos.length);
  const vars = {
    "--badge-width": mm(BADGE.width),
    "--badge-height": mm(BADGE.height),
    "--badge-padding": mm(BADGE_PADDING),
    "--logo-height": mm(LOGO_STRIP.height),
    "--logo-gap": mm(LOGO_STRIP.gap),
    "--text-width": mm(TEXT_WIDTH_MM),
    "--qr-size": mm(QR_SIZE),
    "--line-height": String(LINE_HEIGHT),
  } as CSSProperties;
  return (
    // Focusable: on a narrow screen the true-size badge scrolls sideways, also by keyboard.
    <div className={classes.frame} tabIndex={0} role="group" aria-label={t("nameTags.preview.title")}>
      <style>{FONT_FACES}</style>
      <figure className={classes.badge} style={vars} aria-label={t("nameTags.preview.label", { name })} data-testid="badge-preview">
        {logos.length > 0 && (
          <div className={classes.logos}>
            {logos.map((logo, i) => (
              <img key={logo.id} className={classes.logo} src={logo.src} alt={logo.alt} style={{ width: mm(logoWidth), marginLeft: i === 0 ? 0 : mm(LOGO_STRIP.spacing) }} />
            ))}
          </div>
        )}
        <div className={classes.body}>
          <div className={classes.text}>
            <Lines value={text.name} bold gap={NAME_GAP_PT} />
            <Lines value={text.company} />
            <Lines value={text.function} />
            <Lines value={text.country} />
          </div>
          <svg className={classes.qr} viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={t("nameTags.qrAlt")} shapeRendering="crispEdges">
            <path d={qr.d} fill="#000000" />
          </svg>
        </div>
      </figure>
    </div>
  );
}

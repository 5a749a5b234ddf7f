import { BOLD_WIDTHS, FIRST_CODE_POINT, REGULAR_WIDTHS } from "./badge-font-metrics";

/**
 * The name-tag layout (decision 022), shared by the PDF (@react-pdf/renderer, server) and the
 * true-size preview in the browser (HTML/CSS in mm), so both show the same badge: A4 portrait,
 * 2 columns × 4 rows of 90 × 55 mm badges without gaps, the grid centred on the sheet, crop marks
 * in the margins. Lengths are in millimetres, font sizes in points.
 *
 * Lines are broken here, not by the renderer: the texts are measured with DejaVu Sans' own advance
 * widths (the font of every PDF and of the preview), a long name shrinks step by step and wraps
 * onto a second line, and only a single word wider than the badge is broken inside. Nothing is
 * ever cut off.
 */
export const SHEET = { width: 210, height: 297 } as const;
export const BADGE = { width: 90, height: 55 } as const;
export const GRID = { columns: 2, rows: 4 } as const;
export const BADGES_PER_SHEET = GRID.columns * GRID.rows;
/** Margins that centre the grid: 15 mm left/right, 38.5 mm top/bottom. */
export const SHEET_MARGIN = {
  x: (SHEET.width - GRID.columns * BADGE.width) / 2,
  y: (SHEET.height - GRID.rows * BADGE.height) / 2,
} as const;
/** Crop marks: this long, starting this far outside the grid. */
export const CROP_MARK = { length: 6, offset: 2 } as const;

export const BADGE_PADDING = 4;
export const LOGO_STRIP = { height: 10, gap: 2.5, spacing: 2 } as const;
export const QR_SIZE = 20;
export const QR_GAP = 3;
export const LINE_HEIGHT = 1.15;
/** Space below the name block (pt). */
export const NAME_GAP_PT = 3;

export const MM_TO_PT = 72 / 25.4;
export const TEXT_WIDTH_MM = BADGE.width - 2 * BADGE_PADDING - QR_SIZE - QR_GAP;

/** Where badge `index` (0-based, row by row) sits on its sheet, in mm from the top-left corner. */
export function badgePosition(index: number): { sheet: number; left: number; top: number } {
  const onSheet = index % BADGES_PER_SHEET;
  return {
    sheet: Math.floor(index / BADGES_PER_SHEET),
    left: SHEET_MARGIN.x + (onSheet % GRID.columns) * BADGE.width,
    top: SHEET_MARGIN.y + Math.floor(onSheet / GRID.columns) * BADGE.height,
  };
}

export function sheetCount(badges: number): number {
  return Math.ceil(badges / BADGES_PER_SHEET);
}

export type Weight = "regular" | "bold";

/**
 * Width of `text` at `size` pt. Characters outside the measured range (Latin-1, Latin Extended-A:
 * German and Czech and their neighbours) count as a full em, so an unknown script is over-, never
 * under-estimated.
 */
export function textWidth(text: string, weight: Weight, size: number): number {
  const widths = weight === "bold" ? BOLD_WIDTHS : REGULAR_WIDTHS;
  let units = 0;
  for (const char of text) {
    const w = widths[(char.codePointAt(0) ?? 0) - FIRST_CODE_POINT];
    units += w === undefined || w === 0 ? 1000 : w;
  }
  return (units / 1000) * size;
}

/** Headroom against rounding in the table and in the renderers. */
const WIDTH_SAFETY = 1.01;

/** Splits a word wider than the line into pieces that fit (last resort: never cut). */
function breakWord(word: string, fits: (s: string) => boolean): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const char of word) {
    if (current && !fits(current + char)) {
      pieces.push(current);
      current = char;
    } else current += char;
  }
  if (current) pieces.push(current);
  return pieces;
}

/**
 * Greedy word wrap at spaces. Null when a single word does not fit and `breakWords` is off.
 */
export function wrapText(text: string, weight: Weight, size: number, maxWidthPt: number, breakWords = false): string[] | null {
  const fits = (s: string) => textWidth(s, weight, size) * WIDTH_SAFETY <= maxWidthPt;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (fits(word)) {
      line = word;
      continue;
    }
    if (!breakWords) return null;
    const pieces = breakWord(word, fits);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1) ?? "";
  }
  if (line) lines.push(line);
  return lines;
}

export interface FittedText {
  size: number;
  lines: string[];
}

export interface BadgeText {
  name: FittedText;
  company: FittedText | null;
  function: FittedText | null;
  country: FittedText | null;
}

export interface BadgeTextInput {
  name: string;
  company: string | null;
  function: string | null;
  /** Already translated. */
  country: string | null;
}

/** Name sizes tried in turn (pt): the largest that fits the height left, words whole. */
const NAME_SIZES = [18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8];
/** Each other line: preferred size down to its smallest, and how many lines it may take. */
const FIELDS = {
  company: { sizes: [10, 9, 8, 7], maxLines: 3 },
  function: { sizes: [9, 8, 7], maxLines: 2 },
  country: { sizes: [8, 7], maxLines: 1 },
} as const;

const blockHeight = (t: FittedText | null) => (t ? t.lines.length * t.size * LINE_HEIGHT : 0);

/** Height of the text block (pt). */
export function textHeight(text: BadgeText): number {
  return blockHeight(text.name) + NAME_GAP_PT + blockHeight(text.company) + blockHeight(text.function) + blockHeight(text.country);
}

/** The height available for text on a badge (pt): below the logo strip when there are logos. */
export function textBoxHeight(hasLogos: boolean): number {
  const mm = BADGE.height - 2 * BADGE_PADDING - (hasLogos ? LOGO_STRIP.height + LOGO_STRIP.gap : 0);
  return mm * MM_TO_PT;
}

/**
 * Fits `text` at the first size in `sizes` where it takes at most `maxLines` lines (and at most
 * `maxHeight`), words whole; then at the first size where more lines fit the height; failing
 * that, at the smallest size with words broken.
 */
function fit(text: string, weight: Weight, sizes: readonly number[], maxLines: number, width: number, maxHeight = Infinity): FittedText {
  for (const limit of [maxLines, Infinity]) {
    if (limit === Infinity && maxHeight === Infinity) break;
    for (const size of sizes) {
      const lines = wrapText(text, weight, size, width);
      if (lines && lines.length <= limit && lines.length * size * LINE_HEIGHT <= maxHeight) return { size, lines };
    }
  }
  const size = sizes.at(-1)!;
  return { size, lines: wrapText(text, weight, size, width, true)! };
}

/**
 * The badge's texts broken into lines. Company, function and country first, each at its preferred
 * size if it fits on its lines, else smaller; the name then takes the rest of the height, as large
 * as possible (18 pt down to 8 pt) on as many lines as the height allows, words kept whole as long as any size
 * allows. Should the whole still not fit (texts far beyond the forms' limits), everything is
 * scaled down together until it does.
 */
export function fitBadgeText(input: BadgeTextInput, hasLogos: boolean): BadgeText {
  const width = TEXT_WIDTH_MM * MM_TO_PT;
  const box = textBoxHeight(hasLogos);
  const name = input.name.trim() || "–";
  const field = (value: string | null, key: keyof typeof FIELDS, scale = 1) => {
    const text = value?.trim();
    if (!text) return null;
    const { sizes, maxLines } = FIELDS[key];
    return fit(
      text,
      "regular",
      sizes.map((s) => s * scale),
      scale === 1 ? maxLines : Infinity,
      width,
    );
  };

  const company = field(input.company, "company");
  const fn = field(input.function, "function");
  const country = field(input.country, "country");
  const rest = box - NAME_GAP_PT - blockHeight(company) - blockHeight(fn) - blockHeight(country);
  const fitted: BadgeText = { name: fit(name, "bold", NAME_SIZES, Infinity, width, rest), company, function: fn, country };
  if (textHeight(fitted) <= box) return fitted;

  // Only texts far beyond the forms' limits get here.
  let last = fitted;
  for (let scale = 0.9; scale >= 0.3; scale -= 0.1) {
    last = {
      name: fit(name, "bold", [NAME_SIZES.at(-1)! * scale], Infinity, width),
      company: field(input.company, "company", scale),
      function: field(input.function, "function", scale),
      country: field(input.country, "country", scale),
    };
    if (textHeight(last) <= box) return last;
  }
  return last;
}

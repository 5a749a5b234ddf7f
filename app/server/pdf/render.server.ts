import { createRequire } from "node:module";
import { Font, renderToBuffer } from "@react-pdf/renderer";
import type { ReactElement } from "react";

/**
 * PDF documents (participant list, name tags, invoices; decision 019) are drawn with
 * @react-pdf/renderer. Its built-in Helvetica has no ě, č, ř, ů: every document uses DejaVu Sans,
 * shipped by the `dejavu-fonts-ttf` package, registered once as the family "PN Sans".
 */
export const PDF_FONT = "PN Sans";

let registered = false;

function registerFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  Font.register({
    family: PDF_FONT,
    fonts: [
      { src: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"), fontWeight: "normal" },
      { src: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"), fontWeight: "bold" },
    ],
  });
  // No automatic hyphenation: names and Czech words must stay whole.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

interface CachedGlyph {
  codePoints?: number[];
}
interface GlyphSource {
  getGlyph(id: number, characters?: number[]): CachedGlyph | null;
}
const repaired = new WeakSet<object>();

/**
 * fontkit caches one glyph object per glyph id with the characters of its first lookup. Embedding
 * a document's font subset looks glyphs up by id alone (no characters), so in the *next* document
 * those glyphs come back without code points, react-pdf's text mapping drops them and the PDF's
 * ToUnicode table shifts: the page shows "Uwe", but copying, searching, screen readers and text
 * extraction read "Kwe" (react-pdf issue 3404). The loaded fonts live for the whole process, so
 * each is patched once: a cached glyph without code points takes them from the first lookup that
 * has them.
 */
async function repairGlyphCaches(): Promise<void> {
  for (const fontWeight of [400, 700]) {
    await Font.load({ fontFamily: PDF_FONT, fontWeight });
    const font = (Font.getFont({ fontFamily: PDF_FONT, fontWeight }) as { data: GlyphSource | null }).data;
    if (!font || repaired.has(font)) continue;
    const getGlyph = font.getGlyph.bind(font);
    font.getGlyph = (id, characters = []) => {
      const glyph = getGlyph(id, characters);
      if (glyph && characters.length > 0 && !glyph.codePoints?.length) glyph.codePoints = characters;
      return glyph;
    };
    repaired.add(font);
  }
}

/** Renders a <Document> element to PDF bytes. */
export async function renderPdf(document: ReactElement): Promise<Buffer> {
  registerFonts();
  await repairGlyphCaches();
  // The element is a <Document>; react-pdf's typing asks for its exact props type.
  return renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);
}

import { Document, Page, Text } from "@react-pdf/renderer";
import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { parsePdf } from "../../../tests/support/document-fixtures";
import { PDF_FONT, renderPdf } from "./render.server";

const doc = (text: string) => h(Document, null, h(Page, { size: "A4", style: { fontFamily: PDF_FONT } }, h(Text, null, text)));

describe("renderPdf", () => {
  it("keeps the text readable (ToUnicode) in a document rendered after another in the same process", async () => {
    // "Ú" is drawn from the glyphs "U" and the accent: embedding it caches "U" without its character.
    await renderPdf(doc("Ústí nad Labem"));
    const text = "Uwe Lehmann, Ústí nad Labem, Žďár, Straße, Křižík, Dvořáková";
    expect((await parsePdf(await renderPdf(doc(text)))).text).toBe(text);
    expect((await parsePdf(await renderPdf(doc(`Jürgen ${text}`)))).text).toBe(`Jürgen ${text}`);
  });
});

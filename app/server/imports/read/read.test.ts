import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeSingleByte } from "../../../../tests/support/single-byte";
import { csvDownloadResponse } from "~/server/downloads/table-download.server";
import { AppError } from "~/server/errors";
import { LocalDiskStorage, newStorageKey } from "~/server/storage/storage.server";
import type { ImportReadSettings } from "~/schemas/imports";
import { detectEncoding, detectSeparator } from "./detect";
import { inspectImportFile } from "./inspect.server";
import { normaliseRow } from "./normalise";
import { openImportRows, type ImportRowRead } from "./rows.server";

const CZECH = "ěščřžýáíéůú ĚŠČŘŽÝÁÍÉŮÚ";
const GERMAN = "äöüß ÄÖÜ";

let dir: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "import-read-"));
  storage = new LocalDiskStorage(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function store(bytes: Uint8Array | string, extension = "csv"): Promise<string> {
  const key = newStorageKey("imports", extension);
  await storage.put(key, Buffer.from(typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes), "application/octet-stream");
  return key;
}

async function all(key: string, settings: ImportReadSettings, fromRow = 0, includeHeader = false): Promise<ImportRowRead[]> {
  const rows: ImportRowRead[] = [];
  for await (const row of openImportRows(storage, key, settings, { fromRow, includeHeader })) rows.push(row);
  return rows;
}

const csv = (encoding: ImportReadSettings["encoding"], separator: ImportReadSettings["separator"], hasHeader = true): ImportReadSettings => ({ format: "CSV", encoding, separator, hasHeader, sheet: null });

describe("CSV separators", () => {
  it.each([",", ";", "\t", "|"] as const)("detects %j, not fooled by separators inside quotes", async (sep) => {
    const others = [",", ";", "\t", "|"].filter((s) => s !== sep).join("");
    const text = [["Name", "IČO", "Ort"], [`"A${others}B"`, "25596641", "Praha"], [`"x${others}${others}"`, "1", "Brno"]].map((r) => r.join(sep)).join("\r\n");
    expect(detectSeparator(text, true)).toBe(sep);
    const key = await store(text);
    const inspection = await inspectImportFile(storage, key, { language: "de", hasHeader: true });
    expect(inspection.settings.separator).toBe(sep);
    expect(inspection.headers).toEqual(["Name", "IČO", "Ort"]);
    expect(inspection.sampleRows[0]!.cells).toEqual([`A${others}B`, "25596641", "Praha"]);
  });
});

describe("CSV encodings", () => {
  const text = `Name;Popis\r\nŘeznictví Šťastný;${CZECH}\r\nMüller GmbH;${GERMAN}\r\n`;

  it("reads UTF-8 with a BOM", async () => {
    const key = await store(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]));
    const inspection = await inspectImportFile(storage, key, { language: "de", hasHeader: true });
    expect(inspection.settings.encoding).toBe("utf-8-bom");
    expect(inspection.headers).toEqual(["Name", "Popis"]);
    expect(inspection.sampleRows.map((r) => r.cells[1])).toEqual([CZECH, GERMAN]);
  });

  it("reads UTF-8 without a BOM", async () => {
    const key = await store(text);
    const inspection = await inspectImportFile(storage, key, { language: "cs", hasHeader: true });
    expect(inspection.settings.encoding).toBe("utf-8");
    expect(inspection.sampleRows.map((r) => r.cells[1])).toEqual([CZECH, GERMAN]);
  });

  it("reads Windows-1250 with Czech and German letters, whatever the stated language", async () => {
    const key = await store(encodeSingleByte(text, "windows-1250"));
    for (const language of ["de", "cs"] as const) {
      const inspection = await inspectImportFile(storage, key, { language, hasHeader: true });
      expect(inspection.settings.encoding).toBe("windows-1250");
      expect(inspection.sampleRows.map((r) => r.cells)).toEqual([
        ["Řeznictví Šťastný", CZECH],
        ["Müller GmbH", GERMAN],
      ]);
    }
  });

  it("reads Windows-1252 with German letters; a tie (only ä ö ü ß) goes to the file's language", async () => {
    const german = `Firmenname;Ort\r\nMüller & Söhne;Görlitz\r\nStraßenbau ÄÖÜ;${GERMAN}\r\n`;
    const bytes = encodeSingleByte(german, "windows-1252");
    expect(detectEncoding(bytes, "de")).toBe("windows-1252");
    expect(detectEncoding(bytes, "cs")).toBe("windows-1250");
    const key = await store(bytes);
    const inspection = await inspectImportFile(storage, key, { language: "de", hasHeader: true });
    expect(inspection.settings.encoding).toBe("windows-1252");
    expect(inspection.sampleRows.map((r) => r.cells)).toEqual([
      ["Müller & Söhne", "Görlitz"],
      ["Straßenbau ÄÖÜ", GERMAN],
    ]);
    // French and Spanish letters only Windows-1252 has decide for it even in a Czech file.
    expect(detectEncoding(encodeSingleByte("Crêperie;Señor;Façade à", "windows-1252"), "cs")).toBe("windows-1252");
  });

  it("lets the admin override the detected encoding", async () => {
    const key = await store(encodeSingleByte(text, "windows-1250"));
    const inspection = await inspectImportFile(storage, key, { language: "cs", hasHeader: true, encoding: "windows-1252" });
    expect(inspection.settings.encoding).toBe("windows-1252");
    expect(inspection.sampleRows[0]!.cells[0]).not.toBe("Řeznictví Šťastný");
  });
});

describe("CSV rows", () => {
  it("keeps quoted line breaks in the cell, skips empty rows and numbers rows as the file does", async () => {
    const text = 'Name,Beschreibung\n"Alpha GmbH","Zeile 1\nZeile 2"\n\n,\nBeta AG,"say ""hi"""\n';
    const key = await store(text);
    const rows = await all(key, csv("utf-8", ","), 0, true);
    expect(rows.map((r) => [r.rowNumber, r.cells])).toEqual([
      [1, ["Name", "Beschreibung"]],
      [2, ["Alpha GmbH", "Zeile 1\nZeile 2"]],
      [5, ["Beta AG", 'say "hi"']],
    ]);
    expect(rows.at(-1)!.bytesRead).toBe(new TextEncoder().encode(text).length);
  });

  it("streams a large file and resumes after a given row", async () => {
    const lines = ["Name;IČO"];
    for (let i = 1; i <= 20000; i++) lines.push(`Firma ${i} Žatec;${String(i).padStart(8, "0")}`);
    const key = await store(encodeSingleByte(lines.join("\r\n"), "windows-1250"));
    const settings = csv("windows-1250", ";");
    let count = 0;
    let last: ImportRowRead | null = null;
    for await (const row of openImportRows(storage, key, settings)) {
      count++;
      last = row;
    }
    expect(count).toBe(20000);
    expect(last!.rowNumber).toBe(20001);
    expect(last!.cells).toEqual(["Firma 20000 Žatec", "00020000"]);
    const resumed = await all(key, settings, 19998);
    expect(resumed.map((r) => r.rowNumber)).toEqual([19999, 20000, 20001]);
    expect(resumed[0]!.cells[0]).toBe("Firma 19998 Žatec");
  });

  it("stops reading when the consumer stops", async () => {
    const key = await store("a,b\n1,2\n3,4\n5,6\n");
    const rows: number[] = [];
    for await (const row of openImportRows(storage, key, csv("utf-8", ","))) {
      rows.push(row.rowNumber);
      if (rows.length === 2) break;
    }
    expect(rows).toEqual([2, 3]);
  });
});

describe("CSV backpressure", () => {
  it("reads no further ahead of a slow consumer than about one chunk, and parses rows split between chunks whole", async () => {
    // ~8 MB: quoted line breaks, doubled quotes, CRLF and two-byte letters fall on chunk boundaries somewhere.
    const lines = ["Name;Beschreibung;IČO"];
    for (let i = 1; i <= 60000; i++) lines.push(`"Řeznictví ${i}";"Zeile 1\r\nZeile ""${i}"" ${CZECH}";${String(i).padStart(8, "0")}`);
    const key = await store(`\uFEFF${lines.join("\r\n")}\r\n`);
    const stats = { rowsParsed: 0 };
    let consumed = 0;
    let maxAhead = 0;
    let wrong = 0;
    for await (const row of openImportRows(storage, key, csv("utf-8-bom", ";"), { stats })) {
      consumed++;
      // rowsParsed counts the header too.
      maxAhead = Math.max(maxAhead, stats.rowsParsed - 1 - consumed);
      const i = consumed;
      if (row.rowNumber !== i + 1 || row.cells[0] !== `Řeznictví ${i}` || row.cells[1] !== `Zeile 1\r\nZeile "${i}" ${CZECH}` || row.cells[2] !== String(i).padStart(8, "0")) wrong++;
      // A slow consumer (a database write): the reader must wait for it.
      if (consumed % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(consumed).toBe(60000);
    expect(wrong).toBe(0);
    // One 64 KiB chunk holds ~500 of these rows; the old stream parser ran thousands ahead.
    expect(maxAhead).toBeLessThan(2000);
  });
});

describe("format detection", () => {
  it("refuses a legacy .xls (OLE), a binary and an empty file with IMPORT_FILE_UNREADABLE", async () => {
    for (const bytes of [new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]), new Uint8Array()]) {
      const key = await store(bytes, "bin");
      const error = await inspectImportFile(storage, key, { language: "de", hasHeader: true }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("IMPORT_FILE_UNREADABLE");
    }
  });

  it("refuses a zip that is not a workbook", async () => {
    const key = await store(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9]), "xlsx");
    const error = await inspectImportFile(storage, key, { language: "de", hasHeader: true }).catch((e: unknown) => e);
    expect((error as AppError).code).toBe("IMPORT_FILE_UNREADABLE");
  });
});

describe("XLSX", () => {
  async function workbook(): Promise<Uint8Array> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Firmen");
    sheet.addRow(["Firmenname", "IČO", "Gegründet", "Umsatz", "Anteil", "Summe", "Web", "Notiz"]);
    sheet.addRow(["Řeznictví Šťastný", 25596641, new Date(Date.UTC(2001, 4, 17)), 1234567.5, 0.1 + 0.2, { formula: "B2*2", result: 51193282 }, { text: "example.cz", hyperlink: "https://example.cz" }, "=HYPERLINK(\"http://evil\")"]);
    sheet.addRow([]);
    sheet.addRow([{ richText: [{ text: "Müller " }, { font: { bold: true }, text: "GmbH" }] }, 1e21, null, 12, 1e-7, null, null, "@SUM(1)"]);
    sheet.getCell("C2").numFmt = "dd.mm.yyyy";
    const second = book.addWorksheet("Other");
    second.addRow(["x"]);
    return new Uint8Array((await book.xlsx.writeBuffer()) as ArrayBuffer);
  }

  it("reads dates as ISO, numbers as plain decimals, formulas as their result, rich text and links as text", async () => {
    const key = await store(await workbook(), "xlsx");
    const inspection = await inspectImportFile(storage, key, { language: "de", hasHeader: true });
    expect(inspection.settings).toEqual({ format: "XLSX", encoding: null, separator: null, hasHeader: true, sheet: 1 });
    expect(inspection.headers).toEqual(["Firmenname", "IČO", "Gegründet", "Umsatz", "Anteil", "Summe", "Web", "Notiz"]);
    expect(inspection.sampleRows.map((r) => [r.rowNumber, r.cells])).toEqual([
      [2, ["Řeznictví Šťastný", "25596641", "2001-05-17", "1234567.5", "0.3", "51193282", "example.cz", '=HYPERLINK("http://evil")']],
      [4, ["Müller GmbH", "1000000000000000000000", "", "12", "0.0000001", "", "", "@SUM(1)"]],
    ]);
    const resumed = await all(key, inspection.settings, 2);
    expect(resumed.map((r) => r.rowNumber)).toEqual([4]);
    expect(resumed[0]!.bytesRead).toBeGreaterThan(0);
  });
});

describe("formula injection", () => {
  it("keeps a formula-like cell as text on import and neutralises it on export", async () => {
    const key = await store('Name;IČO;Beschreibung\r\n"=HYPERLINK(""http://evil"",""x"")";25596641;"+cmd|\' /C calc\'!A0"\r\n');
    const settings = csv("utf-8", ";");
    const [row] = await all(key, settings);
    const { candidate } = normaliseRow(row!, [
      { column: 0, field: "name" },
      { column: 1, field: "identifier", identifierKind: "ICO" },
      { column: 2, field: "description" },
    ], { country: "CZ" });
    expect(candidate!.name).toBe('=HYPERLINK("http://evil","x")');
    expect(candidate!.description).toBe("+cmd|' /C calc'!A0");
    async function* rows() {
      yield [candidate!.name, candidate!.description];
    }
    const exported = await csvDownloadResponse({ fileName: "x.csv", header: ["Name", "Beschreibung"], rows: rows() }).text();
    expect(exported).toContain(`"'=HYPERLINK(""http://evil"",""x"")";"'+cmd|' /C calc'!A0"`);
  });
});

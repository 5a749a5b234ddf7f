import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { csvDownloadResponse, pagedRows, xlsxDownloadResponse } from "./table-download.server";

async function* rows(n: number) {
  for (let i = 1; i <= n; i++) yield [`Firma ${i} Ústí`, i, i % 2 ? "=HYPERLINK(1)" : null];
}

describe("streamed table downloads", () => {
  it("writes CSV for Excel: BOM, semicolons, quoted, formula-safe, every row", async () => {
    const res = csvDownloadResponse({ fileName: "firmen.csv", header: ["Name", "Nr", "Notiz"], rows: rows(3000) });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("firmen.csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(3001);
    expect(lines[0]).toBe('\uFEFF"Name";"Nr";"Notiz"');
    expect(lines[1]).toBe(`"Firma 1 Ústí";"1";"'=HYPERLINK(1)"`);
    expect(lines[2]).toBe('"Firma 2 Ústí";"2";""');
  });

  it("writes an XLSX that Excel's format reader reads back, with text kept as text", async () => {
    const res = xlsxDownloadResponse({ fileName: "firmen.xlsx", sheetName: "Firmen: Auswahl", header: ["Name", "Nr", "Notiz"], rows: rows(500) });
    const book = new ExcelJS.Workbook();
    // exceljs's types predate Node's generic Buffer; the bytes are what it reads.
    await book.xlsx.load((await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe("Firmen  Auswahl");
    expect(sheet.rowCount).toBe(501);
    expect(sheet.getRow(2).values).toEqual([undefined, "Firma 1 Ústí", 1, "=HYPERLINK(1)"]);
    expect(sheet.getCell("C2").type).toBe(ExcelJS.ValueType.String);
  });

  it("pages through a source by key, one page at a time", async () => {
    const all = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
    const asked: (number | null)[] = [];
    const cells: unknown[] = [];
    for await (const row of pagedRows(
      async (after: number | null) => {
        asked.push(after);
        return all.filter((r) => r.id > (after ?? 0)).slice(0, 3);
      },
      (r) => r.id,
      (r) => [r.id],
    ))
      cells.push(row[0]);
    expect(cells).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(asked).toEqual([null, 3, 6, 7]);
  });
});

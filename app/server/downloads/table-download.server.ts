import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { CSV_BOM, csvCell } from "~/server/participants/csv.server";
import { attachmentDisposition } from "~/server/storage/download-name";

/**
 * Streamed table downloads (CSV and XLSX) for the admin lists: rows are pulled from an async
 * iterable (a keyset-paged query) and written out as they come, so a download of thousands of
 * companies never holds the whole table in memory. XLSX uses exceljs's streaming WorkbookWriter
 * (decision 032): it writes each committed row to the zip stream instead of building the sheet.
 */
export type TableCell = string | number | Date | null | undefined;

export interface TableDownload {
  fileName: string;
  header: string[];
  rows: AsyncIterable<TableCell[]>;
  /** XLSX only: the sheet's name (Excel allows 31 characters, no []:*?/\). */
  sheetName?: string;
}

const HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
} as const;

function csvText(cell: TableCell): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return cell.toISOString();
  return String(cell);
}

/** CSV as for participant lists (decision 019): BOM, ";" separator, CRLF, quoted, formula-safe. */
async function* csvChunks(table: TableDownload): AsyncGenerator<string> {
  const line = (cells: TableCell[]) => Papa.unparse([cells.map((c) => csvCell(csvText(c)))], { delimiter: ";", newline: "\r\n", quotes: true }) + "\r\n";
  yield CSV_BOM + line(table.header);
  let batch = "";
  for await (const row of table.rows) {
    batch += line(row);
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = "";
    }
  }
  if (batch) yield batch;
}

export function csvDownloadResponse(table: TableDownload): Response {
  const stream = Readable.toWeb(Readable.from(csvChunks(table), { objectMode: false })) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: { ...HEADERS, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": attachmentDisposition(table.fileName) },
  });
}

/** Excel's rules for a sheet name. */
function safeSheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31) || "Sheet1";
}

/** A text cell that looks like a formula stays text: exceljs writes strings as strings, never formulas. */
function xlsxCell(cell: TableCell): string | number | Date | null {
  if (cell === undefined) return null;
  return cell;
}

async function writeXlsx(table: TableDownload, out: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(safeSheetName(table.sheetName ?? "Sheet1"), { views: [{ state: "frozen", ySplit: 1 }] });
  const head = sheet.addRow(table.header);
  head.font = { bold: true };
  head.commit();
  for await (const row of table.rows) sheet.addRow(row.map(xlsxCell)).commit();
  sheet.commit();
  await workbook.commit();
}

export function xlsxDownloadResponse(table: TableDownload): Response {
  const out = new PassThrough();
  writeXlsx(table, out).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  const stream = Readable.toWeb(out) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      ...HEADERS,
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": attachmentDisposition(table.fileName),
    },
  });
}

/** Pulls rows page by page (keyset paging) so that only one page is in memory at a time. */
export async function* pagedRows<T, K>(fetchPage: (after: K | null) => Promise<T[]>, keyOf: (row: T) => K, toCells: (row: T) => TableCell[]): AsyncGenerator<TableCell[]> {
  let after: K | null = null;
  for (;;) {
    const page = await fetchPage(after);
    for (const row of page) yield toCells(row);
    if (page.length === 0) return;
    after = keyOf(page[page.length - 1]!);
  }
}

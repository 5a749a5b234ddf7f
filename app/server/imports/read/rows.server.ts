/**
 * Reading an import file row by row (decision 038). The file is streamed from storage and never
 * held whole: CSV through TextDecoder (UTF-8, Windows-1250, Windows-1252 are built into Node's
 * ICU) and papaparse's parser fed chunk by chunk as the consumer asks (backpressure), XLSX
 * through exceljs's streaming WorkbookReader.
 */
import { Transform, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { AppError } from "~/server/errors";
import type { FileStorage } from "~/server/storage/storage.server";
import type { ImportReadSettings, ImportRow } from "~/schemas/imports";
import { cellText } from "./cells";
import { decoderLabel } from "./detect";

/** A row with how many bytes of the file had been read when it came (for the progress bar). */
export interface ImportRowRead extends ImportRow {
  bytesRead: number;
}

export interface OpenRowsOptions {
  /** Rows up to and including this row number are skipped (resume after a crash). 0 = from the start. */
  fromRow?: number;
  signal?: AbortSignal;
  /** Also yield the header row (the first non-empty row when `settings.hasHeader`); by default only data rows come. */
  includeHeader?: boolean;
  /** Counts the rows the reader has parsed (a test checks it stays close to the rows consumed). */
  stats?: ReadStats;
}

export interface ReadStats {
  rowsParsed: number;
}

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === "");
}

async function openFile(storage: FileStorage, fileKey: string): Promise<Readable> {
  const stream = await storage.openReadStream(fileKey);
  if (!stream) throw new AppError("NOT_FOUND");
  return stream;
}

/**
 * The file's non-empty data rows with their row numbers in the file: empty rows are skipped but
 * counted, so the numbers are those the admin sees in Excel (a CSV record with a quoted line
 * break is one row). With `settings.hasHeader` the first non-empty row is the header and is not
 * yielded (unless `includeHeader`). `fromRow` resumes after that row.
 */
export async function* openImportRows(storage: FileStorage, fileKey: string, settings: ImportReadSettings, options: OpenRowsOptions = {}): AsyncGenerator<ImportRowRead> {
  const fromRow = options.fromRow ?? 0;
  const rows = settings.format === "XLSX" ? xlsxRows(await openFile(storage, fileKey), settings, options.signal) : csvRows(await openFile(storage, fileKey), settings, options.signal, options.stats);
  let headerPending = settings.hasHeader;
  for await (const row of rows) {
    if (isBlank(row.cells)) continue;
    if (headerPending) {
      headerPending = false;
      if (options.includeHeader && row.rowNumber > fromRow) yield row;
      continue;
    }
    if (row.rowNumber <= fromRow) continue;
    yield row;
  }
}

function byteCounter(onBytes: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onBytes(chunk.length);
      callback(null, chunk);
    },
  });
}

/**
 * CSV rows with backpressure: the file stream is pulled one chunk (64 KiB) at a time, only when the
 * consumer asks for more rows, so at most one chunk's rows wait in memory whatever the consumer's
 * speed. Each chunk's text is appended to the unparsed rest and parsed by papaparse's own parser
 * (the one its stream mode uses) leaving the last, possibly incomplete, row for the next chunk: a
 * quoted line break or a `\r\n` split between two chunks is parsed whole.
 */
async function* csvRows(file: Readable, settings: ImportReadSettings, signal: AbortSignal | undefined, stats: ReadStats | undefined): AsyncGenerator<ImportRowRead> {
  const decoder = new TextDecoder(decoderLabel(settings.encoding ?? "utf-8"));
  const delimiter = settings.separator ?? ",";
  let bytesRead = 0;
  let rowNumber = 0;
  let rest = "";
  let newline: "\n" | "\r" | "\r\n" | null = null;
  const parse = function* (text: string, last: boolean): Generator<ImportRowRead, string> {
    if (text === "") return "";
    // The line break is papaparse's guess from the first text that has one (as its stream mode does).
    newline ??= /[\r\n]/.test(text) || last ? ((Papa.parse(text, { delimiter, quoteChar: '"', preview: 1 }).meta.linebreak as "\n" | "\r" | "\r\n" | undefined) ?? "\n") : null;
    if (newline === null) return text;
    const result = new Papa.Parser({ delimiter, quoteChar: '"', newline, skipEmptyLines: false, header: false }).parse(text, 0, !last) as { data: Array<Array<string | undefined>>; meta: { cursor: number } };
    for (const cells of result.data) {
      rowNumber++;
      if (stats) stats.rowsParsed++;
      yield { rowNumber, cells: cells.map((cell) => cell ?? ""), bytesRead };
    }
    return last ? "" : text.slice(result.meta.cursor);
  };
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      signal?.throwIfAborted();
      bytesRead += chunk.length;
      rest = yield* parse(rest + decoder.decode(chunk, { stream: true }), false);
    }
    signal?.throwIfAborted();
    yield* parse(rest + decoder.decode(), true);
  } finally {
    file.destroy();
  }
}

async function* xlsxRows(file: Readable, settings: ImportReadSettings, signal: AbortSignal | undefined): AsyncGenerator<ImportRowRead> {
  let bytesRead = 0;
  const counted = file.pipe(byteCounter((n) => (bytesRead += n)));
  file.on("error", (error) => counted.destroy(error));
  const onAbort = () => counted.destroy(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
  signal?.addEventListener("abort", onAbort, { once: true });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(counted, { worksheets: "emit", sharedStrings: "cache", hyperlinks: "ignore", styles: "cache", entries: "emit" });
  const wanted = settings.sheet ?? 1;
  let sheetIndex = 0;
  try {
    for await (const worksheet of reader) {
      sheetIndex++;
      for await (const row of worksheet) {
        if (sheetIndex !== wanted) continue;
        signal?.throwIfAborted();
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let c = 1; c < values.length; c++) cells.push(cellText(values[c]));
        yield { rowNumber: row.number, cells, bytesRead };
      }
      if (sheetIndex >= wanted) break;
    }
  } catch (error) {
    if (error instanceof AppError || signal?.aborted) throw error;
    throw new AppError("IMPORT_FILE_UNREADABLE");
  } finally {
    signal?.removeEventListener("abort", onAbort);
    counted.destroy();
    file.destroy();
  }
}

/**
 * What an uploaded file is (decision 038): format by its magic bytes, for CSV the encoding and
 * separator, and the header and first data rows for the mapping page. Reads only the file's
 * beginning.
 */
import type { Readable } from "node:stream";
import { AppError } from "~/server/errors";
import type { FileStorage } from "~/server/storage/storage.server";
import type { CsvEncoding, CsvSeparator, ImportFormat, ImportReadSettings, ImportRow } from "~/schemas/imports";
import { decodeSample, detectEncoding, detectSeparator } from "./detect";
import { openImportRows } from "./rows.server";

/** Spec §9: the preview shows the first 10 rows. */
export const IMPORT_PREVIEW_ROWS = 10;
/** How much of a CSV file the encoding and separator are guessed from. */
const SAMPLE_BYTES = 512 * 1024;

export interface ImportFileInspection {
  settings: ImportReadSettings;
  /** The header row's cells (empty when the file has none). */
  headers: string[];
  /** The widest of the header and sample rows. */
  columnCount: number;
  /** The first data rows (after the header). */
  sampleRows: ImportRow[];
}

export interface InspectOptions {
  language: "de" | "cs";
  hasHeader: boolean;
  /** Settings the admin chose instead of the detected ones. */
  encoding?: CsvEncoding | null;
  separator?: CsvSeparator | null;
  sheet?: number | null;
}

async function readHead(stream: Readable, limit: number): Promise<{ bytes: Uint8Array; complete: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let complete = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) {
        complete = false;
        break;
      }
    }
  } finally {
    stream.destroy();
  }
  const all = Buffer.concat(chunks);
  return { bytes: complete ? all : all.subarray(0, limit), complete };
}

/** XLSX is a zip ("PK\x03\x04"); legacy .xls (OLE), other binaries and empty files are refused. */
export function formatOf(head: Uint8Array): ImportFormat {
  if (head.length === 0) throw new AppError("IMPORT_FILE_UNREADABLE");
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return "XLSX";
  // NUL bytes do not occur in text in any of the supported encodings (OLE, PDF, images, UTF-16 do).
  if (head.subarray(0, 8192).includes(0)) throw new AppError("IMPORT_FILE_UNREADABLE");
  return "CSV";
}

export async function inspectImportFile(storage: FileStorage, fileKey: string, options: InspectOptions): Promise<ImportFileInspection> {
  const stream = await storage.openReadStream(fileKey);
  if (!stream) throw new AppError("NOT_FOUND");
  const { bytes, complete } = await readHead(stream, SAMPLE_BYTES);
  const format = formatOf(bytes);
  let settings: ImportReadSettings;
  if (format === "CSV") {
    const encoding = options.encoding ?? detectEncoding(bytes, options.language);
    const separator = options.separator ?? detectSeparator(decodeSample(bytes, encoding), complete);
    settings = { format, encoding, separator, hasHeader: options.hasHeader, sheet: null };
  } else {
    settings = { format, encoding: null, separator: null, hasHeader: options.hasHeader, sheet: options.sheet ?? 1 };
  }
  let headers: string[] = [];
  const sampleRows: ImportRow[] = [];
  const controller = new AbortController();
  let headerPending = settings.hasHeader;
  for await (const row of openImportRows(storage, fileKey, settings, { signal: controller.signal, includeHeader: true })) {
    if (headerPending) {
      headerPending = false;
      headers = row.cells.map((cell) => cell.trim());
      continue;
    }
    sampleRows.push({ rowNumber: row.rowNumber, cells: row.cells });
    if (sampleRows.length >= IMPORT_PREVIEW_ROWS) break;
  }
  const columnCount = Math.max(headers.length, ...sampleRows.map((row) => row.cells.length));
  if (columnCount === 0) throw new AppError("IMPORT_FILE_UNREADABLE");
  return { settings, headers, columnCount, sampleRows };
}

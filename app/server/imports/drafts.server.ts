/**
 * The import create page's domain (spec §2 import create, §5 import; decision 038): upload a file
 * as a DRAFT import, let the admin check how it is read and map its columns, preview the first
 * rows as they will be imported, and start it (FILE_UPLOADED, queued). Saved mappings are shared
 * by all admins. The run itself belongs to the import runner (importRunJob).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Country } from "~/schemas/enums";
import type { ColumnMapping, CsvEncoding, CsvSeparator, ImportRow } from "~/schemas/imports";
import * as clock from "~/server/clock.server";
import { type Db, withTransaction } from "~/server/db/client.server";
import { companyImports, importMappings, users } from "~/server/db/schema";
import { AppError } from "~/server/errors";
import { IMPORT_FILE_MAX_BYTES } from "~/server/http/body-limits";
import { importPolicy } from "~/server/policy/import-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { fileTooLarge } from "~/server/storage/images.server";
import { type FileStorage, newStorageKey } from "~/server/storage/storage.server";
import { formatOf, type ImportFileInspection, inspectImportFile } from "./read/inspect.server";
import { normaliseRow, type NormalisedRow, validateMapping } from "./read/normalise";
import { suggestMapping } from "./read/suggest";
import { queueImportRun } from "./run/queue-run.server";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const FILE_NAME_MAX = 200;

export interface ImportUpload {
  file: File | null;
  language: "de" | "cs";
  country: Country;
  hasHeader: boolean;
}

/** The name as the admin knows it: no path, no control characters, not too long. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  return (clean || "import").slice(0, FILE_NAME_MAX);
}

/**
 * Stores the file (private kind `imports`) and creates the DRAFT with the detected read settings
 * and a suggested mapping. A file that is not a readable CSV/XLSX is refused and not kept.
 */
export async function createImportDraft(db: Db, storage: FileStorage, actor: Actor, upload: ImportUpload): Promise<{ id: string }> {
  authorize(actor, importPolicy.canCreate(actor));
  const file = upload.file;
  if (!file || file.size === 0) throw new AppError("FILE_REQUIRED");
  if (file.size > IMPORT_FILE_MAX_BYTES) throw fileTooLarge(IMPORT_FILE_MAX_BYTES);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > IMPORT_FILE_MAX_BYTES) throw fileTooLarge(IMPORT_FILE_MAX_BYTES);
  const format = formatOf(bytes.subarray(0, 64 * 1024));
  const key = newStorageKey("imports", format === "XLSX" ? "xlsx" : "csv");
  await storage.put(key, bytes, format === "XLSX" ? XLSX_TYPE : "text/csv");
  try {
    const inspection = await inspectImportFile(storage, key, { language: upload.language, hasHeader: upload.hasHeader });
    const [row] = await db
      .insert(companyImports)
      .values({
        fileKey: key,
        fileName: cleanFileName(file.name),
        fileSize: bytes.length,
        format: inspection.settings.format,
        encoding: inspection.settings.encoding,
        separator: inspection.settings.separator,
        sheet: inspection.settings.sheet,
        hasHeader: inspection.settings.hasHeader,
        language: upload.language,
        country: upload.country,
        verify: false,
        mapping: suggestMapping(inspection.headers, inspection.sampleRows),
        headers: inspection.headers,
        status: "DRAFT",
        createdBy: actor.id,
      })
      .returning({ id: companyImports.id });
    return { id: row!.id };
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

export interface DraftSummary {
  id: string;
  fileName: string;
  createdAt: Date;
  createdByName: string | null;
}

/** Open drafts of all admins, newest first (any admin may continue one). */
export async function listDrafts(db: Db, actor: Actor): Promise<DraftSummary[]> {
  authorize(actor, importPolicy.canManageDrafts(actor));
  return db
    .select({ id: companyImports.id, fileName: companyImports.fileName, createdAt: companyImports.createdAt, createdByName: users.name })
    .from(companyImports)
    .leftJoin(users, eq(users.id, companyImports.createdBy))
    .where(eq(companyImports.status, "DRAFT"))
    .orderBy(desc(companyImports.createdAt))
    .limit(50);
}

type ImportRecord = typeof companyImports.$inferSelect;

export interface DraftView {
  draft: Pick<ImportRecord, "id" | "fileName" | "fileSize" | "format" | "encoding" | "separator" | "sheet" | "hasHeader" | "language" | "country" | "verify" | "mapping" | "createdAt"> & { createdByName: string | null };
  inspection: Pick<ImportFileInspection, "headers" | "columnCount" | "sampleRows">;
  /** The sample rows as they will be imported with the draft's mapping. */
  preview: Array<{ row: ImportRow } & NormalisedRow>;
}

async function draftRecord(db: Db, id: string, lock = false): Promise<ImportRecord> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND");
  const query = db.select().from(companyImports).where(eq(companyImports.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND");
  if (row.status !== "DRAFT") throw new AppError("IMPORT_NOT_DRAFT");
  return row;
}

function inspect(storage: FileStorage, row: Pick<ImportRecord, "fileKey" | "language" | "hasHeader" | "encoding" | "separator" | "sheet">) {
  return inspectImportFile(storage, row.fileKey, { language: row.language, hasHeader: row.hasHeader, encoding: row.encoding, separator: row.separator, sheet: row.sheet });
}

/** The draft with its file's header, first rows and their preview; IMPORT_NOT_DRAFT once started. */
export async function previewDraft(db: Db, storage: FileStorage, actor: Actor, id: string): Promise<DraftView> {
  authorize(actor, importPolicy.canManageDrafts(actor));
  const row = await draftRecord(db, id);
  const [creator] = row.createdBy ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy)) : [];
  const inspection = await inspect(storage, row);
  return {
    draft: {
      id: row.id,
      fileName: row.fileName,
      fileSize: row.fileSize,
      format: row.format,
      encoding: row.encoding,
      separator: row.separator,
      sheet: row.sheet,
      hasHeader: row.hasHeader,
      language: row.language,
      country: row.country,
      verify: row.verify,
      mapping: row.mapping,
      createdAt: row.createdAt,
      createdByName: creator?.name ?? null,
    },
    inspection: { headers: inspection.headers, columnCount: inspection.columnCount, sampleRows: inspection.sampleRows },
    preview: inspection.sampleRows.map((sample) => ({ row: sample, ...normaliseRow(sample, row.mapping, { country: row.country }) })),
  };
}

export interface DraftSettings {
  language: "de" | "cs";
  country: Country;
  hasHeader: boolean;
  encoding?: CsvEncoding | undefined;
  separator?: CsvSeparator | undefined;
  sheet?: number | undefined;
}

/**
 * Reads the file again as the admin set it (encoding, separator, header row, sheet, language,
 * country). When the header changes, the mapping is suggested anew.
 */
export async function updateDraftSettings(db: Db, storage: FileStorage, actor: Actor, id: string, settings: DraftSettings): Promise<void> {
  authorize(actor, importPolicy.canManageDrafts(actor));
  await withTransaction(db, async (tx) => {
    const row = await draftRecord(tx, id, true);
    const csv = row.format === "CSV";
    const next = {
      language: settings.language,
      country: settings.country,
      hasHeader: settings.hasHeader,
      encoding: csv ? (settings.encoding ?? row.encoding) : null,
      separator: csv ? (settings.separator ?? row.separator) : null,
      sheet: csv ? null : (settings.sheet ?? row.sheet ?? 1),
    };
    const inspection = await inspect(storage, { fileKey: row.fileKey, ...next });
    const sameHeader = JSON.stringify(inspection.headers) === JSON.stringify(row.headers) && next.hasHeader === row.hasHeader;
    await tx
      .update(companyImports)
      .set({ ...next, headers: inspection.headers, ...(sameHeader ? {} : { mapping: suggestMapping(inspection.headers, inspection.sampleRows) }) })
      .where(eq(companyImports.id, id));
  });
}

function checkColumns(mapping: ColumnMapping[]): void {
  const columns = new Set(mapping.map((m) => m.column));
  if (columns.size !== mapping.length) throw new AppError("INVALID_INPUT");
}

/** Keeps the admin's mapping and choices on the draft without starting it. */
export async function saveDraftMapping(db: Db, actor: Actor, id: string, input: { mapping: ColumnMapping[]; verify: boolean }): Promise<void> {
  authorize(actor, importPolicy.canManageDrafts(actor));
  checkColumns(input.mapping);
  await withTransaction(db, async (tx) => {
    await draftRecord(tx, id, true);
    await tx.update(companyImports).set({ mapping: input.mapping, verify: input.verify }).where(eq(companyImports.id, id));
  });
}

/**
 * Starts the import: the mapping must name an identifier (spec §5) and the company name, the
 * admin must confirm that the file's contact data may be published. The draft becomes
 * FILE_UPLOADED (queued); a second start of the same draft is refused (IMPORT_NOT_DRAFT).
 */
export async function startImport(db: Db, actor: Actor, id: string, input: { mapping: ColumnMapping[]; verify: boolean; confirmContacts: boolean }): Promise<void> {
  authorize(actor, importPolicy.canManageDrafts(actor));
  checkColumns(input.mapping);
  validateMapping(input.mapping);
  if (!input.confirmContacts) throw new AppError("IMPORT_CONTACT_CONFIRMATION_REQUIRED");
  await withTransaction(db, async (tx) => {
    await draftRecord(tx, id, true);
    await tx
      .update(companyImports)
      .set({ mapping: input.mapping, verify: input.verify, status: "FILE_UPLOADED", queuedAt: clock.now(), queuedBy: actor.id })
      .where(and(eq(companyImports.id, id), eq(companyImports.status, "DRAFT")));
  });
  await queueImportRun(id);
}

/** Removes a draft and its file. */
export async function discardDraft(db: Db, storage: FileStorage, actor: Actor, id: string): Promise<void> {
  authorize(actor, importPolicy.canManageDrafts(actor));
  const key = await withTransaction(db, async (tx) => {
    const row = await draftRecord(tx, id, true);
    await tx.delete(companyImports).where(eq(companyImports.id, id));
    return row.fileKey;
  });
  await storage.delete(key);
}

/** The draft's header cells (what a saved mapping remembers its columns by). */
export async function draftHeaders(db: Db, actor: Actor, id: string): Promise<string[]> {
  authorize(actor, importPolicy.canManageDrafts(actor));
  return (await draftRecord(db, id)).headers;
}

export interface SavedMapping {
  id: string;
  name: string;
  columns: Array<ColumnMapping & { header: string | null }>;
}

export async function listMappings(db: Db, actor: Actor): Promise<SavedMapping[]> {
  authorize(actor, importPolicy.canManageMappings(actor));
  return db.select({ id: importMappings.id, name: importMappings.name, columns: importMappings.columns }).from(importMappings).orderBy(asc(sql`lower(${importMappings.name})`));
}

/** Saves a mapping under a name (unique, case-insensitive), each column with its header so it fits a file whose columns moved. */
export async function saveMapping(db: Db, actor: Actor, input: { name: string; mapping: ColumnMapping[]; headers: string[] }): Promise<{ id: string }> {
  authorize(actor, importPolicy.canManageMappings(actor));
  const name = input.name.trim();
  if (!name) throw new AppError("IMPORT_MAPPING_NAME_REQUIRED");
  checkColumns(input.mapping);
  const columns = input.mapping.map((m) => ({ ...m, header: input.headers[m.column]?.trim() || null }));
  const [row] = await db.insert(importMappings).values({ name, columns, createdBy: actor.id }).onConflictDoNothing().returning({ id: importMappings.id });
  if (!row) throw new AppError("IMPORT_MAPPING_NAME_TAKEN");
  return row;
}

export async function deleteMapping(db: Db, actor: Actor, id: string): Promise<void> {
  authorize(actor, importPolicy.canManageMappings(actor));
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND");
  await db.delete(importMappings).where(eq(importMappings.id, id));
}

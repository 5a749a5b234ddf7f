import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { type MessageKey, translate } from "~/i18n/translate";
import { IMPORT_PROBLEMS, type ImportProblem, type ImportStatus } from "~/schemas/imports";
import { type Db, withTransaction } from "~/server/db/client.server";
import { companyImportRejections, companyImports, users } from "~/server/db/schema";
import { pagedRows, type TableDownload } from "~/server/downloads/table-download.server";
import { AppError } from "~/server/errors";
import { type ImportLogoCounts, importLogoCounts } from "~/server/imports/logos/logos.server";
import { importListPolicy } from "~/server/policy/import-list-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import type { FileStorage } from "~/server/storage/storage.server";
import { logger } from "~/server/logger.server";

/** The list shows the newest imports; older ones stay in the database (and their companies anyway). */
export const IMPORT_LIST_LIMIT = 100;

export interface ImportListItem {
  id: string;
  fileName: string;
  importer: string | null;
  createdAt: Date;
  status: ImportStatus;
  errorCode: string | null;
  rowsDone: number;
  rowsTotal: number | null;
  bytesDone: number;
  fileSize: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Logos the import named (decision 042); null when it named none. */
  logos: ImportLogoCounts | null;
}

/** The imports, newest first (spec §2 import list). */
export async function listImports(db: Db, actor: Actor): Promise<ImportListItem[]> {
  authorize(actor, importListPolicy.canList(actor));
  const items = await db
    .select({
      id: companyImports.id,
      fileName: companyImports.fileName,
      importer: users.name,
      createdAt: companyImports.createdAt,
      status: companyImports.status,
      errorCode: companyImports.errorCode,
      rowsDone: companyImports.rowsDone,
      rowsTotal: companyImports.rowsTotal,
      bytesDone: companyImports.bytesDone,
      fileSize: companyImports.fileSize,
      created: companyImports.createdCount,
      updated: companyImports.updatedCount,
      skipped: companyImports.skippedCount,
      failed: companyImports.failedCount,
    })
    .from(companyImports)
    .leftJoin(users, eq(users.id, companyImports.createdBy))
    .orderBy(desc(companyImports.createdAt), desc(companyImports.id))
    .limit(IMPORT_LIST_LIMIT);
  const logos = await importLogoCounts(db, items.map((i) => i.id));
  return items.map((item) => ({ ...item, logos: logos.get(item.id) ?? null }));
}

/**
 * Deletes an import with its report and its file; the companies it created or updated stay (their
 * identifiers forget the import). Refused while a worker runs it (IMPORT_RUNNING): the statement
 * and the run's claim lock the same row, so a delete never slips into a running import.
 */
export async function deleteImport(db: Db, actor: Actor, importId: string, storage: FileStorage): Promise<void> {
  authorize(actor, importListPolicy.canDelete(actor));
  const fileKey = await withTransaction(db, async (tx) => {
    const [row] = await tx.select({ status: companyImports.status, fileKey: companyImports.fileKey }).from(companyImports).where(eq(companyImports.id, importId)).for("update");
    if (!row) throw new AppError("NOT_FOUND");
    if (row.status === "PROCESSING") throw new AppError("IMPORT_RUNNING");
    await tx.delete(companyImports).where(eq(companyImports.id, importId));
    return row.fileKey;
  });
  // After the commit: a failed file removal leaves an orphan file, never an import without its file.
  await storage.delete(fileKey).catch((error: unknown) => logger.error({ err: error }, `Import ${importId}: file ${fileKey} not removed`));
}

const REPORT_PAGE = 1_000;

function problemText(locale: Locale, problem: ImportProblem, headers: string[]): string {
  const code = (IMPORT_PROBLEMS as readonly string[]).includes(problem.code) ? problem.code : "ROW_TOO_LONG";
  const message = translate(locale, `import.problem.${code}` as MessageKey);
  const column = problem.column !== null ? (headers[problem.column] ?? translate(locale, "import.report.column", { number: problem.column + 1 })) : null;
  return column ? `${column}: ${message}` : message;
}

/**
 * Every refused row of an import as a table in the reader's language (decision 039): the row's
 * number in the file, its reasons, then its cells under the file's own headers. Streamed in pages
 * of REPORT_PAGE rows by row number.
 */
export async function rejectionReport(db: Db, actor: Actor, importId: string, locale: Locale, extension: "csv" | "xlsx"): Promise<TableDownload> {
  authorize(actor, importListPolicy.canDownloadReport(actor));
  const [record] = await db.select({ fileName: companyImports.fileName, headers: companyImports.headers }).from(companyImports).where(eq(companyImports.id, importId));
  if (!record) throw new AppError("NOT_FOUND");
  // The widest refused row decides how many cell columns there are.
  const [widest] = await db
    .select({ width: sql<number>`coalesce(max(jsonb_array_length(${companyImportRejections.cells})), 0)::int` })
    .from(companyImportRejections)
    .where(eq(companyImportRejections.importId, importId));
  const width = Math.max(record.headers.length, Number(widest?.width ?? 0));
  const cellHeaders = Array.from({ length: width }, (_, i) => record.headers[i]?.trim() || translate(locale, "import.report.column", { number: i + 1 }));
  const base = record.fileName.replace(/\.[^.]*$/, "").replace(/[^\p{L}\p{N}_-]+/gu, "-").slice(0, 60) || "import";
  return {
    fileName: `${base}-${translate(locale, "import.report.fileSuffix")}.${extension}`,
    sheetName: translate(locale, "import.report.sheet"),
    header: [translate(locale, "import.report.row"), translate(locale, "import.report.reasons"), ...cellHeaders],
    rows: pagedRows(
      (after: number | null) =>
        db
          .select({ rowNumber: companyImportRejections.rowNumber, problems: companyImportRejections.problems, cells: companyImportRejections.cells })
          .from(companyImportRejections)
          .where(and(eq(companyImportRejections.importId, importId), after === null ? undefined : gt(companyImportRejections.rowNumber, after)))
          .orderBy(asc(companyImportRejections.rowNumber))
          .limit(REPORT_PAGE),
      (row) => row.rowNumber,
      (row) => [row.rowNumber, row.problems.map((p) => problemText(locale, p, cellHeaders)).join("; "), ...Array.from({ length: width }, (_, i) => row.cells[i] ?? "")],
    ),
  };
}

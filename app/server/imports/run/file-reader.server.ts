import { normaliseRow } from "~/server/imports/read/normalise";
import { openImportRows } from "~/server/imports/read/rows.server";
import { isAppError } from "~/server/errors";
import type { FileStorage } from "~/server/storage/storage.server";
import { ImportReadError, type ImportRecord, type ImportRowReader } from "./runner.server";

/**
 * The production reader (decision 039): the import's stored file streamed by the reading module
 * (decision 038) with the settings and mapping the admin confirmed. A resumed run passes over the
 * data rows an earlier run committed by counting them (parsing only, nothing is written twice):
 * `rows_done` counts data rows, and blank rows make that differ from the file's row numbers.
 */
export function fileRowReader(storage: FileStorage): ImportRowReader {
  return {
    async *rows(record: ImportRecord, { skip, signal }) {
      const settings = { format: record.format, encoding: record.encoding, separator: record.separator, hasHeader: record.hasHeader, sheet: record.sheet };
      let index = 0;
      try {
        for await (const row of openImportRows(storage, record.fileKey, settings, { signal })) {
          if (index++ < skip) continue;
          yield row;
        }
      } catch (error) {
        if (signal.aborted) throw error;
        throw new ImportReadError(isAppError(error) && error.code === "IMPORT_FILE_UNREADABLE" ? error.code : "IMPORT_FILE_UNREADABLE", error);
      }
    },
    normalise(row, record) {
      return normaliseRow(row, record.mapping, { country: record.country });
    },
  };
}

import type { CandidateCompany, CandidateIdentifier, ImportProblem } from "~/schemas/imports";
import type { Db } from "~/server/db/client.server";
import { companyImports } from "~/server/db/schema";
import type { ImportRecord, ImportRowReader, SourceRow } from "~/server/imports/run/runner.server";

/**
 * Imports fed from memory (decision 039): each row's single cell is the JSON of what the reading
 * module would make of it — a candidate, or problems — so the runner is tested without a file.
 */
export interface FakeRow {
  candidate: CandidateCompany | null;
  problems?: ImportProblem[];
}

/** A valid IČO (checksum as the reading module checks it) from a number of up to 7 digits. */
export function validIco(n: number): string {
  const base = String(n % 10_000_000).padStart(7, "0");
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(base[i]) * (8 - i);
  return `${base}${(11 - (sum % 11)) % 10}`;
}

export function identifier(kind: CandidateIdentifier["kind"], value: string, label = ""): CandidateIdentifier {
  const normalized = value.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return { kind, label, value, normalized: kind === "ICO" ? normalized.padStart(8, "0") : normalized };
}

export function candidate(rowNumber: number, overrides: Partial<CandidateCompany> = {}): CandidateCompany {
  return {
    rowNumber,
    identifiers: [identifier("ICO", String(10_000_000 + rowNumber))],
    name: `Import Test ${rowNumber} s.r.o.`,
    description: null,
    website: null,
    email: null,
    phone: null,
    logoUrl: null,
    naceCodes: [],
    tags: [],
    addresses: [],
    ...overrides,
  };
}

/** A reader over rows built by `rowAt(index)` (0-based data row), `count` of them. */
export function memoryReader(count: number, rowAt: (index: number) => FakeRow): ImportRowReader {
  return {
    async *rows(_record: ImportRecord, { skip }: { skip: number }): AsyncIterable<SourceRow> {
      for (let i = skip; i < count; i++) {
        const row = rowAt(i);
        yield { rowNumber: i + 2, cells: [JSON.stringify(row)], bytesRead: (i + 1) * 100 };
      }
    },
    normalise(row: SourceRow) {
      const parsed = JSON.parse(row.cells[0]!) as FakeRow;
      return { candidate: parsed.candidate ? { ...parsed.candidate, rowNumber: row.rowNumber } : null, problems: parsed.problems ?? [] };
    },
  };
}

export function listReader(rows: FakeRow[]): ImportRowReader {
  return memoryReader(rows.length, (i) => rows[i]!);
}

/** An import queued for running (status FILE_UPLOADED), as the create page leaves it. */
export async function insertQueuedImport(db: Db, createdBy: string, overrides: Partial<typeof companyImports.$inferInsert> = {}): Promise<string> {
  const [row] = await db
    .insert(companyImports)
    .values({
      fileKey: `imports/test-${Math.random().toString(36).slice(2)}.csv`,
      fileName: "firmen.csv",
      fileSize: 1000,
      format: "CSV",
      encoding: "utf-8",
      separator: ";",
      hasHeader: true,
      language: "de",
      country: "DE",
      verify: false,
      headers: ["Daten"],
      status: "FILE_UPLOADED",
      createdBy,
      queuedAt: new Date(),
      ...overrides,
    })
    .returning({ id: companyImports.id });
  return row!.id;
}

/**
 * The crash-resume file: `count` rows, every 10th refused (bad e-mail), every 7th naming the company
 * of the row before it again (an update). Deterministic, so an interrupted run can be compared
 * with the expected result of an uninterrupted one.
 */
export function resumeRow(base: number) {
  return (i: number): FakeRow => {
    if (i % 10 === 9) return { candidate: null, problems: [{ code: "EMAIL_INVALID", severity: "error", column: 3, field: "email" }] };
    const n = i % 7 === 6 ? i - 1 : i;
    return { candidate: candidate(i + 2, { identifiers: [identifier("ICO", String(base + n))], name: `Resume ${base + n}`, website: `https://r${i}.example` }) };
  };
}

/** What an uninterrupted run of `resumeRow` over `count` rows ends with. */
export function expectedResume(count: number) {
  const rows = Array.from({ length: count }, (_, i) => i);
  const failed = rows.filter((i) => i % 10 === 9).length;
  const updated = rows.filter((i) => i % 10 !== 9 && i % 7 === 6 && (i - 1) % 10 !== 9).length;
  return { rowsDone: count, failedCount: failed, updatedCount: updated, createdCount: count - failed - updated, skippedCount: 0 };
}

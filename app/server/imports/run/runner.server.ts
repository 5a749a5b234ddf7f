import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { CandidateCompany, ImportProblem } from "~/schemas/imports";
import { type Db, rowsOf, withTransaction } from "~/server/db/client.server";
import { companyImports } from "~/server/db/schema";
import { createResolver } from "./resolve.server";
import { type ImportWriteContext, LeaseLostError, type WriteRow, writeBatch } from "./upsert.server";

/** A claimed import is its worker's for this long; every batch renews it (decision 039). */
export const IMPORT_LEASE_MS = 30_000;
/** Rows per transaction: large enough for multi-row inserts, small enough to lose little on a crash. */
export const IMPORT_BATCH_SIZE = 500;
/**
 * Batches written at once on PostgreSQL (each in its own transaction on a pool connection; they
 * commit in file order). Two keep both cores of a small server busy (decision 039, "Speed").
 */
export const IMPORT_COMMITS_IN_FLIGHT = 2;
/** A run claimed this often without finishing (it crashes the worker every time) ends in ERROR. */
export const IMPORT_MAX_ATTEMPTS = 5;

export type ImportRecord = typeof companyImports.$inferSelect;

/** One data row as read from the file. */
export interface SourceRow {
  rowNumber: number;
  cells: string[];
  /** Bytes of the file read up to this row (progress while the row count is unknown). */
  bytesRead: number;
}

/** How a run reads its file and turns a row into a candidate (the reading module, or a test's). */
export interface ImportRowReader {
  /** The file's data rows in order, leaving out the first `skip` data rows (committed by an earlier run). */
  rows(record: ImportRecord, options: { skip: number; signal: AbortSignal }): AsyncIterable<SourceRow>;
  normalise(row: SourceRow, record: ImportRecord): { candidate: CandidateCompany | null; problems: ImportProblem[] };
}

/** The file could not be read (it is gone, not a CSV/XLSX …): the import ends in ERROR with this code. */
export class ImportReadError extends Error {
  constructor(readonly code: string, cause?: unknown) {
    super(code, { cause });
    this.name = "ImportReadError";
  }
}

export type RunOutcome = "READY" | "ERROR" | "NOT_CLAIMED" | "LEASE_LOST" | "STOPPED";

export interface RunOptions {
  reader: ImportRowReader;
  signal?: AbortSignal;
  batchSize?: number;
  leaseMs?: number;
  /** Filled with where the time went (the benchmark's profile). */
  timings?: { resolveMs: number; writeMs: number };
  /** Batches written at once on PostgreSQL (default IMPORT_COMMITS_IN_FLIGHT; PGlite: always 1). */
  commitsInFlight?: number;
  /** Called after each committed batch, in file order (tests stop a run here). */
  afterBatch?: (rowsDone: number) => void | Promise<void>;
}

/** The embedded engine: one connection, so no query may run beside an open transaction. */
function isPglite(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/**
 * Takes the import if it is queued, or processing under a lease that ran out (its worker died):
 * one statement, so of two workers (of any instance) exactly one gets it.
 */
export async function claimImport(db: Db, importId: string, leaseMs = IMPORT_LEASE_MS): Promise<{ owner: string; record: ImportRecord } | null> {
  const owner = randomUUID();
  const rows = await db
    .update(companyImports)
    .set({
      status: "PROCESSING",
      leaseOwner: owner,
      leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      attempts: sql`${companyImports.attempts} + 1`,
      startedAt: sql`coalesce(${companyImports.startedAt}, now())`,
    })
    .where(
      sql`${companyImports.id} = ${importId} AND (${companyImports.status} = 'FILE_UPLOADED' OR (${companyImports.status} = 'PROCESSING' AND ${companyImports.leaseUntil} < now()))`,
    )
    .returning();
  const record = rows[0];
  return record ? { owner, record } : null;
}

async function finish(db: Db, importId: string, owner: string, status: "READY" | "ERROR", errorCode: string | null): Promise<boolean> {
  const rows = await db
    .update(companyImports)
    .set({
      status,
      errorCode,
      finishedAt: sql`now()`,
      rowsTotal: status === "READY" ? sql`${companyImports.rowsDone}` : sql`${companyImports.rowsTotal}`,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(sql`${companyImports.id} = ${importId} AND ${companyImports.leaseOwner} = ${owner} AND ${companyImports.status} = 'PROCESSING'`)
    .returning({ id: companyImports.id });
  return rows.length > 0;
}

/**
 * Runs (or resumes) one import: claims it, reads the rows after `rows_done`, and writes each batch
 * — companies, refused rows, counters, `rows_done` and a renewed lease — in ONE transaction that
 * only commits while this run still holds the lease. A run killed at any moment leaves the import
 * at its last committed batch; the next run continues there: nothing doubled, nothing lost.
 */
export async function runImport(db: Db, importId: string, options: RunOptions): Promise<RunOutcome> {
  const leaseMs = options.leaseMs ?? IMPORT_LEASE_MS;
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const signal = options.signal ?? new AbortController().signal;
  const claim = await claimImport(db, importId, leaseMs);
  if (!claim) return "NOT_CLAIMED";
  const { owner, record } = claim;
  if (record.attempts > IMPORT_MAX_ATTEMPTS) {
    await finish(db, importId, owner, "ERROR", "IMPORT_ATTEMPTS_EXHAUSTED");
    return "ERROR";
  }
  const context: ImportWriteContext = {
    importId,
    language: record.language,
    verify: record.verify,
    // The admin who started the import confirmed the consent (another admin may have uploaded the file).
    importedBy: record.queuedBy ?? record.createdBy,
    consentAt: record.queuedAt ?? record.startedAt ?? new Date(),
  };
  const resolver = await createResolver(db, { language: record.language });
  let rowsDone = record.rowsDone;

  // Reads (reference data, a country's gazetteer the first time) before the transaction: it stays
  // short, and PGlite's one connection is not asked for a query while the transaction holds it.
  const resolveBatch = async (batch: SourceRow[]): Promise<WriteRow[]> => {
    const resolveStarted = performance.now();
    const normalised = batch.map((source) => ({ source, ...options.reader.normalise(source, record) }));
    const accepted = (n: (typeof normalised)[number]) => n.candidate !== null && !n.problems.some((p) => p.severity === "error");
    // Loads the gazetteer of a country the first time one of its addresses comes; then all in memory.
    await resolver.warm(normalised.flatMap((n) => (accepted(n) ? [n.candidate!] : [])));
    const rows = normalised.map((n): WriteRow => {
      if (!accepted(n)) return { rowNumber: n.source.rowNumber, cells: n.source.cells, company: null, problems: n.problems };
      const result = resolver.resolve(n.candidate!);
      return { rowNumber: n.source.rowNumber, cells: n.source.cells, company: result.company, problems: [...n.problems, ...result.problems] };
    });
    if (options.timings) options.timings.resolveMs += performance.now() - resolveStarted;
    return rows;
  };

  // On PostgreSQL up to `commitsInFlight` batches are written at once, each in its own transaction
  // on a pool connection (the database uses both cores), while the next batch is read and resolved.
  // They still commit one at a time in file order: a batch starts once the batch before holds its
  // locks, waits in the database for the batch before's turn lock before it locks existing companies
  // and before its last statement (which checks rows_done and the lease), and commits only after the
  // batch before committed and its afterBatch returned (writeBatch). PGlite's one connection takes
  // them in turn.
  const inFlightLimit = isPglite(db) ? 1 : Math.max(1, options.commitsInFlight ?? IMPORT_COMMITS_IN_FLIGHT);
  const inFlight: Promise<void>[] = [];
  /** rows_done once every batch handed to a transaction so far has committed. */
  let scheduled = rowsDone;
  /** The last scheduled batch: settles when it holds its locks / committed and was reported (or failed). */
  let previous: { started: Promise<unknown>; done: Promise<unknown> } | undefined;

  const schedule = (batch: SourceRow[]): Promise<void> => {
    const expected = scheduled;
    scheduled += batch.length;
    const before = previous;
    const bytesDone = batch[batch.length - 1]!.bytesRead;
    let onStarted!: () => void;
    const started = new Promise<void>((resolve) => (onStarted = resolve));
    const committed = (async () => {
      const rows = await resolveBatch(batch);
      const writeStarted = performance.now();
      // One transaction: the companies, the refused rows, the counters and rows_done, committed
      // only while this run still holds the lease and after the batch before (writeBatch).
      await withTransaction(db, (tx) => writeBatch(tx, context, { owner, leaseMs, rowsDone: expected, rows: batch.length, bytesDone, previous: before, onStarted }, rows));
      if (options.timings) options.timings.writeMs += performance.now() - writeStarted;
    })();
    // A batch that failed before taking its locks lets the next one go on (to fail its rows_done check).
    committed.then(onStarted, onStarted);
    const reported = (async () => {
      await before?.done;
      await committed;
      rowsDone = expected + batch.length;
      await options.afterBatch?.(rowsDone);
    })();
    reported.catch(() => undefined);
    previous = { started, done: reported };
    return reported;
  };
  /** Waits until at most `limit` batches are still being written (the oldest first). */
  const settle = async (limit: number) => {
    while (inFlight.length > limit) await inFlight.shift();
  };

  const iterator = options.reader.rows(record, { skip: rowsDone, signal })[Symbol.asyncIterator]();
  try {
    let batch: SourceRow[] = [];
    for (;;) {
      let next: IteratorResult<SourceRow>;
      try {
        next = await iterator.next();
      } catch (error) {
        if (signal.aborted) break;
        throw error instanceof ImportReadError ? error : new ImportReadError("IMPORT_FILE_UNREADABLE", error);
      }
      if (next.done) break;
      batch.push(next.value);
      if (batch.length >= batchSize) {
        inFlight.push(schedule(batch));
        batch = [];
        await settle(inFlightLimit - 1);
        if (signal.aborted) break;
      }
    }
    await settle(0);
    if (signal.aborted) {
      if (batch.length > 0) await schedule(batch);
      // Handed back at once: the sweep (or another instance) continues where this one stopped.
      await db.update(companyImports).set({ leaseUntil: sql`now() - interval '1 second'` }).where(sql`${companyImports.id} = ${importId} AND ${companyImports.leaseOwner} = ${owner}`);
      return "STOPPED";
    }
    if (batch.length > 0) await schedule(batch);
    return (await finish(db, importId, owner, "READY", null)) ? "READY" : "LEASE_LOST";
  } catch (error) {
    // Batches still being written end (they roll back: the batch before failed) before the run reports.
    await Promise.allSettled(inFlight);
    if (error instanceof LeaseLostError) return "LEASE_LOST";
    if (error instanceof ImportReadError) {
      await finish(db, importId, owner, "ERROR", error.code);
      return "ERROR";
    }
    throw error;
  } finally {
    // Closes the file (a reader stopped early keeps it open otherwise).
    await iterator.return?.().catch(() => undefined);
  }
}

/** The imports the sweep queues: waiting, or processing under a lease that ran out. */
export async function dueImports(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT id FROM company_imports
     WHERE status = 'FILE_UPLOADED' OR (status = 'PROCESSING' AND lease_until < now())
     ORDER BY created_at`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

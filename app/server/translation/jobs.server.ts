import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { type SQL } from "drizzle-orm";
import { LIMITS } from "~/schemas/company";
import { formatOf, type TranslationJobView, type TranslationKind, type TranslationRequest } from "~/schemas/translation";
import { loadRelation, ensure } from "~/server/companies/membership.server";
import { config } from "~/server/config.server";
import { type Db, rowsOf, withTransaction } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { ensureEvent, loadActorCompanies, loadEventRelation } from "~/server/events/relation.server";
import type { Enqueue } from "~/server/jobs/job";
import { ensureNews, loadNewsRelation } from "~/server/news/relation.server";
import { companyPolicy } from "~/server/policy/company-policy";
import { eventPolicy } from "~/server/policy/event-policy";
import { newsPolicy } from "~/server/policy/news-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { translationPolicy } from "~/server/policy/translation-policy";
import { createTranslator, type TranslationLanguage, type Translator, TranslatorError, type TranslatorFailure } from "./translator.server";
import { logger } from "~/server/logger.server";

/** The three job tables (decision 041): the spec's company and tag jobs, and one for event and news texts. */
export const JOB_TABLES = ["company", "tag", "content"] as const;
export type JobTable = (typeof JOB_TABLES)[number];

const TABLE_SQL: Record<JobTable, SQL> = {
  company: sql.raw("company_translation_jobs"),
  tag: sql.raw("tag_translation_jobs"),
  content: sql.raw("content_translation_jobs"),
};
const SUBJECT_SQL: Record<JobTable, SQL> = { company: sql.raw("company_id"), tag: sql.raw("tag_id"), content: sql.raw("subject_id") };

export const tableOfKind = (kind: TranslationKind): JobTable => (kind === "company" ? "company" : kind === "tag" ? "tag" : "content");

/** A job that failed for a reason of its own, not of the service: its worker died on the last attempt. */
export type TranslationFailureCode = TranslatorFailure | "INTERRUPTED";

/** One person's requests per hour (a paid service; a stuck key or script must not run up the bill). */
export const TRANSLATION_REQUESTS_PER_HOUR = 200;

export interface TranslationJobSettings {
  maxAttempts: number;
  retrySeconds: number;
  leaseSeconds: number;
}

export function translationJobSettings(): TranslationJobSettings {
  const { maxAttempts, retrySeconds, leaseSeconds } = config.translation;
  return { maxAttempts, retrySeconds, leaseSeconds };
}

/** Whether a translation service is configured (the buttons and bulk action show only then). */
export function translationServiceConfigured(): boolean {
  return config.translation.service !== null;
}

let cached: Translator | null | undefined;
/** The configured service's adapter, or null. */
export function configuredTranslator(): Translator | null {
  if (cached === undefined) cached = config.translation.service ? createTranslator(config.translation.service, { timeoutMs: config.translation.timeoutMs }) : null;
  return cached;
}

export function hashText(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

interface QueueOptions {
  /** Whether a service is configured (default: the environment's); tests pass true. */
  enabled?: boolean;
  /** How to queue the pg-boss job (default: the process's queue; none running: the sweep picks it up). */
  enqueue?: Enqueue;
}

async function defaultEnqueue(): Promise<Enqueue> {
  const { enqueueJob } = await import("~/server/jobs/runtime.server");
  return enqueueJob;
}

/** Queues "work on this row" (and, for bulk work, a drain of the table); the sweep covers a lost one. */
async function wake(table: JobTable, id: string | null, options: QueueOptions): Promise<void> {
  const enqueue = options.enqueue ?? (await defaultEnqueue());
  const { translationDrainJob, translationJob } = await import("./job-definitions.server");
  await (id ? enqueue(translationJob, { table, id }) : enqueue(translationDrainJob, { table })).catch((error: unknown) =>
    logger.warn({ err: error }, `Translation job ${table}/${id ?? "*"}: not queued now; the sweep will`),
  );
}

/**
 * An editor asks for a translation of the text in one field (decision 041). Whoever may edit the
 * company, event or news item (or create one, on the create pages; or type a new tag in a
 * profile form) may ask. The text is the field as the editor has it now, saved or not; the
 * result comes back to the editor's form only (nothing is written to the record).
 */
export async function requestTranslation(db: Db, actor: Actor, request: TranslationRequest, options: QueueOptions = {}): Promise<{ kind: TranslationKind; id: string }> {
  if (!(options.enabled ?? translationServiceConfigured())) throw new AppError("NOT_FOUND");
  if (!actor) throw new AppError("UNAUTHENTICATED");
  await authorizeRequest(db, actor, request);
  await checkRequestRate(db, actor.id);
  const table = tableOfKind(request.kind);
  const common = sql`${request.field}, ${request.from}, ${request.to}, ${formatOf(request.kind, request.field)}, ${request.text}, ${hashText(request.text)}, ${actor.id}`;
  const inserted =
    table === "company"
      ? await db.execute(sql`INSERT INTO company_translation_jobs (field, source_lang, target_lang, format, source_text, source_hash, requested_by, company_id)
           VALUES (${common}, ${request.subjectId ?? null}) RETURNING id`)
      : table === "tag"
        ? await db.execute(sql`INSERT INTO tag_translation_jobs (field, source_lang, target_lang, format, source_text, source_hash, requested_by, tag_id)
           VALUES (${common}, ${request.subjectId ?? null}) RETURNING id`)
        : await db.execute(sql`INSERT INTO content_translation_jobs (field, source_lang, target_lang, format, source_text, source_hash, requested_by, subject_kind, subject_id)
           VALUES (${common}, ${request.kind}, ${request.subjectId ?? null}) RETURNING id`);
  const [row] = rowsOf<{ id: string }>(inserted);
  if (!row) throw new AppError("GENERIC");
  await wake(table, row.id, options);
  return { kind: request.kind, id: row.id };
}

async function authorizeRequest(db: Db, actor: NonNullable<Actor>, request: TranslationRequest): Promise<void> {
  switch (request.kind) {
    case "company": {
      const relation = await loadRelation(db, actor, request.subjectId ?? "");
      ensure(translationPolicy.canRequestForCompany(actor, relation), companyPolicy.canView(actor, relation));
      return;
    }
    case "tag":
      // New tags only (typed in a profile form's dialog); existing tags are the admins' (bulk).
      if (request.subjectId) authorize(actor, translationPolicy.canAdminister(actor));
      else authorize(actor, translationPolicy.canRequestForNewTag(actor));
      return;
    case "event": {
      if (!request.subjectId) {
        authorize(actor, translationPolicy.canRequestForNewEvent(actor, await loadActorCompanies(db, actor)));
        return;
      }
      const relation = await loadEventRelation(db, actor, request.subjectId);
      ensureEvent(translationPolicy.canRequestForEvent(actor, relation), eventPolicy.canView(actor, relation));
      return;
    }
    case "news": {
      if (!request.subjectId) {
        authorize(actor, translationPolicy.canRequestForNewNews(actor, await loadActorCompanies(db, actor)));
        return;
      }
      const relation = await loadNewsRelation(db, actor, request.subjectId);
      ensureNews(translationPolicy.canRequestForNews(actor, relation), newsPolicy.canView(actor, relation));
      return;
    }
  }
}

async function checkRequestRate(db: Db, userId: string): Promise<void> {
  const result = await db.execute(sql`
    SELECT (SELECT count(*) FROM company_translation_jobs WHERE requested_by = ${userId} AND created_at > now() - interval '1 hour')
         + (SELECT count(*) FROM tag_translation_jobs WHERE requested_by = ${userId} AND created_at > now() - interval '1 hour')
         + (SELECT count(*) FROM content_translation_jobs WHERE requested_by = ${userId} AND created_at > now() - interval '1 hour') AS n`);
  const n = Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
  if (n >= TRANSLATION_REQUESTS_PER_HOUR) throw new AppError("TOO_MANY_REQUESTS");
}

/** A job's state for its requester (or an admin); anyone else is told it does not exist. */
export async function getTranslationJob(db: Db, actor: Actor, kind: TranslationKind, id: string): Promise<TranslationJobView> {
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const table = tableOfKind(kind);
  const kindFilter = table === "content" ? sql` AND subject_kind = ${kind}` : sql``;
  const result = await db.execute(sql`
    SELECT id, status, result, error_code, attempts, requested_by FROM ${TABLE_SQL[table]} WHERE id = ${id}${kindFilter}`);
  const [row] = rowsOf<{ id: string; status: TranslationJobView["status"]; result: string | null; error_code: string | null; attempts: number; requested_by: string | null }>(result);
  if (!row || !translationPolicy.canViewJob(actor, row.requested_by)) throw new AppError("NOT_FOUND");
  return { id: row.id, kind, status: row.status, result: row.status === "DONE" ? row.result : null, errorCode: row.status === "FAILED" ? row.error_code : null, attempts: Number(row.attempts) };
}

const other = (lang: TranslationLanguage): TranslationLanguage => (lang === "de" ? "cs" : "de");
const descriptionColumn = (lang: TranslationLanguage) => sql.raw(lang === "de" ? "description_de" : "description_cs");
const labelColumn = (lang: TranslationLanguage) => sql.raw(lang === "de" ? "label_de" : "label_cs");

/**
 * Queues the translation of a company's description from one language into the other, to be
 * written into the profile when done — if the target is still empty and the source unchanged
 * (decision 041). For imported profiles with only one language (the import calls this) and the
 * admins' "translate all missing". Null when there is nothing to do: no service, no source text,
 * the target already written, or such a job already open (idempotent).
 */
export async function queueCompanyTranslation(
  db: Db,
  companyId: string,
  { from, to }: { from: TranslationLanguage; to: TranslationLanguage },
  options: QueueOptions & { requestedBy?: string | null } = {},
): Promise<string | null> {
  if (!(options.enabled ?? translationServiceConfigured()) || from === to) return null;
  const result = await db.execute(sql`
    INSERT INTO company_translation_jobs (field, source_lang, target_lang, format, source_text, source_hash, apply_result, requested_by, company_id)
    SELECT 'description', ${from}, ${to}, 'text', c.${descriptionColumn(from)}, encode(sha256(convert_to(c.${descriptionColumn(from)}, 'UTF8')), 'hex'), true, ${options.requestedBy ?? null}, c.id
      FROM companies c
     WHERE c.id = ${companyId} AND c.deleted_at IS NULL
       AND btrim(c.${descriptionColumn(from)}) <> '' AND btrim(c.${descriptionColumn(to)}) = ''
       AND NOT EXISTS (SELECT 1 FROM company_translation_jobs j WHERE j.company_id = c.id AND j.target_lang = ${to} AND j.apply_result AND j.status IN ('QUEUED', 'RUNNING'))
    RETURNING id`);
  const [row] = rowsOf<{ id: string }>(result);
  if (!row) return null;
  await wake("company", row.id, options);
  return row.id;
}

/**
 * After an import (decision 041, issue 21): every profile the import created (its identifiers carry the import) whose
 * description is in the file's language only gets a job that writes the other language into it
 * (same rules as queueCompanyTranslation: only while the target is empty and the source
 * unchanged). One statement for the whole import instead of a call per company; idempotent (an
 * open job is not queued twice), so a repeated hook queues nothing more. The number queued.
 */
export async function queueImportTranslations(db: Db, importId: string, from: TranslationLanguage, options: QueueOptions = {}): Promise<number> {
  if (!(options.enabled ?? translationServiceConfigured())) return 0;
  const to = other(from);
  const result = await db.execute(sql`
    INSERT INTO company_translation_jobs (field, source_lang, target_lang, format, source_text, source_hash, apply_result, requested_by, company_id)
    SELECT 'description', ${from}, ${to}, 'text', c.${descriptionColumn(from)}, encode(sha256(convert_to(c.${descriptionColumn(from)}, 'UTF8')), 'hex'), true, NULL, c.id
      FROM companies c
     WHERE c.id IN (SELECT i.company_id FROM company_identifiers i WHERE i.import_id = ${importId})
       AND c.deleted_at IS NULL AND btrim(c.${descriptionColumn(from)}) <> '' AND btrim(c.${descriptionColumn(to)}) = ''
       AND NOT EXISTS (SELECT 1 FROM company_translation_jobs j WHERE j.company_id = c.id AND j.target_lang = ${to} AND j.apply_result AND j.status IN ('QUEUED', 'RUNNING'))
    RETURNING id`);
  const queued = rowsOf(result).length;
  if (queued > 0) for (let i = 0; i < 2; i++) await wake("company", null, options);
  return queued;
}

/**
 * "Translate all missing" (admins): one job per company description and tag label that has one
 * language and lacks the other, each written into its record when done (same rules as
 * queueCompanyTranslation). Rows are inserted in two statements; a few workers drain them.
 */
export async function queueAllMissingTranslations(db: Db, actor: Actor, options: QueueOptions = {}): Promise<{ companies: number; tags: number }> {
  authorize(actor, translationPolicy.canAdminister(actor));
  if (!(options.enabled ?? translationServiceConfigured())) throw new AppError("NOT_FOUND");
  const counts = await withTransaction(db, async (tx) => {
    let companies = 0;
    let tags = 0;
    for (const from of ["de", "cs"] as const) {
      const to = other(from);
      const c = await tx.execute(sql`
        INSERT INTO company_translation_jobs (field, source_lang, target_lang, format, source_text, source_hash, apply_result, requested_by, company_id)
        SELECT 'description', ${from}, ${to}, 'text', c.${descriptionColumn(from)}, encode(sha256(convert_to(c.${descriptionColumn(from)}, 'UTF8')), 'hex'), true, ${actor.id}, c.id
          FROM companies c
         WHERE c.deleted_at IS NULL AND btrim(c.${descriptionColumn(from)}) <> '' AND btrim(c.${descriptionColumn(to)}) = ''
           AND NOT EXISTS (SELECT 1 FROM company_translation_jobs j WHERE j.company_id = c.id AND j.target_lang = ${to} AND j.apply_result AND j.status IN ('QUEUED', 'RUNNING'))
        RETURNING id`);
      companies += rowsOf(c).length;
      const t = await tx.execute(sql`
        INSERT INTO tag_translation_jobs (field, source_lang, target_lang, format, source_text, source_hash, apply_result, requested_by, tag_id)
        SELECT 'label', ${from}, ${to}, 'text', t.${labelColumn(from)}, encode(sha256(convert_to(t.${labelColumn(from)}, 'UTF8')), 'hex'), true, ${actor.id}, t.id
          FROM tags t
         WHERE btrim(t.${labelColumn(from)}) <> '' AND btrim(t.${labelColumn(to)}) = ''
           AND NOT EXISTS (SELECT 1 FROM tag_translation_jobs j WHERE j.tag_id = t.id AND j.target_lang = ${to} AND j.apply_result AND j.status IN ('QUEUED', 'RUNNING'))
        RETURNING id`);
      tags += rowsOf(t).length;
    }
    return { companies, tags };
  });
  // Two drains per table: the work spreads over two workers (of any instance).
  if (counts.companies > 0) for (let i = 0; i < 2; i++) await wake("company", null, options);
  if (counts.tags > 0) for (let i = 0; i < 2; i++) await wake("tag", null, options);
  return counts;
}

interface ClaimedRow {
  id: string;
  field: string;
  source_lang: TranslationLanguage;
  target_lang: TranslationLanguage;
  format: "text" | "html";
  source_text: string;
  source_hash: string;
  attempts: number;
  apply_result: boolean;
  subject_id: string | null;
}

const DUE = sql`((status = 'QUEUED' AND (lease_until IS NULL OR lease_until <= now())) OR (status = 'RUNNING' AND lease_until < now()))`;

/** Claims one due row (that one, or any of the table): RUNNING with a lease, one attempt more; SKIP LOCKED hands it to one worker only. */
async function claim(db: Db, table: JobTable, id: string | null, leaseSeconds: number): Promise<ClaimedRow | null> {
  const t = TABLE_SQL[table];
  const which = id ? sql`id = ${id} AND ` : sql``;
  const result = await db.execute(sql`
    UPDATE ${t} SET status = 'RUNNING', attempts = attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
     WHERE id = (SELECT id FROM ${t} WHERE ${which}${DUE} ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, field, source_lang, target_lang, format, source_text, source_hash, attempts, apply_result, ${SUBJECT_SQL[table]} AS subject_id`);
  const [row] = rowsOf<ClaimedRow>(result);
  return row ? { ...row, attempts: Number(row.attempts) } : null;
}

export interface RunOutcome {
  /** What happened to the claimed row; "nothing": no due row (done, another worker's, or waiting for its retry). */
  outcome: "done" | "retry" | "failed" | "nothing";
  id?: string;
  /** A retry's moment (the handler queues itself for it). */
  retryAt?: Date;
}

/**
 * Works on one due translation job (decision 021's shape): claim it, call the service with no
 * transaction open, then record the outcome only if this attempt still holds the row. A
 * retryable failure (the service away, a timeout, 429/503) queues the row again with a doubling
 * delay; after the last attempt, or at once for a permanent refusal, it is FAILED with the code.
 */
export async function runTranslationJob(
  db: Db,
  table: JobTable,
  id: string | null,
  { translator, settings, signal }: { translator: Translator; settings: TranslationJobSettings; signal?: AbortSignal },
): Promise<RunOutcome> {
  const row = await claim(db, table, id, settings.leaseSeconds);
  if (!row) return { outcome: "nothing" };
  const t = TABLE_SQL[table];
  const mine = sql`id = ${row.id} AND status = 'RUNNING' AND attempts = ${row.attempts}`;
  if (row.attempts > settings.maxAttempts) {
    await db.execute(sql`UPDATE ${t} SET status = 'FAILED', error_code = 'INTERRUPTED', lease_until = NULL, finished_at = now(), updated_at = now() WHERE ${mine}`);
    return { outcome: "failed", id: row.id };
  }
  let translated: string;
  try {
    const [text] = await translator.translate([row.source_text], row.source_lang, row.target_lang, row.format, signal ? { signal } : {});
    if (text === undefined || text === "") throw new TranslatorError("BAD_RESPONSE", "empty translation");
    translated = text;
  } catch (error) {
    const failure = error instanceof TranslatorError ? error : new TranslatorError("UNAVAILABLE", error instanceof Error ? error.message : String(error));
    if (!(error instanceof TranslatorError)) logger.error({ err: failure }, `Translation ${table}/${row.id} failed`);
    if (failure.retryable && row.attempts < settings.maxAttempts) {
      const delay = settings.retrySeconds * 2 ** (row.attempts - 1);
      const result = await db.execute(sql`
        UPDATE ${t} SET status = 'QUEUED', error_code = ${failure.code}, lease_until = now() + make_interval(secs => ${delay}), updated_at = now()
         WHERE ${mine} RETURNING lease_until`);
      const [retry] = rowsOf<{ lease_until: string | Date }>(result);
      return { outcome: "retry", id: row.id, ...(retry ? { retryAt: new Date(retry.lease_until) } : {}) };
    }
    await db.execute(sql`UPDATE ${t} SET status = 'FAILED', error_code = ${failure.code}, lease_until = NULL, finished_at = now(), updated_at = now() WHERE ${mine}`);
    return { outcome: "failed", id: row.id };
  }
  await withTransaction(db, async (tx) => {
    const applied = row.apply_result && row.subject_id ? await applyResult(tx, table, row, translated) : false;
    await tx.execute(sql`
      UPDATE ${t} SET status = 'DONE', result = ${translated}, error_code = NULL, lease_until = NULL, finished_at = now(), updated_at = now(),
             applied_at = ${applied ? sql`now()` : sql`NULL`}
       WHERE ${mine}`);
  });
  return { outcome: "done", id: row.id };
}

/**
 * Writes a finished translation into its record (imports, "translate all missing"): only while
 * the record's target is still empty and its source is the text that was translated (someone
 * who changed either meanwhile keeps their text). Event and news texts are never written.
 */
async function applyResult(tx: Db, table: JobTable, row: ClaimedRow, translated: string): Promise<boolean> {
  const from = row.source_lang;
  const to = row.target_lang;
  if (table === "company") {
    if (translated.length > LIMITS.description) return false;
    const result = await tx.execute(sql`
      SELECT ${descriptionColumn(from)} AS source, ${descriptionColumn(to)} AS target FROM companies
       WHERE id = ${row.subject_id} AND deleted_at IS NULL FOR UPDATE`);
    const [company] = rowsOf<{ source: string; target: string }>(result);
    if (!company || company.target.trim() !== "" || hashText(company.source) !== row.source_hash) return false;
    await tx.execute(sql`UPDATE companies SET ${descriptionColumn(to)} = ${translated}, updated_at = now() WHERE id = ${row.subject_id}`);
    return true;
  }
  if (table === "tag") {
    const label = translated.replace(/\s+/g, " ").trim();
    if (label.length === 0 || label.length > LIMITS.tagLabel) return false;
    const result = await tx.execute(sql`SELECT ${labelColumn(from)} AS source, ${labelColumn(to)} AS target FROM tags WHERE id = ${row.subject_id} FOR UPDATE`);
    const [tag] = rowsOf<{ source: string; target: string }>(result);
    if (!tag || tag.target.trim() !== "" || hashText(tag.source) !== row.source_hash) return false;
    // Another tag already has this label: leave it for the admin (two tags may have to be merged).
    const taken = await tx.execute(sql`SELECT 1 FROM tags WHERE lower(${labelColumn(to)}) = lower(${label}) AND id <> ${row.subject_id} LIMIT 1`);
    if (rowsOf(taken).length > 0) return false;
    await tx.execute(sql`UPDATE tags SET ${labelColumn(to)} = ${label} WHERE id = ${row.subject_id}`);
    return true;
  }
  return false;
}

/** Tables with due rows (the sweep queues a drain for each). */
export async function tablesWithDueJobs(db: Db): Promise<JobTable[]> {
  const due: JobTable[] = [];
  for (const table of JOB_TABLES) {
    const result = await db.execute(sql`SELECT 1 FROM ${TABLE_SQL[table]} WHERE ${DUE} LIMIT 1`);
    if (rowsOf(result).length > 0) due.push(table);
  }
  return due;
}

/** Whether a table still has rows due now (a drain queues its continuation). */
export async function hasDueJobs(db: Db, table: JobTable): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM ${TABLE_SQL[table]} WHERE ${DUE} LIMIT 1`);
  return rowsOf(result).length > 0;
}

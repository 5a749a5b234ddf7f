import { sql } from "drizzle-orm";
import { NewTagSchema } from "~/schemas/company";
import { type Db, rowsOf, withTransaction } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { type Actor, authorize } from "~/server/policy/policy";
import { translationPolicy } from "~/server/policy/translation-policy";

/** Rows per list on the admin page (the rest by paging). */
export const MISSING_PAGE_SIZE = 50;

export interface LastJob {
  status: "QUEUED" | "RUNNING" | "DONE" | "FAILED";
  errorCode: string | null;
}

export interface MissingCompany {
  id: string;
  name: string;
  missingDe: boolean;
  missingCs: boolean;
  lastJob: LastJob | null;
}

export interface MissingTag {
  id: string;
  labelDe: string;
  labelCs: string;
  lastJob: LastJob | null;
}

export interface BulkProgress {
  /** Jobs of the current bulk run (written-in translations), since its oldest open one. */
  open: number;
  done: number;
  failed: number;
}

export interface MissingTranslations {
  companies: { total: number; page: number; pageCount: number; rows: MissingCompany[] };
  tags: { total: number; page: number; pageCount: number; rows: MissingTag[] };
  /** Company descriptions and tag labels with one language and not the other (machine-translatable). */
  translatable: number;
  progress: BulkProgress;
}

const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / MISSING_PAGE_SIZE));

/**
 * The admins' list of company profiles and tags missing a language (decision 041), to complete
 * by hand or, with a service configured, by "translate all missing". Deleted profiles are left out.
 */
export async function listMissingTranslations(db: Db, actor: Actor, { companyPage = 1, tagPage = 1 }: { companyPage?: number; tagPage?: number } = {}): Promise<MissingTranslations> {
  authorize(actor, translationPolicy.canAdminister(actor));
  const companyWhere = sql`c.deleted_at IS NULL AND (btrim(c.description_de) = '' OR btrim(c.description_cs) = '')`;
  const tagWhere = sql`(btrim(t.label_de) = '' OR btrim(t.label_cs) = '')`;
  const counts = rowsOf<{ companies: string | number; tags: string | number; translatable: string | number }>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM companies c WHERE ${companyWhere}) AS companies,
             (SELECT count(*) FROM tags t WHERE ${tagWhere}) AS tags,
             (SELECT count(*) FROM companies c WHERE ${companyWhere} AND (btrim(c.description_de) <> '' OR btrim(c.description_cs) <> ''))
           + (SELECT count(*) FROM tags t WHERE ${tagWhere} AND (btrim(t.label_de) <> '' OR btrim(t.label_cs) <> '')) AS translatable`),
  )[0];
  const companyTotal = Number(counts?.companies ?? 0);
  const tagTotal = Number(counts?.tags ?? 0);
  const cPage = Math.min(Math.max(1, companyPage), pageCountOf(companyTotal));
  const tPage = Math.min(Math.max(1, tagPage), pageCountOf(tagTotal));

  const companies = rowsOf<{ id: string; name: string; missing_de: boolean; missing_cs: boolean; status: LastJob["status"] | null; error_code: string | null }>(
    await db.execute(sql`
      SELECT c.id, c.name, btrim(c.description_de) = '' AS missing_de, btrim(c.description_cs) = '' AS missing_cs, j.status, j.error_code
        FROM companies c
        LEFT JOIN LATERAL (SELECT status, error_code FROM company_translation_jobs WHERE company_id = c.id AND apply_result ORDER BY created_at DESC LIMIT 1) j ON true
       WHERE ${companyWhere}
       ORDER BY lower(c.name), c.id
       LIMIT ${MISSING_PAGE_SIZE} OFFSET ${(cPage - 1) * MISSING_PAGE_SIZE}`),
  );
  const tags = rowsOf<{ id: string; label_de: string; label_cs: string; status: LastJob["status"] | null; error_code: string | null }>(
    await db.execute(sql`
      SELECT t.id, t.label_de, t.label_cs, j.status, j.error_code
        FROM tags t
        LEFT JOIN LATERAL (SELECT status, error_code FROM tag_translation_jobs WHERE tag_id = t.id AND apply_result ORDER BY created_at DESC LIMIT 1) j ON true
       WHERE ${tagWhere}
       ORDER BY lower(t.label_de || t.label_cs), t.id
       LIMIT ${MISSING_PAGE_SIZE} OFFSET ${(tPage - 1) * MISSING_PAGE_SIZE}`),
  );
  return {
    companies: {
      total: companyTotal,
      page: cPage,
      pageCount: pageCountOf(companyTotal),
      rows: companies.map((r) => ({ id: r.id, name: r.name, missingDe: r.missing_de, missingCs: r.missing_cs, lastJob: r.status ? { status: r.status, errorCode: r.error_code } : null })),
    },
    tags: {
      total: tagTotal,
      page: tPage,
      pageCount: pageCountOf(tagTotal),
      rows: tags.map((r) => ({ id: r.id, labelDe: r.label_de, labelCs: r.label_cs, lastJob: r.status ? { status: r.status, errorCode: r.error_code } : null })),
    },
    translatable: Number(counts?.translatable ?? 0),
    progress: await bulkProgress(db),
  };
}

/** Company profiles and tags missing a language (the admin home's count; one aggregate query). */
export async function countMissingTranslations(db: Db, actor: Actor): Promise<number> {
  authorize(actor, translationPolicy.canAdminister(actor));
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM companies c WHERE c.deleted_at IS NULL AND (btrim(c.description_de) = '' OR btrim(c.description_cs) = ''))
           + (SELECT count(*) FROM tags t WHERE btrim(t.label_de) = '' OR btrim(t.label_cs) = '') AS n`),
  );
  return Number(row?.n ?? 0);
}

/** The running bulk translation: its jobs since the oldest still open one (nothing open: all zero). */
async function bulkProgress(db: Db): Promise<BulkProgress> {
  const [row] = rowsOf<{ open: string | number; done: string | number; failed: string | number }>(
    await db.execute(sql`
      WITH jobs AS (
        SELECT status, created_at FROM company_translation_jobs WHERE apply_result
        UNION ALL SELECT status, created_at FROM tag_translation_jobs WHERE apply_result
      ), since AS (SELECT min(created_at) AS at FROM jobs WHERE status IN ('QUEUED', 'RUNNING'))
      SELECT count(*) FILTER (WHERE status IN ('QUEUED', 'RUNNING')) AS open,
             count(*) FILTER (WHERE status = 'DONE') AS done,
             count(*) FILTER (WHERE status = 'FAILED') AS failed
        FROM jobs, since WHERE since.at IS NOT NULL AND jobs.created_at >= since.at`),
  );
  return { open: Number(row?.open ?? 0), done: Number(row?.done ?? 0), failed: Number(row?.failed ?? 0) };
}

/**
 * An admin completes a tag's two labels by hand. Both are required (spec §3: a tag has both);
 * a label another tag already has is refused (TAG_LABEL_TAKEN), nothing changed.
 */
export async function updateTagLabels(db: Db, actor: Actor, tagId: string, labels: { de: string; cs: string }): Promise<void> {
  authorize(actor, translationPolicy.canAdminister(actor));
  const checked = NewTagSchema.safeParse(labels);
  if (!checked.success) throw new AppError("INVALID_INPUT");
  const parsed = checked.data;
  await withTransaction(db, async (tx) => {
    const found = rowsOf(await tx.execute(sql`SELECT id FROM tags WHERE id = ${tagId} FOR UPDATE`));
    if (found.length === 0) throw new AppError("NOT_FOUND");
    const taken = rowsOf(
      await tx.execute(sql`SELECT 1 FROM tags WHERE id <> ${tagId} AND (lower(label_de) = lower(${parsed.de}) OR lower(label_cs) = lower(${parsed.cs})) LIMIT 1`),
    );
    if (taken.length > 0) throw new AppError("TAG_LABEL_TAKEN");
    await tx.execute(sql`UPDATE tags SET label_de = ${parsed.de}, label_cs = ${parsed.cs} WHERE id = ${tagId}`);
  });
}

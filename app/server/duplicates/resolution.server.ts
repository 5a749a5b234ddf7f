import { sql } from "drizzle-orm";
import { type CompanySide, DUPLICATE_REASONS, type DuplicateDecision, type DuplicatePairView, type DuplicatePairRef, type DuplicateReason, DUPLICATES_PAGE_SIZE } from "~/schemas/duplicates";
import * as clock from "~/server/clock.server";
import { type Db, rowsOf, withTransaction } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import { duplicatesPolicy } from "~/server/policy/duplicates-policy";
import { type Actor, authorize } from "~/server/policy/policy";
import { writeWithFiles } from "~/server/storage/file-commit.server";
import { type FileStorage, getStorage } from "~/server/storage/storage.server";
import { type DetectionState, detectionState } from "./detection.server";
import { queueDuplicateDetection } from "./queue.server";
import { lockPair, mergeImpact, mergeInto } from "./merge.server";

/**
 * The duplicates page's domain (issue 21, decision 040; admins only): the open pairs with both
 * profiles side by side, the three choices of spec §4 for one pair or many, and detection on demand.
 * The left-hand profile of a pair is the older one ("original"), the right-hand one the newer
 * ("duplicate"); the page posts pairs as "left:right", so a choice means what the admin saw.
 */

export interface DuplicateList {
  items: DuplicatePairView[];
  total: number;
  page: number;
  pageCount: number;
  detection: DetectionState;
}

const live = sql`p.status = 'OPEN' AND ca.deleted_at IS NULL AND cb.deleted_at IS NULL`;

/** Open pairs of live profiles (what the admin home counts). */
export async function openPairCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM company_duplicate_pairs p
      JOIN companies ca ON ca.id = p.company_a JOIN companies cb ON cb.id = p.company_b WHERE ${live}`),
  );
  return Number(row?.n ?? 0);
}

export async function listDuplicatePairs(db: Db, actor: Actor, page: number, locale: "de" | "cs"): Promise<DuplicateList> {
  authorize(actor, duplicatesPolicy.canManage(actor));
  const total = await openPairCount(db);
  const pageCount = Math.max(1, Math.ceil(total / DUPLICATES_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = rowsOf<{ left_id: string; right_id: string; score: number; reasons: DuplicateReason[] | string; detected_at: Date | string }>(
    await db.execute(sql`SELECT
        CASE WHEN (ca.created_at, ca.id) <= (cb.created_at, cb.id) THEN p.company_a ELSE p.company_b END AS left_id,
        CASE WHEN (ca.created_at, ca.id) <= (cb.created_at, cb.id) THEN p.company_b ELSE p.company_a END AS right_id,
        p.score, p.reasons, p.detected_at
      FROM company_duplicate_pairs p
      JOIN companies ca ON ca.id = p.company_a JOIN companies cb ON cb.id = p.company_b
      WHERE ${live}
      ORDER BY p.score DESC, p.company_a, p.company_b
      LIMIT ${DUPLICATES_PAGE_SIZE} OFFSET ${(current - 1) * DUPLICATES_PAGE_SIZE}`),
  );
  const ids = [...new Set(rows.flatMap((r) => [r.left_id, r.right_id]))];
  const sides = await companySides(db, ids, locale);
  const items: DuplicatePairView[] = [];
  for (const r of rows) {
    const left = sides.get(r.left_id);
    const right = sides.get(r.right_id);
    if (!left || !right) continue;
    items.push({
      left,
      right,
      score: Number(r.score),
      reasons: sortReasons(pgArray(r.reasons) as DuplicateReason[]),
      detectedAt: new Date(r.detected_at).toISOString(),
      deleteRight: await mergeImpact(db, left.id, right.id),
      deleteLeft: await mergeImpact(db, right.id, left.id),
    });
  }
  return { items, total, page: current, pageCount, detection: await detectionState(db) };
}

function sortReasons(reasons: DuplicateReason[]): DuplicateReason[] {
  return [...reasons].sort((a, b) => DUPLICATE_REASONS.indexOf(a) - DUPLICATE_REASONS.indexOf(b));
}

/** A text[] as the drivers give it (PGlite parses it; node-postgres may hand "{a,b}" for a custom type). */
function pgArray(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  if (typeof value === "string") return value.replace(/^\{|\}$/g, "").split(",").filter(Boolean);
  return [];
}

/** The comparison data of some companies, by id. */
async function companySides(db: Db, ids: string[], locale: "de" | "cs"): Promise<Map<string, CompanySide>> {
  const result = new Map<string, CompanySide>();
  if (ids.length === 0) return result;
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const label = locale === "cs" ? sql.raw("label_cs") : sql.raw("label_de");
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT c.id, c.name, c.status, c.created_at, c.website,
      coalesce((SELECT json_agg(concat_ws(', ', a.line1, nullif(a.line2, ''), a.postal_code || ' ' || a.city, a.country) || CASE WHEN a.kind = 'HEADQUARTERS' THEN ' *' ELSE '' END ORDER BY a.kind = 'HEADQUARTERS' DESC, a.created_at)
                FROM company_addresses a WHERE a.company_id = c.id), '[]') AS addresses,
      coalesce((SELECT json_agg(json_build_object('kind', i.kind, 'label', i.label, 'value', i.value) ORDER BY i.kind, i.value)
                FROM company_identifiers i WHERE i.company_id = c.id), '[]') AS identifiers,
      coalesce((SELECT json_agg(concat_ws(' · ', nullif(k.name, ''), k.email, k.phone) ORDER BY k.email)
                FROM company_contacts k WHERE k.company_id = c.id), '[]') AS contacts,
      coalesce((SELECT json_agg(n.nace_code ORDER BY n.nace_code) FROM company_nace n WHERE n.company_id = c.id), '[]') AS nace,
      coalesce((SELECT json_agg(t.${label} ORDER BY t.${label}) FROM company_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.company_id = c.id), '[]') AS tags,
      coalesce((SELECT json_agg(json_build_object('name', u.name, 'email', u.email, 'status', l.status) ORDER BY u.name)
                FROM company_user_links l JOIN users u ON u.id = l.user_id WHERE l.company_id = c.id), '[]') AS accounts,
      (SELECT count(*) FROM company_services s WHERE s.company_id = c.id) AS ads,
      (SELECT count(*) FROM event_registrations r WHERE r.company_id = c.id) AS registrations,
      (SELECT count(*) FROM events e WHERE e.company_id = c.id) AS events,
      (SELECT count(*) FROM news w WHERE w.company_id = c.id) AS news
      FROM companies c WHERE c.id IN (${idList})`),
  );
  const list = <T = string>(value: unknown): T[] => (typeof value === "string" ? (JSON.parse(value) as T[]) : ((value as T[] | null) ?? []));
  for (const r of rows) {
    const id = String(r.id);
    result.set(id, {
      id,
      name: String(r.name),
      status: String(r.status),
      createdAt: new Date(r.created_at as string).toISOString(),
      website: String(r.website ?? ""),
      addresses: list(r.addresses),
      identifiers: list<CompanySide["identifiers"][number]>(r.identifiers),
      contacts: list(r.contacts),
      nace: list(r.nace),
      tags: list(r.tags),
      accounts: list<CompanySide["accounts"][number]>(r.accounts),
      counts: { ads: Number(r.ads), registrations: Number(r.registrations), events: Number(r.events), news: Number(r.news) },
    });
  }
  return result;
}

export interface ResolveResult {
  resolved: number;
  deleted: number;
  /** Pairs that could not be resolved any more (resolved or merged meanwhile), with why. */
  skipped: number;
  firstError: "DUPLICATE_PAIR_GONE" | "DUPLICATE_COMPANY_GONE" | null;
}

/**
 * One pair, in one transaction: both companies locked in id order, then the pair row; refused with
 * DUPLICATE_COMPANY_GONE when one of them is deleted or merged away, DUPLICATE_PAIR_GONE when the
 * pair was resolved meanwhile (or is not a pair). Irreversible (spec §4).
 */
export async function resolvePair(db: Db, actor: Actor, ref: DuplicatePairRef, decision: DuplicateDecision, storage: FileStorage = getStorage(), now = clock.now()): Promise<{ deleted: boolean }> {
  authorize(actor, duplicatesPolicy.canManage(actor));
  if (ref.a === ref.b) throw new AppError("DUPLICATE_PAIR_GONE");
  const [lo, hi] = ref.a < ref.b ? [ref.a, ref.b] : [ref.b, ref.a];
  return writeWithFiles(storage, [], (files) =>
    withTransaction(db, async (tx) => {
      const locked = await lockPair(tx, ref.a, ref.b);
      const left = locked.get(ref.a);
      const right = locked.get(ref.b);
      if (!left || !right || left.deleted || right.deleted) throw new AppError("DUPLICATE_COMPANY_GONE");
      const [pair] = rowsOf<{ status: string }>(
        await tx.execute(sql`SELECT status FROM company_duplicate_pairs WHERE company_a = ${lo} AND company_b = ${hi} FOR UPDATE`),
      );
      if (!pair || pair.status !== "OPEN") throw new AppError("DUPLICATE_PAIR_GONE");
      if (decision === "KEEP_BOTH") {
        await tx.execute(sql`UPDATE company_duplicate_pairs SET status = 'KEPT_BOTH', decided_by = ${actor.id}, decided_at = ${now}
          WHERE company_a = ${lo} AND company_b = ${hi}`);
        return { deleted: false };
      }
      const [keep, drop] = decision === "DELETE_DUPLICATE" ? [left, right] : [right, left];
      await mergeInto(tx, actor.id, keep, drop, files, now);
      return { deleted: true };
    }),
  );
}

/**
 * Bulk resolution: the same choice for each selected pair, each in its own transaction (a pair
 * whose profile an earlier one in the batch merged away is skipped and counted, not an error).
 */
export async function resolvePairs(db: Db, actor: Actor, refs: DuplicatePairRef[], decision: DuplicateDecision, storage: FileStorage = getStorage()): Promise<ResolveResult> {
  authorize(actor, duplicatesPolicy.canManage(actor));
  const result: ResolveResult = { resolved: 0, deleted: 0, skipped: 0, firstError: null };
  for (const ref of refs) {
    try {
      const { deleted } = await resolvePair(db, actor, ref, decision, storage);
      result.resolved++;
      if (deleted) result.deleted++;
    } catch (error) {
      if (error instanceof AppError && (error.code === "DUPLICATE_PAIR_GONE" || error.code === "DUPLICATE_COMPANY_GONE")) {
        result.skipped++;
        result.firstError ??= error.code;
        continue;
      }
      throw error;
    }
  }
  if (refs.length === 1 && result.firstError) throw new AppError(result.firstError);
  return result;
}

/** "Run detection now". */
export async function requestDetection(db: Db, actor: Actor): Promise<void> {
  authorize(actor, duplicatesPolicy.canManage(actor));
  await queueDuplicateDetection(db);
}

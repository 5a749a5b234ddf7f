import { sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { href } from "~/routing/paths";
import { parseSearchParams } from "~/schemas/search";
import * as clock from "~/server/clock.server";
import { config } from "~/server/config.server";
import { type Db, rowsOf, withTransaction } from "~/server/db/client.server";
import type { DigestSection, SavedSearchFrequency } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import type { OutgoingMail } from "~/server/mail/mailer.server";
import { expandTerm } from "~/server/search/search.server";
import { type NewMatchesPart, newMatchesSql, type TermQuery } from "~/server/search/search-sql.server";
import { makeUnsubscribeToken } from "./unsubscribe-token.server";

/**
 * Saved-search digests (issue 25, decision 061).
 *
 * A run (the nightly cron) takes the searches that are due, user by user. Per user, one
 * transaction: take the user's advisory lock (try: another instance working on the user skips
 * it), lock and re-read the user's due searches, find each one's new matches with the search
 * page's own conditions, write ONE digest row (the outbox) when anything is new, and move the
 * searches' watermarks and due times. The digest row and the watermarks commit together, so a
 * crash loses nothing and repeats nothing; the send job mails the row afterwards.
 *
 * "New" is a window on search_documents.first_indexed_at: [watermark, cutoff). The cutoff is
 * the start of the oldest transaction still running anywhere in the database (or now): a row a
 * running transaction inserts carries that transaction's start time, so every row before the
 * cutoff is already committed and visible — no row can slip in behind a watermark.
 */

/** Matches listed per search in the mail; more are counted ("and 12 more"). */
export const DIGEST_HITS_PER_SEARCH = 10;
/** Counted up to this many per search; the mail says "and 90 more" at most. */
const DIGEST_COUNT_CAP = 100;
/** The interval to the next digest: a little less than a day (a week), so a nightly cron that runs late still catches it. */
const NEXT_DUE_HOURS: Record<SavedSearchFrequency, number> = { DAILY: 20, WEEKLY: 7 * 24 - 4 };
/** First key of the advisory lock pair (the user's id hash is the second). */
const LOCK_SPACE = 61025;

export interface DigestRunResult {
  /** Users whose due searches were looked at by this run. */
  users: number;
  /** Digest mails written (users with something new). */
  digests: number;
  /** Saved searches looked at. */
  searches: number;
  /** Users another instance was working on at the same moment. */
  skipped: number;
}

/** The end of the "new" window for a run: no transaction that started before it is still running. */
export async function digestCutoff(db: Db): Promise<Date> {
  const [row] = rowsOf<{ cutoff: string | Date }>(
    await db.execute(sql`
      SELECT least(now(), coalesce((
        SELECT min(xact_start) FROM pg_stat_activity
         WHERE pid <> pg_backend_pid() AND datname = current_database() AND xact_start IS NOT NULL
      ), now())) AS cutoff`),
  );
  return new Date(row!.cutoff);
}

interface DueRow {
  id: string;
  name: string;
  params: string;
  frequency: SavedSearchFrequency;
  watermark: string | Date;
}

interface MatchRow {
  part: number;
  docId: string;
  kind: "COMPANY" | "OFFER" | "INQUIRY";
  companyId: string;
  title: string;
  companyName: string;
}

/**
 * Works through every due saved search once. Safe to run on several instances at once: each
 * user is done by exactly one of them (per-user advisory lock, rows re-read under it).
 */
export async function runDigest(db: Db, options: { now?: Date; concurrency?: number; signal?: AbortSignal } = {}): Promise<DigestRunResult> {
  const now = options.now ?? clock.now();
  const cutoff = await digestCutoff(db);
  const due = rowsOf<{ user_id: string }>(
    await db.execute(sql`SELECT DISTINCT user_id FROM saved_searches WHERE paused = false AND next_due_at <= ${now.toISOString()}::timestamptz`),
  ).map((r) => r.user_id);
  const terms = new Map<string, Promise<TermQuery>>();
  const result: DigestRunResult = { users: 0, digests: 0, searches: 0, skipped: 0 };
  let next = 0;
  const worker = async () => {
    while (next < due.length && !options.signal?.aborted) {
      const userId = due[next++]!;
      const outcome = await digestUser(db, userId, now, cutoff, terms);
      // Skipped: another instance holds the user; no searches: it finished them a moment ago.
      if (outcome === "skipped") result.skipped++;
      else if (outcome.searches > 0) {
        result.users++;
        result.searches += outcome.searches;
        if (outcome.mailed) result.digests++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return result;
}

async function digestUser(db: Db, userId: string, now: Date, cutoff: Date, terms: Map<string, Promise<TermQuery>>) {
  return withTransaction(db, async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${LOCK_SPACE}, hashtext(${userId})) AS ok`));
    if (!lock?.ok) return "skipped" as const;
    // Re-read under the lock: what another instance finished (and committed) is no longer due.
    const due = rowsOf<DueRow & { active: boolean }>(
      await tx.execute(sql`
        SELECT s.id, s.name, s.params, s.frequency, s.watermark, u.active
          FROM saved_searches s JOIN users u ON u.id = s.user_id
         WHERE s.user_id = ${userId} AND s.paused = false AND s.next_due_at <= ${now.toISOString()}::timestamptz
         ORDER BY s.created_at, s.id
         FOR UPDATE OF s`),
    );
    if (due.length === 0) return { searches: 0, mailed: false };

    const parts: Array<NewMatchesPart & { row: DueRow }> = [];
    for (const row of due) {
      const since = new Date(row.watermark);
      const parsed = parseSearchParams(new URLSearchParams(row.params));
      // A search the current rules no longer accept (and an empty window) has nothing new.
      if (parsed.kind !== "ok" || since >= cutoff || !due[0]!.active) continue;
      const term = parsed.query.term ? await termOf(tx, parsed.query.term, terms) : null;
      if (term && !term.query) continue;
      parts.push({ query: parsed.query, term, since, until: cutoff, row });
    }
    const matches = parts.length > 0 ? rowsOf<MatchRow>(await tx.execute(newMatchesSql(parts, now, DIGEST_COUNT_CAP + 1))) : [];
    const sections: DigestSection[] = parts.flatMap((part, i) => {
      const found = matches.filter((m) => m.part === i);
      if (found.length === 0) return [];
      return [
        {
          savedSearchId: part.row.id,
          name: part.row.name,
          params: part.row.params,
          hits: found.slice(0, DIGEST_HITS_PER_SEARCH).map((m) => ({ kind: m.kind, id: m.docId, companyId: m.companyId, title: m.title, companyName: m.companyName })),
          more: Math.min(found.length, DIGEST_COUNT_CAP) - Math.min(found.length, DIGEST_HITS_PER_SEARCH),
        },
      ];
    });
    if (sections.length > 0) {
      await tx.execute(sql`INSERT INTO saved_search_digests (user_id, sections) VALUES (${userId}, ${JSON.stringify(sections)}::jsonb)`);
    }
    // The watermark never moves back (a search resumed after the cutoff keeps its later one).
    // Searches without anything new move too: their window was empty, nothing is skipped.
    const mailed = new Set(sections.map((s) => s.savedSearchId));
    const ids = due.map((r) => r.id);
    await tx.execute(sql`
      UPDATE saved_searches SET
        watermark = greatest(watermark, ${cutoff.toISOString()}::timestamptz),
        next_due_at = ${now.toISOString()}::timestamptz + make_interval(hours => CASE frequency WHEN 'WEEKLY' THEN ${NEXT_DUE_HOURS.WEEKLY}::int ELSE ${NEXT_DUE_HOURS.DAILY}::int END),
        last_digest_at = CASE WHEN id = ANY(${`{${[...mailed].join(",")}}`}::uuid[]) THEN now() ELSE last_digest_at END
      WHERE id = ANY(${`{${ids.join(",")}}`}::uuid[])`);
    return { searches: due.length, mailed: sections.length > 0 };
  });
}

function termOf(db: Db, term: string, cache: Map<string, Promise<TermQuery>>): Promise<TermQuery> {
  let found = cache.get(term);
  if (!found) {
    found = expandTerm(db, term);
    cache.set(term, found);
  }
  return found;
}

/** The digest mail in the recipient's language, with the one-click unsubscribe headers (RFC 2369, 8058). */
export function renderDigestMail(digest: { id: string; userId: string; sections: DigestSection[] }, to: string, locale: Locale, now: Date): OutgoingMail {
  const base = config.publicUrl;
  const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => translate(locale, key, values);
  const total = digest.sections.reduce((sum, s) => sum + s.hits.length + s.more, 0);
  const unsubscribeUrl = `${base}${href("savedSearchUnsubscribe", locale, { id: makeUnsubscribeToken(digest.userId, now) })}`;
  const manageUrl = `${base}${href("savedSearches", locale)}`;
  const searchUrl = (params: string) => `${base}${href("search", locale)}?${params}`;
  const hitUrl = (companyId: string) => `${base}${href("companyDetail", locale, { id: companyId })}`;
  const hitLabel = (h: DigestSection["hits"][number]) =>
    `${t(`mail.savedSearchDigest.kind.${h.kind}`)}: ${h.title}${h.kind === "COMPANY" ? "" : ` (${h.companyName})`}`;

  const text = [
    t("mail.greeting"),
    "",
    t("mail.savedSearchDigest.intro"),
    "",
    ...digest.sections.flatMap((s) => [
      `== ${s.name} ==`,
      ...s.hits.map((h) => `- ${hitLabel(h)}\n  ${hitUrl(h.companyId)}`),
      ...(s.more > 0 ? [t("mail.savedSearchDigest.more", { count: s.more })] : []),
      `${t("mail.savedSearchDigest.open")}: ${searchUrl(s.params)}`,
      "",
    ]),
    t("mail.signature"),
    "",
    "--",
    `${t("mail.savedSearchDigest.manage")}: ${manageUrl}`,
    `${t("mail.savedSearchDigest.unsubscribe")}: ${unsubscribeUrl}`,
  ].join("\n");

  const e = escapeHtml;
  const html = `<!doctype html><html lang="${locale === "de" ? "de-DE" : "cs-CZ"}"><body style="font-family:Arial,sans-serif;color:#1a1a1a;line-height:1.5">
<p>${e(t("mail.greeting"))}</p>
<p>${e(t("mail.savedSearchDigest.intro"))}</p>
${digest.sections
  .map(
    (s) => `<h2 style="font-size:18px;color:#1c4f8c">${e(s.name)}</h2>
<ul>${s.hits.map((h) => `<li><a href="${e(hitUrl(h.companyId))}">${e(hitLabel(h))}</a></li>`).join("")}</ul>
${s.more > 0 ? `<p>${e(t("mail.savedSearchDigest.more", { count: s.more }))}</p>` : ""}
<p><a href="${e(searchUrl(s.params))}">${e(t("mail.savedSearchDigest.open"))}</a></p>`,
  )
  .join("\n")}
<p>${e(t("mail.signature"))}</p>
<hr style="border:none;border-top:1px solid #ccc">
<p style="font-size:12px;color:#555"><a href="${e(manageUrl)}">${e(t("mail.savedSearchDigest.manage"))}</a> · <a href="${e(unsubscribeUrl)}">${e(t("mail.savedSearchDigest.unsubscribe"))}</a></p>
</body></html>`;

  const host = new URL(base).hostname || "partnernet.invalid";
  return {
    to,
    subject: t("mail.savedSearchDigest.subject", { count: total }),
    text,
    html,
    messageId: `<saved-search-digest-${digest.id}@${host}>`,
    list: { unsubscribe: { url: unsubscribeUrl, comment: t("mail.savedSearchDigest.unsubscribe") } },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * Mails the pending digests, one at a time: each row is claimed (FOR UPDATE SKIP LOCKED, so
 * instances share the work), delivered with its stable Message-ID and marked sent in the same
 * transaction. A crash between delivery and commit sends that one mail again, as the same
 * message. A failed delivery rolls back and throws: pg-boss retries the job later.
 */
export async function sendPendingDigests(
  db: Db,
  deliver: (mail: OutgoingMail) => Promise<void>,
  options: { now?: Date; deadline?: number; signal?: AbortSignal } = {},
): Promise<number> {
  let sent = 0;
  while (!options.signal?.aborted && (options.deadline === undefined || Date.now() < options.deadline)) {
    const done = await withTransaction(db, async (tx) => {
      const [row] = rowsOf<{ id: string; user_id: string; sections: DigestSection[] | string; email: string; locale: Locale; active: boolean }>(
        await tx.execute(sql`
          SELECT d.id, d.user_id, d.sections, u.email, u.locale, u.active
            FROM saved_search_digests d JOIN users u ON u.id = d.user_id
           WHERE d.status = 'PENDING'
           ORDER BY d.created_at, d.id LIMIT 1
           FOR UPDATE OF d SKIP LOCKED`),
      );
      if (!row) return false;
      // A person deactivated since the digest was written gets nothing.
      if (row.active) {
        const sections = typeof row.sections === "string" ? (JSON.parse(row.sections) as DigestSection[]) : row.sections;
        await deliver(renderDigestMail({ id: row.id, userId: row.user_id, sections }, row.email, row.locale, options.now ?? clock.now()));
        sent++;
      }
      await tx.execute(sql`UPDATE saved_search_digests SET status = 'SENT', sent_at = now() WHERE id = ${row.id}`);
      return true;
    });
    if (!done) break;
  }
  if (sent > 0) logger.info({ sent }, "saved-search digests sent");
  return sent;
}

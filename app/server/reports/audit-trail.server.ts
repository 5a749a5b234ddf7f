import { type SQL, sql } from "drizzle-orm";
import type { Locale } from "~/i18n/locales";
import { LOCALE_TAGS } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { EVENT_TIME_ZONE } from "~/schemas/berlin-time";
import { AUDIT_PAGE_SIZE, type AuditCursor, type AuditFilter } from "~/schemas/reports";
import type { Db } from "~/server/db/client.server";
import { rowsOf } from "~/server/db/client.server";
import type { AuditAction } from "~/server/db/schema";
import { csvDownloadResponse, pagedRows } from "~/server/downloads/table-download.server";
import { foldedPattern } from "~/server/news/list-managed.server";
import { type Actor, authorize } from "~/server/policy/policy";
import { reportPolicy } from "~/server/policy/report-policy";
import { describeAuditDetails, missingPersonLabel } from "./audit-details";
import { endOfDay, startOfDay } from "./period.server";

/**
 * The admins' view of the audit trail (issue 20, decision 036): newest first, filtered by action,
 * person (name or e-mail), company (its name; the entries carry the company's id in `details`) and
 * period, paged by keyset (time and id) so that a page deep in a large trail costs no more than the
 * first. The company of an entry is looked up by that id; a purged company keeps the name its entry
 * recorded.
 */
export interface AuditEntry {
  id: string;
  action: AuditAction;
  at: Date;
  /** The entry's time to the microsecond, for the page links. */
  cursor: AuditCursor;
  userId: string | null;
  personName: string | null;
  email: string | null;
  companyId: string | null;
  companyName: string | null;
  /** The company still exists and is not deleted: its page can be linked. */
  companyLinkable: boolean;
  details: Record<string, unknown> | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Where the next older page starts, or null on the last page. */
  older: AuditCursor | null;
  /** Where the next newer page starts, or null on the newest page. */
  newer: AuditCursor | null;
}

interface Row {
  id: string;
  action: AuditAction;
  created_at: Date | string;
  cursor_at: string;
  user_id: string | null;
  person_name: string | null;
  email: string | null;
  company_id: string | null;
  company_name: string | null;
  company_linkable: boolean;
  details: Record<string, unknown> | string | null;
}

function whereSql(filter: AuditFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.action) parts.push(sql`a.action = ${filter.action}`);
  if (filter.from) parts.push(sql`a.created_at >= ${startOfDay(filter.from).toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`a.created_at < ${endOfDay(filter.to).toISOString()}::timestamptz`);
  if (filter.person) {
    const pattern = foldedPattern(filter.person);
    // "IS NOT NULL" spelled out lets the planner use the partial index audit_trail_user_idx.
    parts.push(sql`a.user_id IS NOT NULL AND a.user_id IN (SELECT p.id FROM users p WHERE pn_norm(p.name) LIKE ${pattern} OR pn_norm(p.email) LIKE ${pattern})`);
  }
  if (filter.company) {
    const pattern = foldedPattern(filter.company);
    // Matches the indexed expression (audit_trail_company_idx); a purged company by its recorded name.
    parts.push(
      sql`a.details ? 'companyId' AND (a.details ->> 'companyId' IN (SELECT k.id::text FROM companies k WHERE pn_norm(k.name) LIKE ${pattern}) OR pn_norm(coalesce(a.details ->> 'name', '')) LIKE ${pattern})`,
    );
  }
  return sql.join(parts, sql` AND `);
}

const UUID_TEXT = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

async function fetchRows(db: Db, filter: AuditFilter, limit: number, direction: "older" | "newer", from: AuditCursor | null): Promise<Row[]> {
  const keyset = from
    ? direction === "older"
      ? sql`AND (a.created_at, a.id) < (${from.at}::timestamptz, ${from.id}::uuid)`
      : sql`AND (a.created_at, a.id) > (${from.at}::timestamptz, ${from.id}::uuid)`
    : sql``;
  const order = direction === "older" ? sql`a.created_at DESC, a.id DESC` : sql`a.created_at ASC, a.id ASC`;
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT a.id, a.action, a.created_at,
             to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
             a.user_id, u.name AS person_name, u.email,
             a.details ->> 'companyId' AS company_id,
             coalesce(c.name, a.details ->> 'name') AS company_name,
             (c.id IS NOT NULL AND c.deleted_at IS NULL) AS company_linkable,
             a.details
        FROM audit_trail a
        LEFT JOIN users u ON u.id = a.user_id
        LEFT JOIN companies c ON c.id = (CASE WHEN a.details ->> 'companyId' ~ ${UUID_TEXT} THEN (a.details ->> 'companyId')::uuid END)
       WHERE ${whereSql(filter)} ${keyset}
       ORDER BY ${order}
       LIMIT ${limit}`),
  );
}

function toEntry(row: Row): AuditEntry {
  const details = typeof row.details === "string" ? (JSON.parse(row.details) as Record<string, unknown>) : row.details;
  return {
    id: row.id,
    action: row.action,
    at: new Date(row.created_at),
    cursor: { at: row.cursor_at, id: row.id },
    userId: row.user_id,
    personName: row.person_name,
    email: row.email,
    companyId: row.company_id,
    companyName: row.company_name,
    companyLinkable: row.company_linkable === true,
    details,
  };
}

export async function listAuditTrail(db: Db, actor: Actor, filter: AuditFilter, pageSize = AUDIT_PAGE_SIZE): Promise<AuditPage> {
  authorize(actor, reportPolicy.canReadAuditTrail(actor));
  if (filter.after) {
    const rows = (await fetchRows(db, filter, pageSize + 1, "newer", filter.after)).map(toEntry);
    const hasNewer = rows.length > pageSize;
    const entries = rows.slice(0, pageSize).reverse();
    return { entries, newer: hasNewer ? entries[0]!.cursor : null, older: entries.at(-1)?.cursor ?? filter.after };
  }
  const rows = (await fetchRows(db, filter, pageSize + 1, "older", filter.before)).map(toEntry);
  const entries = rows.slice(0, pageSize);
  return {
    entries,
    older: rows.length > pageSize ? entries.at(-1)!.cursor : null,
    newer: filter.before ? (entries[0]?.cursor ?? filter.before) : null,
  };
}

/** The action's name in the reader's language. */
export const actionLabel = (locale: Locale, action: AuditAction) => translate(locale, `auditTrail.action.${action}`);

/** Entry time as the pages show it: the region's clock, with seconds. */
export function auditTimeFormat(locale: Locale): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "medium", timeZone: EVENT_TIME_ZONE });
}

const CSV_PAGE = 500;

/**
 * The whole filtered selection as CSV (the page's cursor does not limit it), streamed page by page.
 * Authorised before the response starts, so a refused download is an error, not an empty file.
 */
export function auditTrailCsv(db: Db, actor: Actor, filter: AuditFilter, locale: Locale): Response {
  authorize(actor, reportPolicy.canReadAuditTrail(actor));
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const time = auditTimeFormat(locale);
  const selection: AuditFilter = { ...filter, before: null, after: null };
  return csvDownloadResponse({
    fileName: `${t("auditTrail.csvFileName")}.csv`,
    header: [t("auditTrail.col.time"), t("auditTrail.col.action"), t("auditTrail.col.person"), t("auditTrail.col.email"), t("auditTrail.col.company"), t("auditTrail.col.details")],
    rows: pagedRows(
      async (after: AuditCursor | null) => (await fetchRows(db, selection, CSV_PAGE, "older", after)).map(toEntry),
      (entry) => entry.cursor,
      (entry) => [
        time.format(entry.at),
        actionLabel(locale, entry.action),
        entry.userId ? (entry.personName ?? "") : missingPersonLabel(locale, entry.action, entry.details),
        entry.email ?? "",
        entry.companyName ?? "",
        describeAuditDetails(locale, entry.action, entry.details),
      ],
    ),
  });
}

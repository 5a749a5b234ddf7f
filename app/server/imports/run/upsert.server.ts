import { randomUUID } from "node:crypto";
import { type SQL, and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { CandidateIdentifier, ImportProblem } from "~/schemas/imports";
import { type Db, rowsOf } from "~/server/db/client.server";
import { companies, companyAddresses, companyContacts, companyIdentifiers, companyNace, companyTags } from "~/server/db/schema";
import { queueCreatedLogos, queueUpdatedLogos } from "~/server/imports/logos/logos.server";
import { foldText, normalizePostalCode } from "~/server/reference/geocode.server";
import type { ResolvedAddress, ResolvedCompany } from "./resolve.server";

/**
 * Import fields a person can change on a profile; a person's edit adds the field to
 * `companies.curated_fields` and later imports leave it alone (decision 039).
 */
export const CURATED_FIELDS = ["name", "description", "website", "logo", "nace", "tags", "addresses", "email", "phone"] as const;
export type CuratedField = (typeof CURATED_FIELDS)[number];

/** What a run knows about its import while writing companies. */
export interface ImportWriteContext {
  importId: string;
  language: "de" | "cs";
  verify: boolean;
  /** The importing admin: creator of the profiles and the person who confirmed the contacts' consent. */
  importedBy: string | null;
  /** When the admin started the import (and confirmed the consent to publish the contacts). */
  consentAt: Date;
}

/** One row ready to be written: a resolved company, or a refusal (problems with an error). */
export interface WriteRow {
  rowNumber: number;
  cells: string[];
  company: ResolvedCompany | null;
  problems: ImportProblem[];
}

export interface WriteCounts {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

export interface Rejection {
  rowNumber: number;
  cells: string[];
  problems: ImportProblem[];
}

const identifierKey = (id: Pick<CandidateIdentifier, "kind" | "label" | "normalized">) => `${id.kind}|${id.kind === "OTHER" ? id.label.trim().toUpperCase() : ""}|${id.normalized}`;
const addressKey = (a: { country: string; postalCode: string; line1: string; city: string }) =>
  `${a.country}|${normalizePostalCode(a.postalCode)}|${foldText(a.line1)}|${foldText(a.city)}`;
const storedPostalCode = (a: ResolvedAddress) => a.postalCode.trim().replace(/\s+/g, a.country === "CZ" ? " " : "");

/** The batch's place in its run: the lease it must still hold and the progress it records. */
export interface BatchFrame {
  /** The lease owner (the run's uuid) and how long the renewed lease lasts. */
  owner: string;
  leaseMs: number;
  /** `rows_done` the import must still show (else another run wrote in between). */
  rowsDone: number;
  /** Data rows of the file this batch covers (rows_done grows by this) and the bytes read after it. */
  rows: number;
  bytesDone: number;
  /**
   * The batch before, when it is written at the same time in another transaction: `started`
   * settles once it holds its locks (this one takes none before), `done` once it committed and was
   * reported (this one commits only after that, and fails — rolling back — when it failed).
   */
  previous?: { started: Promise<unknown>; done: Promise<unknown> };
  /** Called once this batch holds its turn and identifier locks. */
  onStarted?: () => void;
}

/** The advisory lock a batch ending at `rowsDone` holds until it commits; the next batch waits for it. */
const turnKey = (importId: string, rowsDone: number) => `import-batch|${importId}|${rowsDone}`;

/** The import is no longer this run's (its lease ran out and another run took it): nothing was written. */
export class LeaseLostError extends Error {
  constructor() {
    super("IMPORT_LEASE_LOST");
    this.name = "LeaseLostError";
  }
}

/**
 * Writes one batch in the caller's transaction (decision 039): creates or updates the companies
 * (matched by identifier), records the refused rows, the counters and `rows_done`, and renews the
 * lease — throwing LeaseLostError, so the caller rolls back, when the run no longer holds the lease
 * or `rows_done` is not where this batch starts. Rows are taken in segments within which no
 * identifier and no matched company repeats, so a company the file names twice is created once
 * and then updated by its second row. Few round trips: the identifier locks and the search
 * deferral are one statement, a segment's look-up and its creates one each, the report, counters,
 * lease and search refresh the last one.
 *
 * Two batches of one run may be written at once (runner): the identifier locks serialise the
 * ones that share a company; the last statement's UPDATE of the import row waits for the batch
 * before to commit and then sees its rows_done, so batches commit in file order or not at all.
 */
export async function writeBatch(tx: Db, context: ImportWriteContext, frame: BatchFrame, rows: WriteRow[]): Promise<{ counts: WriteCounts; rejections: Rejection[] }> {
  const counts: WriteCounts = { created: 0, updated: 0, skipped: 0, failed: 0 };
  const rejections: Rejection[] = [];
  const pending: Array<WriteRow & { company: ResolvedCompany }> = [];
  for (const row of rows) {
    if (!row.company || row.problems.some((p) => p.severity === "error")) {
      rejections.push({ rowNumber: row.rowNumber, cells: row.cells, problems: row.problems.filter((p) => p.severity === "error") });
    } else pending.push(row as WriteRow & { company: ResolvedCompany });
  }
  // Two imports (or two instances, or two batches) must not both create a company for the same
  // identifier: a transaction-scoped lock per identifier of the batch, all taken in one statement in
  // a fixed order (no deadlock). The batch's turn lock (held until it commits) makes the next batch
  // of the run wait for this one before it touches existing rows or the import row. The search
  // triggers wait (migration 0020): each company this batch touches is refreshed once at its end,
  // not once per statement (companies, addresses, NACE, tags).
  // The batch before must hold its locks first: then it never waits for a lock this one holds.
  await frame.previous?.started;
  const keys = [...new Set(pending.flatMap((row) => row.company.identifiers.map(identifierKey)))].sort();
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(hashtextextended(${turnKey(context.importId, frame.rowsDone + frame.rows)}, 0)),
           set_config('pn.search_deferred', 'on', true),
           (SELECT count(pg_advisory_xact_lock(hashtextextended('import-identifier|' || k, 0)))
              FROM (SELECT k FROM json_array_elements_text(${JSON.stringify(keys)}::json) AS k ORDER BY k) AS ordered)`);
  frame.onStarted?.();
  // Waits (in the database, where a deadlock is seen) until the batch before committed or rolled back.
  let turn: Promise<unknown> | null = null;
  const waitTurn = () => (turn ??= tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtextextended(${turnKey(context.importId, frame.rowsDone)}, 0))`));

  const touched = new Set<string>();
  let start = 0;
  while (start < pending.length) {
    start += await writeSegment(tx, context, pending.slice(start), counts, rejections, touched, waitTurn);
  }
  counts.failed = rejections.length;
  await waitTurn();
  const rejected = rejections.map((r) => ({ n: r.rowNumber, p: r.problems, c: r.cells }));
  const [result] = rowsOf<{ held: number | string }>(
    await tx.execute(sql`
      WITH rejected AS (
        INSERT INTO company_import_rejections (import_id, row_number, problems, cells)
        SELECT ${context.importId}, n, p, c FROM json_to_recordset(${JSON.stringify(rejected)}::json) AS x(n integer, p jsonb, c jsonb)
        ON CONFLICT DO NOTHING),
      progress AS (
        UPDATE company_imports
           SET rows_done = rows_done + ${frame.rows}, bytes_done = ${Math.max(frame.bytesDone, 0)},
               lease_until = now() + ${`${frame.leaseMs} milliseconds`}::interval,
               created_count = created_count + ${counts.created}, updated_count = updated_count + ${counts.updated},
               skipped_count = skipped_count + ${counts.skipped}, failed_count = failed_count + ${counts.failed}
         WHERE id = ${context.importId} AND lease_owner = ${frame.owner} AND status = 'PROCESSING' AND rows_done = ${frame.rowsDone}
        RETURNING 1)
      SELECT (SELECT count(*) FROM progress) AS held,
             set_config('pn.search_deferred', 'off', true),
             (SELECT count(pn_search_refresh(id)) FROM (SELECT id::uuid AS id FROM json_array_elements_text(${JSON.stringify([...touched].sort())}::json) AS id ORDER BY 1) AS ordered)`),
  );
  if (Number(result?.held ?? 0) !== 1) throw new LeaseLostError();
  // The batch before has committed (its turn lock was free); the run must also have reported it:
  // when that failed, this one fails too and rolls back.
  await frame.previous?.done;
  return { counts, rejections };
}

/** Writes rows from the start of `rows` until one repeats an identifier or a company; returns how many it took. */
async function writeSegment(
  tx: Db,
  context: ImportWriteContext,
  rows: Array<WriteRow & { company: ResolvedCompany }>,
  counts: WriteCounts,
  rejections: Rejection[],
  touched: Set<string>,
  waitTurn: () => Promise<unknown>,
): Promise<number> {
  // The segment: no identifier twice (a company named twice is written by the next segment,
  // which then finds it).
  const seen = new Set<string>();
  let end = 0;
  for (; end < rows.length; end++) {
    const keys = rows[end]!.company.identifiers.map(identifierKey);
    if (keys.some((k) => seen.has(k))) break;
    for (const k of keys) seen.add(k);
  }
  if (end === 0) end = 1;
  let segment = rows.slice(0, end);
  // (The batch holds the advisory lock of every identifier in it: writeBatch.)

  const lookup = segment.flatMap((row) => row.company.identifiers.map((id) => ({ kind: id.kind, label: id.label, normalized: id.normalized })));
  const found = rowsOf<{ company_id: string; kind: string; label: string; normalized: string }>(
    await tx.execute(sql`
      SELECT DISTINCT ci.company_id, ci.kind, ci.label, ci.normalized
        FROM (SELECT x->>'kind' AS kind, x->>'label' AS label, x->>'normalized' AS normalized
                FROM json_array_elements(${JSON.stringify(lookup)}::json) AS x) AS wanted
        JOIN company_identifiers ci ON ci.kind = wanted.kind AND ci.normalized = wanted.normalized
                                   AND (ci.kind <> 'OTHER' OR upper(trim(ci.label)) = upper(trim(wanted.label)))
        JOIN companies c ON c.id = ci.company_id AND c.deleted_at IS NULL`),
  );
  const companiesByKey = new Map<string, Set<string>>();
  for (const f of found) {
    const key = identifierKey({ kind: f.kind as CandidateIdentifier["kind"], label: f.label, normalized: f.normalized });
    const set = companiesByKey.get(key) ?? new Set<string>();
    set.add(f.company_id);
    companiesByKey.set(key, set);
  }

  const creates: Array<WriteRow & { company: ResolvedCompany }> = [];
  const updates: Array<{ row: WriteRow & { company: ResolvedCompany }; companyId: string }> = [];
  const usedCompanies = new Set<string>();
  for (let i = 0; i < segment.length; i++) {
    const row = segment[i]!;
    const matched = new Set<string>();
    for (const id of row.company.identifiers) for (const c of companiesByKey.get(identifierKey(id)) ?? []) matched.add(c);
    if (matched.size > 1) {
      rejections.push({ rowNumber: row.rowNumber, cells: row.cells, problems: [{ code: "AMBIGUOUS_MATCH", severity: "error", column: null, field: "identifier" }] });
    } else if (matched.size === 1) {
      const companyId = [...matched][0]!;
      if (usedCompanies.has(companyId)) {
        // The same company through another identifier: the next segment sees this one's writes.
        segment = segment.slice(0, i);
        break;
      }
      usedCompanies.add(companyId);
      updates.push({ row, companyId });
    } else creates.push(row);
  }

  const created = await createCompanies(tx, context, creates);
  // Existing companies are locked only after the batch before committed: it may update them too.
  if (updates.length > 0) await waitTurn();
  // A company created PENDING has no search document (search_source lists VERIFIED companies
  // only): refreshing it would look for nothing. Created VERIFIED, it is indexed at the batch's end.
  if (context.verify) for (const id of created) touched.add(id);
  for (const { companyId } of updates) touched.add(companyId);
  counts.created += creates.length;
  const changed = await updateCompanies(tx, context, updates);
  counts.updated += changed;
  counts.skipped += updates.length - changed;
  return Math.max(segment.length, 1);
}

function addressRows(companyId: string, addresses: ResolvedAddress[], hasHeadquarters: boolean) {
  const sorted = [...addresses].sort((a, b) => a.group - b.group);
  return sorted.map((a, index) => ({
    companyId,
    kind: (!hasHeadquarters && index === 0 ? "HEADQUARTERS" : "LOCATION") as "HEADQUARTERS" | "LOCATION",
    country: a.country,
    state: a.state ?? "",
    line1: a.line1,
    line2: a.line2,
    postalCode: storedPostalCode(a),
    city: a.city,
    lat: a.lat,
    lon: a.lon,
    districtCode: a.districtCode,
    regionCode: a.regionCode,
  }));
}

async function createCompanies(tx: Db, context: ImportWriteContext, rows: Array<WriteRow & { company: ResolvedCompany }>): Promise<string[]> {
  if (rows.length === 0) return [];
  const now = new Date();
  const companyRows: Array<typeof companies.$inferInsert> = [];
  const addresses: Array<typeof companyAddresses.$inferInsert> = [];
  const nace: Array<typeof companyNace.$inferInsert> = [];
  const tagRows: Array<typeof companyTags.$inferInsert> = [];
  const identifiers: Array<typeof companyIdentifiers.$inferInsert> = [];
  const contacts: Array<typeof companyContacts.$inferInsert> = [];
  const logos: Array<{ companyId: string; url: string }> = [];
  for (const { company } of rows) {
    const id = randomUUID();
    // The logo itself is fetched later by its own job (decision 042); the batch only records the URL.
    if (company.logoUrl) logos.push({ companyId: id, url: company.logoUrl });
    const description = company.description ?? "";
    companyRows.push({
      id,
      name: company.name,
      descriptionDe: context.language === "de" ? description : "",
      descriptionCs: context.language === "cs" ? description : "",
      website: company.website ?? "",
      logoKey: null,
      status: context.verify ? "VERIFIED" : "PENDING",
      verifiedAt: context.verify ? now : null,
      origin: "IMPORTED",
      createdBy: context.importedBy,
      updatedBy: context.importedBy,
    });
    addresses.push(...addressRows(id, company.addresses, false));
    for (const naceCode of company.naceCodes) nace.push({ companyId: id, naceCode });
    for (const tagId of company.tagIds) tagRows.push({ companyId: id, tagId });
    const seenIds = new Set<string>();
    for (const identifier of company.identifiers) {
      const key = identifierKey(identifier);
      if (seenIds.has(key)) continue;
      seenIds.add(key);
      identifiers.push({ companyId: id, kind: identifier.kind, label: identifier.kind === "OTHER" ? identifier.label : "", value: identifier.value, normalized: identifier.normalized, importId: context.importId });
    }
    if (company.email || company.phone) {
      contacts.push({ companyId: id, function: "GENERAL", name: null, email: company.email ?? "", phone: company.phone ?? "", consentAt: context.consentAt, consentBy: context.importedBy });
    }
  }
  // One statement: the parts' foreign keys are checked at its end, when the companies exist.
  await insertRecords(tx, [
    ["companies", COMPANY_COLUMNS, companyRows],
    ["company_addresses", ADDRESS_COLUMNS, addresses],
    ["company_nace", NACE_COLUMNS, nace],
    ["company_tags", TAG_COLUMNS, tagRows],
    ["company_identifiers", IDENTIFIER_COLUMNS, identifiers],
    ["company_contacts", CONTACT_COLUMNS, contacts],
  ]);
  await queueCreatedLogos(tx, context.importId, logos);
  return companyRows.map((c) => c.id!);
}

/** A column written by `insertRecords`: the row object's key, the table's column, its SQL type. */
type Column = readonly [key: string, column: string, type: string];

const COMPANY_COLUMNS: Column[] = [
  ["id", "id", "uuid"],
  ["name", "name", "text"],
  ["descriptionDe", "description_de", "text"],
  ["descriptionCs", "description_cs", "text"],
  ["website", "website", "text"],
  ["logoKey", "logo_key", "text"],
  ["status", "status", "text"],
  ["verifiedAt", "verified_at", "timestamptz"],
  ["origin", "origin", "text"],
  ["createdBy", "created_by", "uuid"],
  ["updatedBy", "updated_by", "uuid"],
];
const ADDRESS_COLUMNS: Column[] = [
  ["companyId", "company_id", "uuid"],
  ["kind", "kind", "text"],
  ["country", "country", "text"],
  ["state", "state", "text"],
  ["line1", "line1", "text"],
  ["line2", "line2", "text"],
  ["postalCode", "postal_code", "text"],
  ["city", "city", "text"],
  ["lat", "lat", "double precision"],
  ["lon", "lon", "double precision"],
  ["districtCode", "district_code", "text"],
  ["regionCode", "region_code", "text"],
];
const NACE_COLUMNS: Column[] = [
  ["companyId", "company_id", "uuid"],
  ["naceCode", "nace_code", "text"],
];
const TAG_COLUMNS: Column[] = [
  ["companyId", "company_id", "uuid"],
  ["tagId", "tag_id", "uuid"],
];
const IDENTIFIER_COLUMNS: Column[] = [
  ["companyId", "company_id", "uuid"],
  ["kind", "kind", "text"],
  ["label", "label", "text"],
  ["value", "value", "text"],
  ["normalized", "normalized", "text"],
  ["importId", "import_id", "uuid"],
];
const CONTACT_COLUMNS: Column[] = [
  ["companyId", "company_id", "uuid"],
  ["function", "function", "text"],
  ["name", "name", "text"],
  ["email", "email", "text"],
  ["phone", "phone", "text"],
  ["consentAt", "consent_at", "timestamptz"],
  ["consentBy", "consent_by", "uuid"],
];

/**
 * The rows of one or more tables in ONE statement with ONE parameter per table: each table's rows
 * as a JSON array expanded by `json_to_recordset` (a data-modifying CTE per further table). Building
 * a multi-row insert with thousands of bind parameters cost the Node process more CPU than the
 * database spent on the rows, and every statement is a round trip (decision 039, "Speed"); the
 * columns left out take their defaults. Keys are the column's position (`c0`, … : shorter JSON);
 * table and column names are constants of this module.
 */
export async function insertRecords(tx: Db, tables: ReadonlyArray<readonly [table: string, columns: readonly Column[], rows: ReadonlyArray<Record<string, unknown>>]>): Promise<void> {
  const statements: SQL[] = [];
  for (const [table, columns, rows] of tables) {
    if (rows.length === 0) continue;
    // Objects of one shape: JSON.stringify's fast path (concatenating JSON text was 2–3 times slower).
    const keys = columns.map((_, i) => `c${i}`);
    const records = rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const value = row[columns[i]![0]];
        record[keys[i]!] = value instanceof Date ? value.toISOString() : (value ?? null);
      }
      return record;
    });
    const names = columns.map(([, column]) => `"${column}"`).join(", ");
    const fields = keys.join(", ");
    const definitions = columns.map(([, , type], i) => `c${i} ${type}`).join(", ");
    statements.push(sql`INSERT INTO ${sql.raw(`"${table}"`)} (${sql.raw(names)}) SELECT ${sql.raw(fields)} FROM json_to_recordset(${JSON.stringify(records)}::json) AS x(${sql.raw(definitions)})`);
  }
  if (statements.length === 0) return;
  const [last, ...before] = statements.reverse();
  if (before.length === 0) {
    await tx.execute(last!);
    return;
  }
  const ctes = before.reverse().map((statement, i) => sql`${sql.raw(`w${i}`)} AS (${statement})`);
  await tx.execute(sql`WITH ${sql.join(ctes, sql`, `)} ${last}`);
}

/** Updates matched companies: only fields that differ and no person has curated; returns how many changed. */
async function updateCompanies(tx: Db, context: ImportWriteContext, updates: Array<{ row: WriteRow & { company: ResolvedCompany }; companyId: string }>): Promise<number> {
  if (updates.length === 0) return 0;
  const ids = updates.map((u) => u.companyId);
  // Locked like a person's edit (lockCompany), so a concurrent edit and its curated_fields are seen whole.
  const current = await tx
    .select({ id: companies.id, name: companies.name, descriptionDe: companies.descriptionDe, descriptionCs: companies.descriptionCs, website: companies.website, curatedFields: companies.curatedFields })
    .from(companies)
    .where(inArray(companies.id, ids))
    .orderBy(companies.id)
    .for("no key update");
  const byId = new Map(current.map((c) => [c.id, c]));
  const naceRows = await tx.select().from(companyNace).where(inArray(companyNace.companyId, ids));
  const tagRows = await tx.select().from(companyTags).where(inArray(companyTags.companyId, ids));
  const addressRowsFound = await tx
    .select({ companyId: companyAddresses.companyId, kind: companyAddresses.kind, country: companyAddresses.country, postalCode: companyAddresses.postalCode, line1: companyAddresses.line1, city: companyAddresses.city })
    .from(companyAddresses)
    .where(inArray(companyAddresses.companyId, ids));
  const contactRows = await tx
    .select({ id: companyContacts.id, companyId: companyContacts.companyId, function: companyContacts.function, email: companyContacts.email, phone: companyContacts.phone })
    .from(companyContacts)
    .where(inArray(companyContacts.companyId, ids));
  const group = <R extends { companyId: string }>(rows: R[]) => {
    const map = new Map<string, R[]>();
    for (const r of rows) map.set(r.companyId, [...(map.get(r.companyId) ?? []), r]);
    return map;
  };
  const naceBy = group(naceRows);
  const tagsBy = group(tagRows);
  const addressesBy = group(addressRowsFound);
  const contactsBy = group(contactRows);

  const changedIds = new Set<string>();
  const newIdentifiers: Array<typeof companyIdentifiers.$inferInsert> = [];
  const newAddresses: Array<typeof companyAddresses.$inferInsert> = [];
  const logos: Array<{ companyId: string; url: string }> = [];
  const now = new Date();
  for (const { row, companyId } of updates) {
    const stored = byId.get(companyId);
    if (!stored) continue;
    const company = row.company;
    const curated = new Set(stored.curatedFields);
    const open = (field: CuratedField) => !curated.has(field);
    const set: Partial<typeof companies.$inferInsert> = {};
    if (open("name") && company.name && company.name !== stored.name) set.name = company.name;
    if (open("description") && company.description) {
      const column = context.language === "de" ? "descriptionDe" : "descriptionCs";
      if (stored[column] !== company.description) set[column] = company.description;
    }
    if (open("website") && company.website && company.website !== stored.website) set.website = company.website;
    if (Object.keys(set).length > 0) {
      await tx.update(companies).set(set).where(eq(companies.id, companyId));
      changedIds.add(companyId);
    }
    // A logo URL is queued for fetching (decision 042) where it differs from the current logo's;
    // the profile counts as changed only once the fetched logo is set.
    if (open("logo") && company.logoUrl) logos.push({ companyId, url: company.logoUrl });

    if (open("nace") && company.naceCodes.length > 0) {
      const have = new Set((naceBy.get(companyId) ?? []).map((r) => r.naceCode));
      if (have.size !== company.naceCodes.length || company.naceCodes.some((c) => !have.has(c))) {
        await tx.delete(companyNace).where(eq(companyNace.companyId, companyId));
        await tx.insert(companyNace).values(company.naceCodes.map((naceCode) => ({ companyId, naceCode })));
        changedIds.add(companyId);
      }
    }
    if (open("tags") && company.tagIds.length > 0) {
      const have = new Set((tagsBy.get(companyId) ?? []).map((r) => r.tagId));
      if (have.size !== company.tagIds.length || company.tagIds.some((t) => !have.has(t))) {
        await tx.delete(companyTags).where(eq(companyTags.companyId, companyId));
        await tx.insert(companyTags).values(company.tagIds.map((tagId) => ({ companyId, tagId })));
        changedIds.add(companyId);
      }
    }
    if (open("addresses") && company.addresses.length > 0) {
      // Addresses the profile lacks are added; none is removed (events and statistics refer to them).
      const have = addressesBy.get(companyId) ?? [];
      const known = new Set(have.map(addressKey));
      const missing = company.addresses.filter((a) => !known.has(addressKey({ ...a, postalCode: a.postalCode })));
      if (missing.length > 0) {
        newAddresses.push(...addressRows(companyId, missing, have.some((a) => a.kind === "HEADQUARTERS")));
        changedIds.add(companyId);
      }
    }
    const email = open("email") ? company.email : null;
    const phone = open("phone") ? company.phone : null;
    if (email || phone) {
      const contacts = contactsBy.get(companyId) ?? [];
      const general = contacts.find((c) => c.function === "GENERAL");
      if (!general) {
        await tx.insert(companyContacts).values({ companyId, function: "GENERAL", name: null, email: email ?? "", phone: phone ?? "", consentAt: context.consentAt, consentBy: context.importedBy });
        changedIds.add(companyId);
      } else if ((email && email !== general.email) || (phone && phone !== general.phone)) {
        await tx
          .update(companyContacts)
          .set({ ...(email ? { email } : {}), ...(phone ? { phone } : {}), consentAt: context.consentAt, consentBy: context.importedBy, updatedAt: now })
          .where(eq(companyContacts.id, general.id));
        changedIds.add(companyId);
      }
    }
    for (const identifier of company.identifiers) {
      newIdentifiers.push({ companyId, kind: identifier.kind, label: identifier.kind === "OTHER" ? identifier.label : "", value: identifier.value, normalized: identifier.normalized, importId: context.importId });
    }
  }
  await insertRecords(tx, [["company_addresses", ADDRESS_COLUMNS, newAddresses]]);
  await queueUpdatedLogos(tx, context.importId, logos);
  if (newIdentifiers.length > 0) {
    const added = await tx.insert(companyIdentifiers).values(newIdentifiers).onConflictDoNothing().returning({ companyId: companyIdentifiers.companyId });
    for (const a of added) changedIds.add(a.companyId);
  }
  const touched = [...changedIds];
  if (touched.length > 0) {
    // "Last change" of every profile the import changed; the origin stays (CURATED stays CURATED).
    await tx.update(companies).set({ updatedAt: now, updatedBy: context.importedBy }).where(and(inArray(companies.id, touched), isNull(companies.deletedAt)));
  }
  return changedIds.size;
}

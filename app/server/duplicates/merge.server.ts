import { sql } from "drizzle-orm";
import type { MergeImpact } from "~/schemas/duplicates";
import { recordAudit } from "~/server/audit.server";
import * as clock from "~/server/clock.server";
import { type Db, rowsOf, withTransaction } from "~/server/db/client.server";
import { AppError } from "~/server/errors";
import type { FileChanges } from "~/server/storage/file-commit.server";

/**
 * Merging a duplicate profile into the kept one (issue 21, decision 040). Before the duplicate is
 * deleted, everything that hangs on it moves to the kept profile, so that no account,
 * registration, wish list or history is lost. Every foreign key to `companies` is handled here —
 * `MERGE_HANDLED_REFERENCES` names them all, and a test compares it with the database's
 * information_schema so that a new table cannot be forgotten.
 */

/** How a merge treats each column that references companies(id) ("table.column"). */
export const MERGE_HANDLED_REFERENCES: Record<string, string> = {
  "company_user_links.company_id": "moved; a user linked to both keeps one link with the better status",
  "company_contacts.company_id": "moved; a contact with the same e-mail and function is not doubled",
  "company_addresses.company_id": "moved as further locations (headquarters only if the kept one has none); an identical address is not doubled",
  "company_services.company_id": "moved (ads)",
  "company_challenges.company_id": "moved (error reports)",
  "company_tags.company_id": "union",
  "company_nace.company_id": "union",
  "company_identifiers.company_id": "moved; identical identifiers are not doubled",
  "events.company_id": "moved (the kept company organises them)",
  "event_organizers.company_id": "moved; dropped where the kept company organises the event already",
  "event_registrations.company_id": "moved",
  "news.company_id": "moved",
  "b2b_preference_lists.company_id": "moved; where both submitted for one event, the kept company's list stands",
  "b2b_preferences.company_id": "moved behind the kept company's own wishes; no partner twice, no self-reference",
  "b2b_preferences.partner_company_id": "re-pointed to the kept company; no partner twice, no self-reference",
  "b2b_absences.company_id": "moved (decision 059); where both were marked absent for one event, the kept company's mark stands",
  "b2b_meetings.company_a": "re-pointed; a meeting of the two merged companies with each other is dropped",
  "b2b_meetings.company_b": "re-pointed; a meeting of the two merged companies with each other is dropped",
  "invoices.sender_company_id": "re-pointed (the number sequence stays the issued one)",
  "invoices.recipient_company_id": "re-pointed",
  "search_documents.company_id": "derived by triggers: refreshed for the kept company, cascade-deleted for the merged-away one",
  "ad_match_docs.company_id": "derived from search_documents by a trigger (decision 060): follows its refresh for the kept company and its cascade for the merged-away one",
  "company_registration_grants.company_id":
    "moved (decision 063): the merged-away profile's live grants become the kept one's, unless it grants the same organisation already or would grant itself; revoked ones stay as history",
  "company_registration_grants.grantee_company_id":
    "re-pointed (decision 063): grants to the merged-away organisation go to the kept one, unless the granting company grants it already or is the kept one itself",
  "company_duplicate_pairs.company_a": "cascade: the merged-away profile's pairs go with it",
  "company_duplicate_pairs.company_b": "cascade: the merged-away profile's pairs go with it",
  "company_translation_jobs.company_id": "cascade: a translation job of the merged-away description has nothing left to write into (the kept profile's own jobs stay)",
  "company_logo_fetches.company_id":
    "moved (decision 042): finished fetches as the logo's history; a waiting one only if the kept profile has neither a logo nor a waiting fetch of its own, else dropped",
};

interface Locked {
  id: string;
  name: string;
  deleted: boolean;
  website: string;
  descriptionDe: string;
  descriptionCs: string;
  logoKey: string | null;
}

const n = (value: unknown) => Number(value ?? 0);

/** What moving `drop` onto `keep` carries over (counts per kind, and the linked accounts by name). */
export async function mergeImpact(db: Db, keep: string, drop: string): Promise<MergeImpact> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT
      (SELECT count(*) FROM company_user_links WHERE company_id = ${drop}) AS accounts,
      (SELECT count(*) FROM company_contacts WHERE company_id = ${drop}) AS contacts,
      (SELECT count(*) FROM company_addresses WHERE company_id = ${drop}) AS addresses,
      (SELECT count(*) FROM company_services WHERE company_id = ${drop}) AS ads,
      (SELECT count(*) FROM event_registrations WHERE company_id = ${drop}) AS registrations,
      (SELECT count(*) FROM b2b_preference_lists WHERE company_id = ${drop}) AS wish_lists,
      (SELECT count(*) FROM events WHERE company_id = ${drop}) + (SELECT count(*) FROM event_organizers WHERE company_id = ${drop}) AS events,
      (SELECT count(*) FROM news WHERE company_id = ${drop}) AS news,
      (SELECT count(*) FROM company_identifiers WHERE company_id = ${drop}) AS identifiers,
      (SELECT count(*) FROM company_tags t WHERE t.company_id = ${drop} AND NOT EXISTS (SELECT 1 FROM company_tags k WHERE k.company_id = ${keep} AND k.tag_id = t.tag_id)) AS tags,
      (SELECT count(*) FROM company_nace t WHERE t.company_id = ${drop} AND NOT EXISTS (SELECT 1 FROM company_nace k WHERE k.company_id = ${keep} AND k.nace_code = t.nace_code)) AS nace,
      (SELECT count(*) FROM invoices WHERE sender_company_id = ${drop} OR recipient_company_id = ${drop}) AS invoices,
      (SELECT count(*) FROM company_challenges WHERE company_id = ${drop}) AS challenges`),
  );
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT u.name FROM company_user_links l JOIN users u ON u.id = l.user_id WHERE l.company_id = ${drop} ORDER BY u.name`),
  );
  return {
    accounts: n(row?.accounts),
    accountNames: names.map((r) => r.name),
    contacts: n(row?.contacts),
    addresses: n(row?.addresses),
    ads: n(row?.ads),
    registrations: n(row?.registrations),
    wishLists: n(row?.wish_lists),
    events: n(row?.events),
    news: n(row?.news),
    identifiers: n(row?.identifiers),
    tags: n(row?.tags),
    nace: n(row?.nace),
    invoices: n(row?.invoices),
    challenges: n(row?.challenges),
  };
}

/**
 * Locks both companies (FOR UPDATE, in id order: two merges sharing a company never deadlock)
 * and checks that both still exist and are not deleted.
 */
export async function lockPair(tx: Db, a: string, b: string): Promise<Map<string, Locked>> {
  const rows = rowsOf<{ id: string; name: string; deleted_at: unknown; website: string; description_de: string; description_cs: string; logo_key: string | null }>(
    await tx.execute(sql`SELECT id, name, deleted_at, website, description_de, description_cs, logo_key FROM companies
      WHERE id IN (${a}, ${b}) ORDER BY id FOR UPDATE`),
  );
  const map = new Map<string, Locked>();
  for (const r of rows) {
    map.set(r.id, {
      id: r.id,
      name: r.name,
      deleted: r.deleted_at !== null,
      website: r.website,
      descriptionDe: r.description_de,
      descriptionCs: r.description_cs,
      logoKey: r.logo_key,
    });
  }
  return map;
}

/**
 * Moves everything of `drop` onto `keep` and deletes `drop` for good, inside the caller's
 * transaction, which holds both rows locked (lockPair). Returns what moved.
 */
export async function mergeInto(tx: Db, actorId: string, keep: Locked, drop: Locked, files: FileChanges, now = clock.now()): Promise<MergeImpact> {
  const K = keep.id;
  const D = drop.id;
  const impact = await mergeImpact(tx, K, D);

  // Linked accounts: a user linked to both keeps the kept company's link, with the better status.
  await tx.execute(sql`UPDATE company_user_links k SET status = d.status, decided_by = d.decided_by, decided_at = d.decided_at
    FROM company_user_links d
    WHERE k.company_id = ${K} AND d.company_id = ${D} AND d.user_id = k.user_id
      AND (CASE d.status WHEN 'CONFIRMED' THEN 3 WHEN 'REQUESTED' THEN 2 ELSE 1 END) > (CASE k.status WHEN 'CONFIRMED' THEN 3 WHEN 'REQUESTED' THEN 2 ELSE 1 END)`);
  await tx.execute(sql`DELETE FROM company_user_links d USING company_user_links k WHERE d.company_id = ${D} AND k.company_id = ${K} AND k.user_id = d.user_id`);
  await tx.execute(sql`UPDATE company_user_links SET company_id = ${K} WHERE company_id = ${D}`);

  // Contacts (not doubled), addresses (the kept headquarters stays the headquarters).
  await tx.execute(sql`DELETE FROM company_contacts d USING company_contacts k
    WHERE d.company_id = ${D} AND k.company_id = ${K} AND lower(k.email) = lower(d.email) AND k.function = d.function`);
  await tx.execute(sql`UPDATE company_contacts SET company_id = ${K} WHERE company_id = ${D}`);
  await tx.execute(sql`DELETE FROM company_addresses d USING company_addresses k
    WHERE d.company_id = ${D} AND k.company_id = ${K} AND k.country = d.country AND k.postal_code = d.postal_code AND lower(k.line1) = lower(d.line1)`);
  await tx.execute(sql`UPDATE company_addresses SET kind = 'LOCATION', updated_at = ${now}
    WHERE company_id = ${D} AND kind = 'HEADQUARTERS' AND EXISTS (SELECT 1 FROM company_addresses WHERE company_id = ${K} AND kind = 'HEADQUARTERS')`);
  await tx.execute(sql`UPDATE company_addresses SET company_id = ${K}, updated_at = ${now} WHERE company_id = ${D}`);

  // Ads, error reports, registrations, news.
  for (const table of ["company_services", "company_challenges", "event_registrations", "news"] as const) {
    await tx.execute(sql`UPDATE ${sql.identifier(table)} SET company_id = ${K} WHERE company_id = ${D}`);
  }

  // Events it organised: the kept company organises them; co-organiser entries not doubled.
  await tx.execute(sql`UPDATE events SET company_id = ${K} WHERE company_id = ${D}`);
  await tx.execute(sql`DELETE FROM event_organizers o WHERE o.company_id IN (${K}, ${D})
    AND (EXISTS (SELECT 1 FROM events e WHERE e.id = o.event_id AND e.company_id = ${K})
         OR (o.company_id = ${D} AND EXISTS (SELECT 1 FROM event_organizers k WHERE k.event_id = o.event_id AND k.company_id = ${K})))`);
  await tx.execute(sql`UPDATE event_organizers SET company_id = ${K} WHERE company_id = ${D}`);

  // B2B wish lists: the kept company's own list stands where both submitted one.
  await tx.execute(sql`DELETE FROM b2b_preference_lists d USING b2b_preference_lists k
    WHERE d.company_id = ${D} AND k.company_id = ${K} AND k.event_id = d.event_id`);
  await tx.execute(sql`UPDATE b2b_preference_lists SET company_id = ${K} WHERE company_id = ${D}`);
  // Event-day absence marks (decision 059): one per event and company.
  await tx.execute(sql`DELETE FROM b2b_absences d USING b2b_absences k WHERE d.company_id = ${D} AND k.company_id = ${K} AND k.event_id = d.event_id`);
  await tx.execute(sql`UPDATE b2b_absences SET company_id = ${K} WHERE company_id = ${D}`);
  // "May register us for events" grants (decision 063): at most one live grant per pair, none to
  // oneself. A live grant that would double one or point to itself is revoked (kept as history).
  await tx.execute(sql`UPDATE company_registration_grants SET revoked_at = now()
    WHERE revoked_at IS NULL AND ((company_id = ${D} AND grantee_company_id = ${K}) OR (company_id = ${K} AND grantee_company_id = ${D}))`);
  await tx.execute(sql`UPDATE company_registration_grants d SET revoked_at = now() FROM company_registration_grants k
    WHERE d.revoked_at IS NULL AND k.revoked_at IS NULL AND d.id <> k.id
      AND ((d.company_id = ${D} AND k.company_id = ${K} AND k.grantee_company_id = d.grantee_company_id)
        OR (d.grantee_company_id = ${D} AND k.grantee_company_id = ${K} AND k.company_id = d.company_id))`);
  await tx.execute(sql`UPDATE company_registration_grants SET company_id = ${K} WHERE company_id = ${D}`);
  await tx.execute(sql`UPDATE company_registration_grants SET grantee_company_id = ${K} WHERE grantee_company_id = ${D}`);
  // Wishes naming the other one of the two would become self-references.
  await tx.execute(sql`DELETE FROM b2b_preferences WHERE (company_id = ${K} AND partner_company_id = ${D}) OR (company_id = ${D} AND partner_company_id = ${K})`);
  // The duplicate's own wishes follow the kept company's, in their order; a partner named by both once.
  await tx.execute(sql`DELETE FROM b2b_preferences d USING b2b_preferences k
    WHERE d.company_id = ${D} AND k.company_id = ${K} AND k.event_id = d.event_id AND k.partner_company_id = d.partner_company_id`);
  await tx.execute(sql`UPDATE b2b_preferences p SET company_id = ${K},
      rank = CASE WHEN p.rank IS NULL THEN NULL ELSE p.rank + coalesce((SELECT max(k.rank) FROM b2b_preferences k WHERE k.event_id = p.event_id AND k.company_id = ${K}), 0) END
    WHERE p.company_id = ${D}`);
  // Others' wishes naming the duplicate name the kept company — once: a list naming both keeps one
  // entry for the kept company, at the better of the two ranks.
  const both = rowsOf<{ event_id: string; company_id: string; d_rank: number | null; k_rank: number | null }>(
    await tx.execute(sql`SELECT d.event_id, d.company_id, d.rank AS d_rank, k.rank AS k_rank FROM b2b_preferences d
      JOIN b2b_preferences k ON k.event_id = d.event_id AND k.company_id = d.company_id AND k.partner_company_id = ${K}
      WHERE d.partner_company_id = ${D}`),
  );
  for (const row of both) {
    await tx.execute(sql`DELETE FROM b2b_preferences WHERE event_id = ${row.event_id} AND company_id = ${row.company_id} AND partner_company_id = ${D}`);
    if (row.d_rank !== null && row.k_rank !== null && row.d_rank < row.k_rank) {
      await tx.execute(sql`UPDATE b2b_preferences SET rank = ${row.d_rank} WHERE event_id = ${row.event_id} AND company_id = ${row.company_id} AND partner_company_id = ${K}`);
    }
  }
  await tx.execute(sql`UPDATE b2b_preferences SET partner_company_id = ${K} WHERE partner_company_id = ${D}`);
  // Meeting plans: a meeting of the two with each other is dropped, the others name the kept company.
  await tx.execute(sql`DELETE FROM b2b_meetings WHERE (company_a = ${K} AND company_b = ${D}) OR (company_a = ${D} AND company_b = ${K})`);
  await tx.execute(sql`UPDATE b2b_meetings SET company_a = ${K} WHERE company_a = ${D}`);
  await tx.execute(sql`UPDATE b2b_meetings SET company_b = ${K} WHERE company_b = ${D}`);

  // Invoices sent or received keep their company (the issued documents live from their snapshot).
  await tx.execute(sql`UPDATE invoices SET sender_company_id = ${K} WHERE sender_company_id = ${D}`);
  await tx.execute(sql`UPDATE invoices SET recipient_company_id = ${K} WHERE recipient_company_id = ${D}`);

  // Identifiers (not doubled), tags and industries (union).
  await tx.execute(sql`DELETE FROM company_identifiers d USING company_identifiers k
    WHERE d.company_id = ${D} AND k.company_id = ${K} AND k.kind = d.kind AND k.label = d.label AND k.normalized = d.normalized`);
  await tx.execute(sql`UPDATE company_identifiers SET company_id = ${K} WHERE company_id = ${D}`);
  await tx.execute(sql`INSERT INTO company_tags (company_id, tag_id) SELECT ${K}, tag_id FROM company_tags WHERE company_id = ${D} ON CONFLICT DO NOTHING`);
  await tx.execute(sql`INSERT INTO company_nace (company_id, nace_code) SELECT ${K}, nace_code FROM company_nace WHERE company_id = ${D} ON CONFLICT DO NOTHING`);

  // Imported logos (decision 042): the history moves; a waiting fetch of the duplicate only where
  // the kept profile has no logo and no waiting fetch (at most one waits per company). A worker
  // holding the row finds it moved and sets the logo on the kept profile.
  await tx.execute(sql`DELETE FROM company_logo_fetches d WHERE d.company_id = ${D} AND d.state = 'QUEUED'
    AND (${keep.logoKey !== null}::boolean OR EXISTS (SELECT 1 FROM company_logo_fetches k WHERE k.company_id = ${K} AND k.state = 'QUEUED'))`);
  await tx.execute(sql`UPDATE company_logo_fetches SET company_id = ${K}, updated_at = ${now} WHERE company_id = ${D}`);

  // Profile fields the kept one lacks are taken over (website, descriptions, logo).
  const adoptLogo = !keep.logoKey && !!drop.logoKey;
  await tx.execute(sql`UPDATE companies SET
      website = CASE WHEN website = '' THEN ${drop.website} ELSE website END,
      description_de = CASE WHEN description_de = '' THEN ${drop.descriptionDe} ELSE description_de END,
      description_cs = CASE WHEN description_cs = '' THEN ${drop.descriptionCs} ELSE description_cs END,
      logo_key = coalesce(logo_key, ${adoptLogo ? drop.logoKey : null}),
      updated_at = ${now}, updated_by = ${actorId}
    WHERE id = ${K}`);
  if (!adoptLogo && drop.logoKey) {
    const [used] = rowsOf<{ one: number }>(await tx.execute(sql`SELECT 1 AS one FROM invoices WHERE logo_key = ${drop.logoKey} LIMIT 1`));
    if (!used) files.retire(drop.logoKey);
  }

  // Irreversible (spec §4): the merged-away profile goes for good; what is left of it (its pairs,
  // doubled rows, search rows) cascades.
  await tx.execute(sql`DELETE FROM companies WHERE id = ${D}`);
  await recordAudit(tx, "UPDATED_COMPANY_PROFILE", actorId, {
    companyId: K,
    part: "merged",
    mergedCompanyId: D,
    mergedName: drop.name,
    moved: { ...impact, accountNames: undefined },
  });
  return impact;
}

/** Runs a merge in its own transaction (tests, scripts); the page goes through resolution.server.ts. */
export function mergeCompanies(db: Db, actorId: string, keepId: string, dropId: string, files: FileChanges): Promise<MergeImpact> {
  return withTransaction(db, async (tx) => {
    const locked = await lockPair(tx, keepId, dropId);
    const keep = locked.get(keepId);
    const drop = locked.get(dropId);
    if (!keep || !drop || keep.deleted || drop.deleted) throw new AppError("DUPLICATE_COMPANY_GONE");
    return mergeInto(tx, actorId, keep, drop, files);
  });
}

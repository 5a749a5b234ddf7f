-- Search refresh per document (issue item 3, decision 011). Until now every write to a company,
-- its addresses, NACE codes, tags or ads deleted and re-inserted all of the company's search rows
-- from a row trigger: two writes at once collided on search_documents_pkey or deadlocked, and an
-- ad write cost grew with the company's number of ads. Now:
-- - an ad write refreshes only that ad's row (upsert, or delete when it no longer qualifies);
-- - company-level changes upsert the company's rows, skip the unchanged ones and delete those that
--   left the source (no delete-and-reinsert, so no duplicate keys);
-- - every refresh first locks the company row (FOR NO KEY UPDATE, the lock an UPDATE of the
--   company takes anyway), so refreshes of one company serialise and each reads what the one
--   before it committed; several companies are locked in id order;
-- - statement-level triggers with transition tables refresh each company once per statement,
--   not once per row, and a company UPDATE that changes no searchable column refreshes nothing;
-- - search words are inserted in sorted order, so two transactions adding overlapping words
--   wait for each other instead of deadlocking.

-- Locks the companies' rows in id order (a row deleted by this transaction is skipped).
CREATE FUNCTION pn_search_lock(cids uuid[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM 1 FROM companies WHERE id = ANY(cids) ORDER BY id FOR NO KEY UPDATE;
  END
  $$;
--> statement-breakpoint
-- The words of the given documents, in sorted order (see the header).
CREATE FUNCTION pn_search_add_words(ids uuid[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM search_documents d, unnest(tsvector_to_array(d.tsv)) w
      WHERE d.doc_id = ANY(ids) AND length(w) >= 3
      ORDER BY w
      ON CONFLICT DO NOTHING;
  END
  $$;
--> statement-breakpoint
-- A whole company: its own row and the denormalised company fields of its ads.
CREATE OR REPLACE FUNCTION pn_search_refresh(cid uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    changed uuid[];
  BEGIN
    PERFORM pn_search_lock(ARRAY[cid]);
    WITH src AS MATERIALIZED (SELECT * FROM search_source WHERE company_id = cid),
    gone AS (
      DELETE FROM search_documents d
      WHERE d.company_id = cid AND NOT EXISTS (SELECT 1 FROM src WHERE src.doc_id = d.doc_id)
    ),
    upserted AS (
      INSERT INTO search_documents AS d (doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at)
        SELECT doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at FROM src
      ON CONFLICT (doc_id) DO UPDATE SET
        kind = EXCLUDED.kind, company_id = EXCLUDED.company_id, title = EXCLUDED.title, tsv = EXCLUDED.tsv,
        tag_ids = EXCLUDED.tag_ids, nace_codes = EXCLUDED.nace_codes, country = EXCLUDED.country, lat = EXCLUDED.lat,
        lon = EXCLUDED.lon, valid_until = EXCLUDED.valid_until, created_at = EXCLUDED.created_at
      WHERE (d.kind, d.company_id, d.title, d.tsv, d.tag_ids, d.nace_codes, d.country, d.lat, d.lon, d.valid_until, d.created_at)
        IS DISTINCT FROM (EXCLUDED.kind, EXCLUDED.company_id, EXCLUDED.title, EXCLUDED.tsv, EXCLUDED.tag_ids, EXCLUDED.nace_codes,
          EXCLUDED.country, EXCLUDED.lat, EXCLUDED.lon, EXCLUDED.valid_until, EXCLUDED.created_at)
      RETURNING d.doc_id
    )
    SELECT coalesce(array_agg(doc_id), '{}') INTO changed FROM upserted;
    IF cardinality(changed) > 0 THEN PERFORM pn_search_add_words(changed); END IF;
  END
  $$;
--> statement-breakpoint
-- Single ads: only their own rows, whatever the number of ads of the company.
CREATE FUNCTION pn_search_refresh_ads(cids uuid[], ids uuid[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    changed uuid[];
  BEGIN
    PERFORM pn_search_lock(cids);
    WITH src AS MATERIALIZED (SELECT * FROM search_source WHERE doc_id = ANY(ids) AND kind <> 'COMPANY'),
    gone AS (
      DELETE FROM search_documents d
      WHERE d.doc_id = ANY(ids) AND d.kind <> 'COMPANY' AND NOT EXISTS (SELECT 1 FROM src WHERE src.doc_id = d.doc_id)
    ),
    upserted AS (
      INSERT INTO search_documents AS d (doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at)
        SELECT doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at FROM src
      ON CONFLICT (doc_id) DO UPDATE SET
        kind = EXCLUDED.kind, company_id = EXCLUDED.company_id, title = EXCLUDED.title, tsv = EXCLUDED.tsv,
        tag_ids = EXCLUDED.tag_ids, nace_codes = EXCLUDED.nace_codes, country = EXCLUDED.country, lat = EXCLUDED.lat,
        lon = EXCLUDED.lon, valid_until = EXCLUDED.valid_until, created_at = EXCLUDED.created_at
      WHERE (d.kind, d.company_id, d.title, d.tsv, d.tag_ids, d.nace_codes, d.country, d.lat, d.lon, d.valid_until, d.created_at)
        IS DISTINCT FROM (EXCLUDED.kind, EXCLUDED.company_id, EXCLUDED.title, EXCLUDED.tsv, EXCLUDED.tag_ids, EXCLUDED.nace_codes,
          EXCLUDED.country, EXCLUDED.lat, EXCLUDED.lon, EXCLUDED.valid_until, EXCLUDED.created_at)
      RETURNING d.doc_id
    )
    SELECT coalesce(array_agg(doc_id), '{}') INTO changed FROM upserted;
    IF cardinality(changed) > 0 THEN PERFORM pn_search_add_words(changed); END IF;
  END
  $$;
--> statement-breakpoint
-- companies: insert and delete refresh the company; an update only when a searchable column changed
-- (recordCompanyUpdate bumps updated_at on every edit).
CREATE FUNCTION pn_search_on_companies() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    cid uuid;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      FOR cid IN SELECT id FROM new_rows ORDER BY id LOOP PERFORM pn_search_refresh(cid); END LOOP;
    ELSIF TG_OP = 'DELETE' THEN
      FOR cid IN SELECT id FROM old_rows ORDER BY id LOOP PERFORM pn_search_refresh(cid); END LOOP;
    ELSE
      FOR cid IN
        SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.name, n.description_de, n.description_cs, n.status, n.created_at)
          IS DISTINCT FROM (o.name, o.description_de, o.description_cs, o.status, o.created_at)
        ORDER BY n.id
      LOOP PERFORM pn_search_refresh(cid); END LOOP;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- Addresses, NACE codes and tags of a company: each company touched by the statement, once.
CREATE FUNCTION pn_search_on_company_parts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    cid uuid;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      FOR cid IN SELECT DISTINCT company_id FROM new_rows ORDER BY 1 LOOP PERFORM pn_search_refresh(cid); END LOOP;
    ELSIF TG_OP = 'DELETE' THEN
      FOR cid IN SELECT DISTINCT company_id FROM old_rows ORDER BY 1 LOOP PERFORM pn_search_refresh(cid); END LOOP;
    ELSE
      FOR cid IN SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows ORDER BY 1 LOOP
        PERFORM pn_search_refresh(cid);
      END LOOP;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- Ads: only the ads touched by the statement (an update only when a searchable column changed).
CREATE FUNCTION pn_search_on_services() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    cids uuid[];
    ids uuid[];
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT company_id), array_agg(id) INTO cids, ids FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT company_id), array_agg(id) INTO cids, ids FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT c), array_agg(DISTINCT i) INTO cids, ids FROM (
        SELECT unnest(ARRAY[n.company_id, o.company_id]) c, n.id i FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.company_id, n.type, n.title, n.description, n.keywords, n.valid_until, n.active, n.created_at)
          IS DISTINCT FROM (o.company_id, o.type, o.title, o.description, o.keywords, o.valid_until, o.active, o.created_at)
      ) changed;
    END IF;
    IF ids IS NOT NULL THEN PERFORM pn_search_refresh_ads(cids, ids); END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- A relabelled tag: the companies using it, in id order.
CREATE OR REPLACE FUNCTION pn_search_refresh_tag() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    cid uuid;
  BEGIN
    FOR cid IN SELECT company_id FROM company_tags WHERE tag_id = NEW.id ORDER BY 1 LOOP PERFORM pn_search_refresh(cid); END LOOP;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
DROP TRIGGER search_refresh ON companies;--> statement-breakpoint
DROP TRIGGER search_refresh ON company_addresses;--> statement-breakpoint
DROP TRIGGER search_refresh ON company_nace;--> statement-breakpoint
DROP TRIGGER search_refresh ON company_tags;--> statement-breakpoint
DROP TRIGGER search_refresh ON company_services;--> statement-breakpoint
DROP FUNCTION pn_search_refresh_row();--> statement-breakpoint
CREATE TRIGGER search_refresh_insert AFTER INSERT ON companies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_companies();--> statement-breakpoint
CREATE TRIGGER search_refresh_update AFTER UPDATE ON companies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_companies();--> statement-breakpoint
CREATE TRIGGER search_refresh_delete AFTER DELETE ON companies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_companies();--> statement-breakpoint
CREATE TRIGGER search_refresh_insert AFTER INSERT ON company_addresses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_company_parts();--> statement-breakpoint
CREATE TRIGGER search_refresh_update AFTER UPDATE ON company_addresses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_company_parts();--> statement-breakpoint
CREATE TRIGGER search_refresh_delete AFTER DELETE ON company_addresses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_company_parts();--> statement-breakpoint
CREATE TRIGGER search_refresh_insert AFTER INSERT ON company_nace REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_company_parts();--> statement-breakpoint
CREATE TRIGGER search_refresh_update AFTER UPDATE ON company_nace REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_company_parts();--> statement-breakpoint
CREATE TRIGGER search_refresh_delete AFTER DELETE ON company_nace REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_company_parts();--> statement-breakpoint
CREATE TRIGGER search_refresh_insert AFTER INSERT ON company_tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_company_parts();--> statement-breakpoint
CREATE TRIGGER search_refresh_update AFTER UPDATE ON company_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_company_parts();--> statement-breakpoint
CREATE TRIGGER search_refresh_delete AFTER DELETE ON company_tags REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_company_parts();--> statement-breakpoint
CREATE TRIGGER search_refresh_insert AFTER INSERT ON company_services REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_services();--> statement-breakpoint
CREATE TRIGGER search_refresh_update AFTER UPDATE ON company_services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_services();--> statement-breakpoint
CREATE TRIGGER search_refresh_delete AFTER DELETE ON company_services REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pn_search_on_services();

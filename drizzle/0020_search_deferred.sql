-- Hand-written (decision 039): the search triggers of companies and their parts do nothing in a
-- transaction that set `pn.search_deferred` to 'on' (set_config(…, true): this transaction only).
-- An import batch sets it, writes its companies with multi-row statements, and then refreshes
-- each company it touched once (pn_search_refresh), instead of once per statement per company.
-- Everything else is as in migrations 0006 and 0012 (deleted_at).
CREATE OR REPLACE FUNCTION pn_search_on_companies() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    cid uuid;
  BEGIN
    IF current_setting('pn.search_deferred', true) = 'on' THEN RETURN NULL; END IF;
    IF TG_OP = 'INSERT' THEN
      FOR cid IN SELECT id FROM new_rows ORDER BY id LOOP PERFORM pn_search_refresh(cid); END LOOP;
    ELSIF TG_OP = 'DELETE' THEN
      FOR cid IN SELECT id FROM old_rows ORDER BY id LOOP PERFORM pn_search_refresh(cid); END LOOP;
    ELSE
      FOR cid IN
        SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.name, n.description_de, n.description_cs, n.status, n.created_at, n.deleted_at)
          IS DISTINCT FROM (o.name, o.description_de, o.description_cs, o.status, o.created_at, o.deleted_at)
        ORDER BY n.id
      LOOP PERFORM pn_search_refresh(cid); END LOOP;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pn_search_on_company_parts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    cid uuid;
  BEGIN
    IF current_setting('pn.search_deferred', true) = 'on' THEN RETURN NULL; END IF;
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

-- Search (decision 008): extensions, text normalisation, a denormalised search table kept up to
-- date by triggers, and its indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"doc_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"tag_ids" uuid[] NOT NULL,
	"nace_codes" text[] NOT NULL,
	"country" text,
	"lat" double precision,
	"lon" double precision,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_documents_kind_doc_id_pk" PRIMARY KEY("kind","doc_id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_company_idx" ON "search_documents" USING btree ("company_id");
--> statement-breakpoint
-- Lower case without diacritics ("Ústí" → "usti", "Straße" → "strasse"); IMMUTABLE so indexes may
-- use it (the dictionary is named explicitly, which is what makes that safe).
CREATE FUNCTION pn_norm(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE FUNCTION pn_lexemes(value text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector('simple'::regconfig, coalesce(pn_norm(value), '')) $$;
--> statement-breakpoint
-- A company's NACE codes plus all their ancestors (class 25.11 → 25.1, 25, C).
CREATE FUNCTION pn_nace_path(codes text[]) RETURNS text[]
  LANGUAGE sql STABLE
  AS $$
    WITH RECURSIVE path(code, parent) AS (
      SELECT code, parent FROM nace_codes WHERE code = ANY(codes)
      UNION
      SELECT n.code, n.parent FROM nace_codes n JOIN path p ON n.code = p.parent
    )
    SELECT coalesce(array_agg(code ORDER BY code), '{}') FROM path
  $$;
--> statement-breakpoint
-- What a visible company contributes to search. A plain view (no CTE), so a filter on company_id
-- is pushed down and refreshing one company reads only its rows.
CREATE VIEW search_company_base AS
  SELECT c.id AS company_id, c.name, c.description_de, c.description_cs, c.created_at,
    hq.country, hq.lat, hq.lon, hq.city,
    coalesce((SELECT array_agg(ct.tag_id ORDER BY ct.tag_id) FROM company_tags ct WHERE ct.company_id = c.id), '{}') AS tag_ids,
    coalesce((SELECT string_agg(t.label_de || ' ' || t.label_cs, ' ') FROM company_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.company_id = c.id), '') AS tag_text,
    pn_nace_path(ARRAY(SELECT cn.nace_code FROM company_nace cn WHERE cn.company_id = c.id)) AS nace_codes
  FROM companies c
  LEFT JOIN LATERAL (
    SELECT a.country, a.lat, a.lon, a.city FROM company_addresses a
    WHERE a.company_id = c.id ORDER BY (a.kind = 'HEADQUARTERS') DESC, a.created_at LIMIT 1
  ) hq ON true
  WHERE c.status = 'VERIFIED';
--> statement-breakpoint
-- Weights: A name or ad title; B tags and ad keywords; C town, company name on ads; D descriptions.
CREATE VIEW search_source AS
  SELECT b.company_id AS doc_id, 'COMPANY'::text AS kind, b.company_id, b.name AS title,
    setweight(pn_lexemes(b.name), 'A') || setweight(pn_lexemes(b.tag_text), 'B')
      || setweight(pn_lexemes(b.city), 'C') || setweight(pn_lexemes(b.description_de || ' ' || b.description_cs), 'D') AS tsv,
    b.tag_ids, b.nace_codes, b.country, b.lat, b.lon, NULL::timestamptz AS valid_until, b.created_at
  FROM search_company_base b
  UNION ALL
  SELECT s.id, s.type, b.company_id, s.title,
    setweight(pn_lexemes(s.title), 'A') || setweight(pn_lexemes(array_to_string(s.keywords, ' ')), 'B')
      || setweight(pn_lexemes(b.name || ' ' || coalesce(b.city, '')), 'C') || setweight(pn_lexemes(s.description), 'D'),
    b.tag_ids, b.nace_codes, b.country, b.lat, b.lon, s.valid_until, s.created_at
  FROM search_company_base b JOIN company_services s ON s.company_id = b.company_id AND s.active;
--> statement-breakpoint
CREATE FUNCTION pn_search_refresh(cid uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM search_documents WHERE company_id = cid;
    INSERT INTO search_documents (doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at)
      SELECT doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at
      FROM search_source WHERE company_id = cid;
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM search_documents d, unnest(tsvector_to_array(d.tsv)) w
      WHERE d.company_id = cid AND length(w) BETWEEN 3 AND 40
      ON CONFLICT DO NOTHING;
  END
  $$;
--> statement-breakpoint
-- Rebuilds everything (bulk imports and the data generator disable the row triggers, then call this).
CREATE FUNCTION pn_search_rebuild() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM search_documents;
    INSERT INTO search_documents (doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at)
      SELECT doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at FROM search_source;
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM search_documents d, unnest(tsvector_to_array(d.tsv)) w
      WHERE length(w) BETWEEN 3 AND 40
      ON CONFLICT DO NOTHING;
  END
  $$;
--> statement-breakpoint
CREATE FUNCTION pn_search_refresh_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_TABLE_NAME = 'companies' THEN
      PERFORM pn_search_refresh(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
    ELSE
      IF TG_OP <> 'INSERT' THEN PERFORM pn_search_refresh(OLD.company_id); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.company_id IS DISTINCT FROM OLD.company_id) THEN
        PERFORM pn_search_refresh(NEW.company_id);
      END IF;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE FUNCTION pn_search_refresh_tag() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pn_search_refresh(ct.company_id) FROM company_tags ct WHERE ct.tag_id = NEW.id;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER search_refresh AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION pn_search_refresh_row();--> statement-breakpoint
CREATE TRIGGER search_refresh AFTER INSERT OR UPDATE OR DELETE ON company_addresses FOR EACH ROW EXECUTE FUNCTION pn_search_refresh_row();--> statement-breakpoint
CREATE TRIGGER search_refresh AFTER INSERT OR UPDATE OR DELETE ON company_nace FOR EACH ROW EXECUTE FUNCTION pn_search_refresh_row();--> statement-breakpoint
CREATE TRIGGER search_refresh AFTER INSERT OR UPDATE OR DELETE ON company_tags FOR EACH ROW EXECUTE FUNCTION pn_search_refresh_row();--> statement-breakpoint
CREATE TRIGGER search_refresh AFTER INSERT OR UPDATE OR DELETE ON company_services FOR EACH ROW EXECUTE FUNCTION pn_search_refresh_row();--> statement-breakpoint
CREATE TRIGGER search_refresh AFTER UPDATE OF label_de, label_cs ON tags FOR EACH ROW EXECUTE FUNCTION pn_search_refresh_tag();--> statement-breakpoint
CREATE INDEX search_documents_tsv_idx ON search_documents USING gin (tsv);--> statement-breakpoint
CREATE INDEX search_documents_tags_idx ON search_documents USING gin (tag_ids);--> statement-breakpoint
CREATE INDEX search_documents_nace_idx ON search_documents USING gin (nace_codes);--> statement-breakpoint
CREATE INDEX search_documents_earth_idx ON search_documents USING gist (ll_to_earth(lat, lon)) WHERE lat IS NOT NULL AND lon IS NOT NULL;--> statement-breakpoint
CREATE INDEX search_documents_kind_created_idx ON search_documents (kind, created_at DESC);--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops);--> statement-breakpoint
SELECT pn_search_rebuild();

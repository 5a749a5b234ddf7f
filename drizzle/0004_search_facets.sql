-- One GIN index per kind answers every search (decision 010, bench/README.md): the text (tsv) and
-- all filters as keys in `facets` — country, tags, NACE codes with their ancestors, and the cells
-- of a three-level lat/lon grid. GIN intersects the keys inside one index scan, skipping through
-- the long lists (section C, a whole country) by the short ones, where separate indexes each built
-- a full bitmap to be ANDed; a company search never reads the ads' entries. The cell sizes must
-- match app/server/search/geo-cells.ts.
CREATE FUNCTION pn_geo_cells(lat float8, lon float8) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN lat IS NULL OR lon IS NULL THEN '{}'::text[] ELSE ARRAY[
    'g0:' || floor(lat / 0.4::float8)::bigint || ':' || floor(lon / 0.6::float8)::bigint,
    'g1:' || floor(lat / 0.1::float8)::bigint || ':' || floor(lon / 0.15::float8)::bigint,
    'g2:' || floor(lat / 0.025::float8)::bigint || ':' || floor(lon / 0.0375::float8)::bigint] END $$;
--> statement-breakpoint
CREATE FUNCTION pn_facets(kind text, country text, tag_ids uuid[], nace_codes text[], lat float8, lon float8) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN country IS NULL THEN '{}'::text[] ELSE ARRAY['c:' || country] END
    || ARRAY(SELECT 't:' || t FROM unnest(tag_ids) t)
    || ARRAY(SELECT 'n:' || n FROM unnest(nace_codes) n)
    || pn_geo_cells(lat, lon) $$;
--> statement-breakpoint
-- Great-circle distance in metres (haversine on earthdistance's sphere, so distances stay what they
-- were). Plain float arithmetic, inlined by the planner: earth_distance(ll_to_earth(…)) builds cube
-- values and cost ≈ 4.6 µs a row against ≈ 0.3 µs — most of a radius search's time.
CREATE FUNCTION pn_distance_m(lat1 float8, lon1 float8, lat2 float8, lon2 float8) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 2 * 6378168 * asin(least(1, sqrt(power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lon2 - lon1) / 2), 2)))) $$;
--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "facets" text[] GENERATED ALWAYS AS (pn_facets(kind, country, tag_ids, nace_codes, lat, lon)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX search_documents_companies_idx ON search_documents USING gin (tsv, facets) WHERE kind = 'COMPANY';--> statement-breakpoint
CREATE INDEX search_documents_offers_idx ON search_documents USING gin (tsv, facets) WHERE kind = 'OFFER';--> statement-breakpoint
CREATE INDEX search_documents_inquiries_idx ON search_documents USING gin (tsv, facets) WHERE kind = 'INQUIRY';--> statement-breakpoint
DROP INDEX IF EXISTS search_documents_tsv_idx;--> statement-breakpoint
DROP INDEX IF EXISTS search_documents_tags_idx;--> statement-breakpoint
DROP INDEX IF EXISTS search_documents_nace_idx;--> statement-breakpoint
DROP INDEX IF EXISTS search_documents_lat_lon_idx;--> statement-breakpoint
-- The primary key (doc_id, kind) served "kind = …" as a walk over the whole index; company and
-- ad ids are unique on their own.
ALTER TABLE "search_documents" DROP CONSTRAINT "search_documents_doc_id_kind_pk";--> statement-breakpoint
ALTER TABLE "search_documents" ADD PRIMARY KEY ("doc_id");--> statement-breakpoint
ANALYZE search_documents;
--> statement-breakpoint
-- Search words of any length from 3 letters (long compounds were left out at 40): a prefix is
-- expanded into the known words it begins (search-sql.server.ts), so the list must be complete.
CREATE OR REPLACE FUNCTION pn_search_refresh(cid uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM search_documents WHERE company_id = cid;
    INSERT INTO search_documents (doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at)
      SELECT doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at
      FROM search_source WHERE company_id = cid;
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM search_documents d, unnest(tsvector_to_array(d.tsv)) w
      WHERE d.company_id = cid AND length(w) >= 3
      ON CONFLICT DO NOTHING;
  END
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pn_search_rebuild() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM search_documents;
    INSERT INTO search_documents (doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at)
      SELECT doc_id, kind, company_id, title, tsv, tag_ids, nace_codes, country, lat, lon, valid_until, created_at FROM search_source;
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM search_documents d, unnest(tsvector_to_array(d.tsv)) w
      WHERE length(w) >= 3
      ON CONFLICT DO NOTHING;
  END
  $$;
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM search_documents d, unnest(tsvector_to_array(d.tsv)) w WHERE length(w) > 40
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX search_words_prefix_idx ON search_words (word text_pattern_ops);

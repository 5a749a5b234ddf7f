-- pg_dump restores with an empty search_path: pn_facets, evaluated for the generated column
-- search_documents.facets during the restore, must name pn_geo_cells with its schema, or a plain
-- pg_restore fails (decision 052). Same body otherwise, so every stored facet stays as it is.
CREATE OR REPLACE FUNCTION pn_facets(kind text, country text, tag_ids uuid[], nace_codes text[], lat float8, lon float8) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN country IS NULL THEN '{}'::text[] ELSE ARRAY['c:' || country] END
    || ARRAY(SELECT 't:' || t FROM unnest(tag_ids) t)
    || ARRAY(SELECT 'n:' || n FROM unnest(nace_codes) n)
    || public.pn_geo_cells(lat, lon) $$;

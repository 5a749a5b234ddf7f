-- Benchmark-driven (bench/README.md, decision 008): a btree on kind let the planner walk all
-- companies as a stand-in for a sequential scan and test every tsvector; without it, searches
-- take the GIN/GiST bitmaps. "Newest ads" (home page) keeps a partial index of its own.
DROP INDEX IF EXISTS search_documents_kind_created_idx;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_ads_created_idx ON search_documents (created_at DESC) WHERE kind IN ('OFFER', 'INQUIRY');--> statement-breakpoint
ANALYZE search_documents;
--> statement-breakpoint
-- Radius searches narrow by a latitude/longitude box (btree ranges have statistics; the cube
-- box had none and was always guessed as very selective).
DROP INDEX IF EXISTS search_documents_earth_idx;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_documents_lat_lon_idx ON search_documents (lat, lon);--> statement-breakpoint
ANALYZE search_documents;
--> statement-breakpoint
-- The primary key led with kind, which the planner then used like the dropped kind index.
ALTER TABLE search_documents DROP CONSTRAINT IF EXISTS search_documents_kind_doc_id_pk;--> statement-breakpoint
ALTER TABLE search_documents ADD CONSTRAINT search_documents_doc_id_kind_pk PRIMARY KEY (doc_id, kind);--> statement-breakpoint
ANALYZE search_documents;

-- Offers meet requests (issue 25, decision 060): a narrow copy of the search table's ad rows for
-- matching, kept by a row trigger on search_documents (so it follows every search refresh, rebuild
-- and cascade), and filled from the search table once here.
CREATE TABLE "ad_match_docs" (
	"doc_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"company_id" uuid NOT NULL,
	"keys" text[] NOT NULL,
	"keywords" "tsvector" NOT NULL,
	"country" text,
	"lat" double precision,
	"lon" double precision,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_match_docs" ADD CONSTRAINT "ad_match_docs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_match_docs_offers_idx" ON "ad_match_docs" USING gin ("keywords","keys") WHERE "ad_match_docs"."kind" = 'OFFER';--> statement-breakpoint
CREATE INDEX "ad_match_docs_inquiries_idx" ON "ad_match_docs" USING gin ("keywords","keys") WHERE "ad_match_docs"."kind" = 'INQUIRY';--> statement-breakpoint
CREATE INDEX "ad_match_docs_company_idx" ON "ad_match_docs" USING btree ("company_id");--> statement-breakpoint
CREATE FUNCTION pn_ad_match_sync() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW.kind = 'COMPANY') THEN
      DELETE FROM ad_match_docs WHERE doc_id = OLD.doc_id;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.kind <> 'COMPANY' THEN
      INSERT INTO ad_match_docs AS m (doc_id, kind, company_id, keys, keywords, country, lat, lon, valid_until, created_at)
        VALUES (NEW.doc_id, NEW.kind, NEW.company_id,
          ARRAY(SELECT f FROM unnest(NEW.facets) f WHERE f LIKE 't:%' OR f LIKE 'n:%' ORDER BY f),
          strip(ts_filter(NEW.tsv, '{b}')), NEW.country, NEW.lat, NEW.lon, NEW.valid_until, NEW.created_at)
      ON CONFLICT (doc_id) DO UPDATE SET
        kind = EXCLUDED.kind, company_id = EXCLUDED.company_id, keys = EXCLUDED.keys, keywords = EXCLUDED.keywords,
        country = EXCLUDED.country, lat = EXCLUDED.lat, lon = EXCLUDED.lon, valid_until = EXCLUDED.valid_until, created_at = EXCLUDED.created_at;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER ad_match_sync AFTER INSERT OR UPDATE OR DELETE ON search_documents FOR EACH ROW EXECUTE FUNCTION pn_ad_match_sync();--> statement-breakpoint
INSERT INTO ad_match_docs (doc_id, kind, company_id, keys, keywords, country, lat, lon, valid_until, created_at)
  SELECT doc_id, kind, company_id, ARRAY(SELECT f FROM unnest(facets) f WHERE f LIKE 't:%' OR f LIKE 'n:%' ORDER BY f),
    strip(ts_filter(tsv, '{b}')), country, lat, lon, valid_until, created_at
  FROM search_documents WHERE kind <> 'COMPANY';--> statement-breakpoint
ANALYZE ad_match_docs;

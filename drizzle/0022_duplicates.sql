CREATE TABLE "company_duplicate_pairs" (
	"company_a" uuid NOT NULL,
	"company_b" uuid NOT NULL,
	"score" integer NOT NULL,
	"reasons" text[] NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "company_duplicate_pairs_order" CHECK ("company_duplicate_pairs"."company_a" < "company_duplicate_pairs"."company_b"),
	CONSTRAINT "company_duplicate_pairs_score" CHECK ("company_duplicate_pairs"."score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "duplicate_detection_runs" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"requested_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"pairs_found" integer,
	"duration_ms" integer,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "company_duplicate_pairs" ADD CONSTRAINT "company_duplicate_pairs_company_a_companies_id_fk" FOREIGN KEY ("company_a") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_duplicate_pairs" ADD CONSTRAINT "company_duplicate_pairs_company_b_companies_id_fk" FOREIGN KEY ("company_b") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_duplicate_pairs" ADD CONSTRAINT "company_duplicate_pairs_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_duplicate_pairs_key" ON "company_duplicate_pairs" USING btree ("company_a","company_b");--> statement-breakpoint
CREATE INDEX "company_duplicate_pairs_b_idx" ON "company_duplicate_pairs" USING btree ("company_b");--> statement-breakpoint
CREATE INDEX "company_duplicate_pairs_open_idx" ON "company_duplicate_pairs" USING btree ("score" DESC NULLS LAST,"company_a","company_b") WHERE "company_duplicate_pairs"."status" = 'OPEN';--> statement-breakpoint
-- Hand-written below (decision 040): the comparison forms duplicate detection works on, and their indexes.
-- A company name without legal form, punctuation and diacritics ("Müller-Metall GmbH & Co. KG" →
-- "muller metall", "Novák spol. s r.o." → "novak"); what trigram similarity compares.
CREATE FUNCTION pn_company_core(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(regexp_replace(regexp_replace(public.pn_norm(value), '[^a-z0-9]+', ' ', 'g'),
    '\m(gmbh|mbh|ag|kg|kgaa|ug|ohg|gbr|ek|e k|ev|e v|eg|se|co|und|haftungsbeschrankt|spol|s r o|sro|a s|as|v o s|vos|k s|z s|o p s|sp z o o|ltd|inc|llc)\M', ' ', 'g'),
    '\s+', ' ', 'g')) $$;
--> statement-breakpoint
-- A website's host: lower case, without scheme, "www.", port, path ("https://www.Firma.de/kontakt" → "firma.de").
CREATE FUNCTION pn_web_domain(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT nullif(regexp_replace(regexp_replace(lower(btrim(value)), '^([a-z][a-z0-9+.-]*://)?(www\.)?', ''), '[/:?#].*$', ''), '') $$;
--> statement-breakpoint
CREATE INDEX companies_web_domain_idx ON companies USING btree (pn_web_domain(website)) WHERE website <> '' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX company_contacts_email_domain_idx ON company_contacts USING btree (lower(split_part(email, '@', 2)));--> statement-breakpoint
INSERT INTO duplicate_detection_runs (id) VALUES (1);

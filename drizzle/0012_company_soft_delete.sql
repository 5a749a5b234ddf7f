ALTER TABLE "invoices" DROP CONSTRAINT "invoices_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_sender_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_cancels_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "sender_company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "deleted_with_company" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "deleted_with_company" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sender_company_id_companies_id_fk" FOREIGN KEY ("sender_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancels_invoice_id_invoices_id_fk" FOREIGN KEY ("cancels_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_deleted_idx" ON "companies" USING btree ("deleted_at") WHERE "companies"."deleted_at" IS NOT NULL;--> statement-breakpoint
-- Decision 026: a soft-deleted company leaves search at once (and comes back when restored). Same
-- columns as before, one more condition.
CREATE OR REPLACE VIEW search_company_base AS
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
  WHERE c.status = 'VERIFIED' AND c.deleted_at IS NULL;
--> statement-breakpoint
-- A change of deleted_at refreshes the company's search rows like a change of status.
CREATE OR REPLACE FUNCTION pn_search_on_companies() RETURNS trigger
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
        WHERE (n.name, n.description_de, n.description_cs, n.status, n.created_at, n.deleted_at)
          IS DISTINCT FROM (o.name, o.description_de, o.description_cs, o.status, o.created_at, o.deleted_at)
        ORDER BY n.id
      LOOP PERFORM pn_search_refresh(cid); END LOOP;
    END IF;
    RETURN NULL;
  END
  $$;

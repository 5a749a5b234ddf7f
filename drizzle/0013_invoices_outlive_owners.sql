ALTER TABLE "invoice_counters" DROP CONSTRAINT "invoice_counters_company_id_companies_id_fk";
--> statement-breakpoint
DROP INDEX "invoices_sender_number_key";--> statement-breakpoint
-- Hand-edited (decision 027): the column is filled from the sender before it becomes NOT NULL.
ALTER TABLE "invoices" ADD COLUMN "sequence_company_id" uuid;--> statement-breakpoint
UPDATE "invoices" SET "sequence_company_id" = "sender_company_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "sequence_company_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sender_number_key" ON "invoices" USING btree ("sequence_company_id","number");--> statement-breakpoint
-- Invoices issued before migration 0009 get their line text now, so that none needs the event row to print.
UPDATE "invoices" i SET "event_title" = CASE WHEN i."locale" = 'cs' THEN e."title_cs" ELSE e."title_de" END
  FROM "events" e WHERE e."id" = i."event_id" AND i."event_title" IS NULL;

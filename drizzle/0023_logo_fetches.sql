CREATE TABLE "company_logo_fetches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"import_id" uuid,
	"url" text NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"lease_until" timestamp with time zone,
	"lease_owner" uuid,
	"logo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_logo_fetches" ADD CONSTRAINT "company_logo_fetches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_logo_fetches" ADD CONSTRAINT "company_logo_fetches_import_id_company_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."company_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_logo_fetches_pending_key" ON "company_logo_fetches" USING btree ("company_id") WHERE "company_logo_fetches"."state" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "company_logo_fetches_due_idx" ON "company_logo_fetches" USING btree ("created_at","id") WHERE "company_logo_fetches"."state" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "company_logo_fetches_company_url_idx" ON "company_logo_fetches" USING btree ("company_id","url");--> statement-breakpoint
CREATE INDEX "company_logo_fetches_import_idx" ON "company_logo_fetches" USING btree ("import_id");
CREATE TABLE "company_identifiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"value" text NOT NULL,
	"normalized" text NOT NULL,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_import_rejections" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"problems" jsonb NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "company_import_rejections_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "company_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"format" text NOT NULL,
	"encoding" text,
	"separator" text,
	"sheet" integer,
	"has_header" boolean DEFAULT true NOT NULL,
	"language" text NOT NULL,
	"country" text NOT NULL,
	"verify" boolean DEFAULT false NOT NULL,
	"mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"error_code" text,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"lease_owner" uuid,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "curated_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "company_identifiers" ADD CONSTRAINT "company_identifiers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_identifiers" ADD CONSTRAINT "company_identifiers_import_id_company_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."company_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_import_rejections" ADD CONSTRAINT "company_import_rejections_import_id_company_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."company_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_imports" ADD CONSTRAINT "company_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_identifiers_company_key" ON "company_identifiers" USING btree ("company_id","kind","label","normalized");--> statement-breakpoint
CREATE INDEX "company_identifiers_lookup_idx" ON "company_identifiers" USING btree ("kind","normalized");--> statement-breakpoint
CREATE INDEX "company_imports_created_idx" ON "company_imports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "company_imports_due_idx" ON "company_imports" USING btree ("status") WHERE "company_imports"."status" IN ('FILE_UPLOADED', 'PROCESSING');--> statement-breakpoint
CREATE UNIQUE INDEX "import_mappings_name_key" ON "import_mappings" USING btree (lower("name"));
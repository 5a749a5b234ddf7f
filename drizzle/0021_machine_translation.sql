-- Machine translation (decision 041): job tables for company texts, tags and event/news texts; tag labels unique only when present.
CREATE TABLE "company_translation_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field" text NOT NULL,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"format" text DEFAULT 'text' NOT NULL,
	"source_text" text NOT NULL,
	"source_hash" text NOT NULL,
	"result" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"error_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"apply_result" boolean DEFAULT false NOT NULL,
	"applied_at" timestamp with time zone,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"company_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_translation_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field" text NOT NULL,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"format" text DEFAULT 'text' NOT NULL,
	"source_text" text NOT NULL,
	"source_hash" text NOT NULL,
	"result" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"error_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"apply_result" boolean DEFAULT false NOT NULL,
	"applied_at" timestamp with time zone,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"subject_kind" text NOT NULL,
	"subject_id" uuid
);
--> statement-breakpoint
CREATE TABLE "tag_translation_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field" text NOT NULL,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"format" text DEFAULT 'text' NOT NULL,
	"source_text" text NOT NULL,
	"source_hash" text NOT NULL,
	"result" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"error_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"apply_result" boolean DEFAULT false NOT NULL,
	"applied_at" timestamp with time zone,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"tag_id" uuid
);
--> statement-breakpoint
DROP INDEX "tags_label_de_key";--> statement-breakpoint
DROP INDEX "tags_label_cs_key";--> statement-breakpoint
ALTER TABLE "company_translation_jobs" ADD CONSTRAINT "company_translation_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_translation_jobs" ADD CONSTRAINT "company_translation_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_translation_jobs" ADD CONSTRAINT "content_translation_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_translation_jobs" ADD CONSTRAINT "tag_translation_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_translation_jobs" ADD CONSTRAINT "tag_translation_jobs_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_translation_jobs_company_idx" ON "company_translation_jobs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_translation_jobs_due_idx" ON "company_translation_jobs" USING btree ("status","lease_until") WHERE "company_translation_jobs"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "company_translation_jobs_requester_idx" ON "company_translation_jobs" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "content_translation_jobs_due_idx" ON "content_translation_jobs" USING btree ("status","lease_until") WHERE "content_translation_jobs"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "content_translation_jobs_requester_idx" ON "content_translation_jobs" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "tag_translation_jobs_tag_idx" ON "tag_translation_jobs" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "tag_translation_jobs_due_idx" ON "tag_translation_jobs" USING btree ("status","lease_until") WHERE "tag_translation_jobs"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "tag_translation_jobs_requester_idx" ON "tag_translation_jobs" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_label_de_key" ON "tags" USING btree (lower("label_de")) WHERE "tags"."label_de" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "tags_label_cs_key" ON "tags" USING btree (lower("label_cs")) WHERE "tags"."label_cs" <> '';
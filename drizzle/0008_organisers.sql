CREATE TABLE "event_badge_logos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_evaluations" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"actual_attendance" integer,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"company_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"next" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_counters_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"sender_company_id" uuid NOT NULL,
	"kind" text DEFAULT 'INVOICE' NOT NULL,
	"cancels_invoice_id" uuid,
	"number" text NOT NULL,
	"registration_id" uuid,
	"recipient_company_id" uuid,
	"recipient" jsonb NOT NULL,
	"recipient_person" text,
	"sender" jsonb NOT NULL,
	"locale" text NOT NULL,
	"issue_date" text NOT NULL,
	"period_from" text NOT NULL,
	"period_to" text NOT NULL,
	"participant_count" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"net_minor" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"payment_terms_days" integer NOT NULL,
	"logo_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_cancellation_link" CHECK (("invoices"."kind" = 'CANCELLATION') = ("invoices"."cancels_invoice_id" IS NOT NULL)),
	CONSTRAINT "invoices_counts" CHECK ("invoices"."participant_count" > 0 AND "invoices"."vat_rate_bp" >= 0 AND "invoices"."vat_rate_bp" <= 10000 AND "invoices"."payment_terms_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "participant_mail_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mailing_id" uuid NOT NULL,
	"registration_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participant_mailings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"created_by" uuid,
	"audience" text NOT NULL,
	"subject_de" text,
	"subject_cs" text,
	"body_de" text,
	"body_cs" text,
	"attachment_key" text,
	"attachment_name" text,
	"attachment_type" text,
	"attachment_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participant_mailings_has_text" CHECK (("participant_mailings"."subject_de" IS NOT NULL AND "participant_mailings"."body_de" IS NOT NULL) OR ("participant_mailings"."subject_cs" IS NOT NULL AND "participant_mailings"."body_cs" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "attended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "checked_in_by" uuid;--> statement-breakpoint
ALTER TABLE "event_badge_logos" ADD CONSTRAINT "event_badge_logos_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_evaluations" ADD CONSTRAINT "event_evaluations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_evaluations" ADD CONSTRAINT "event_evaluations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sender_company_id_companies_id_fk" FOREIGN KEY ("sender_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancels_invoice_id_invoices_id_fk" FOREIGN KEY ("cancels_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_recipient_company_id_companies_id_fk" FOREIGN KEY ("recipient_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_mail_recipients" ADD CONSTRAINT "participant_mail_recipients_mailing_id_participant_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."participant_mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_mail_recipients" ADD CONSTRAINT "participant_mail_recipients_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_mailings" ADD CONSTRAINT "participant_mailings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_mailings" ADD CONSTRAINT "participant_mailings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_badge_logos_event_idx" ON "event_badge_logos" USING btree ("event_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sender_number_key" ON "invoices" USING btree ("sender_company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_cancellation_key" ON "invoices" USING btree ("cancels_invoice_id") WHERE "invoices"."cancels_invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_event_idx" ON "invoices" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "participant_mail_recipients_mailing_idx" ON "participant_mail_recipients" USING btree ("mailing_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "participant_mail_recipients_one_per_address_key" ON "participant_mail_recipients" USING btree ("mailing_id","email");--> statement-breakpoint
CREATE INDEX "participant_mailings_event_idx" ON "participant_mailings" USING btree ("event_id","created_at");--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
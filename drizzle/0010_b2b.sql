CREATE TABLE "b2b_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"table_no" integer NOT NULL,
	"company_a" uuid NOT NULL,
	"company_b" uuid NOT NULL,
	"rank_a" integer,
	"rank_b" integer,
	"score" real NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "b2b_meetings_two_companies" CHECK ("b2b_meetings"."company_a" <> "b2b_meetings"."company_b"),
	CONSTRAINT "b2b_meetings_round_table" CHECK ("b2b_meetings"."round" >= 1 AND "b2b_meetings"."table_no" >= 1)
);
--> statement-breakpoint
CREATE TABLE "b2b_plans" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"round_starts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meeting_minutes" integer DEFAULT 20 NOT NULL,
	"table_count" integer DEFAULT 10 NOT NULL,
	"table_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_tables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_preferences" integer DEFAULT 10 NOT NULL,
	"preference_deadline" timestamp with time zone,
	"current_run_id" uuid,
	"published_run_id" uuid,
	"published_at" timestamp with time zone,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2b_plans_meeting_minutes" CHECK ("b2b_plans"."meeting_minutes" BETWEEN 5 AND 240),
	CONSTRAINT "b2b_plans_table_count" CHECK ("b2b_plans"."table_count" BETWEEN 1 AND 500),
	CONSTRAINT "b2b_plans_max_preferences" CHECK ("b2b_plans"."max_preferences" BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE TABLE "b2b_preference_lists" (
	"event_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" uuid,
	"by_organiser" boolean DEFAULT false NOT NULL,
	CONSTRAINT "b2b_preference_lists_event_id_company_id_pk" PRIMARY KEY("event_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "b2b_preferences" (
	"event_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"partner_company_id" uuid NOT NULL,
	"rank" integer,
	"excluded" boolean DEFAULT false NOT NULL,
	CONSTRAINT "b2b_preferences_event_id_company_id_partner_company_id_pk" PRIMARY KEY("event_id","company_id","partner_company_id"),
	CONSTRAINT "b2b_preferences_not_self" CHECK ("b2b_preferences"."company_id" <> "b2b_preferences"."partner_company_id"),
	CONSTRAINT "b2b_preferences_rank_or_excluded" CHECK (("b2b_preferences"."rank" IS NOT NULL AND "b2b_preferences"."rank" >= 1 AND NOT "b2b_preferences"."excluded") OR ("b2b_preferences"."rank" IS NULL AND "b2b_preferences"."excluded"))
);
--> statement-breakpoint
CREATE TABLE "b2b_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"based_on_run_id" uuid,
	"settings" jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"final" boolean NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "b2b_meetings" ADD CONSTRAINT "b2b_meetings_run_id_b2b_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."b2b_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_meetings" ADD CONSTRAINT "b2b_meetings_company_a_companies_id_fk" FOREIGN KEY ("company_a") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_meetings" ADD CONSTRAINT "b2b_meetings_company_b_companies_id_fk" FOREIGN KEY ("company_b") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_plans" ADD CONSTRAINT "b2b_plans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_plans" ADD CONSTRAINT "b2b_plans_current_run_id_b2b_runs_id_fk" FOREIGN KEY ("current_run_id") REFERENCES "public"."b2b_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_plans" ADD CONSTRAINT "b2b_plans_published_run_id_b2b_runs_id_fk" FOREIGN KEY ("published_run_id") REFERENCES "public"."b2b_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_plans" ADD CONSTRAINT "b2b_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_preference_lists" ADD CONSTRAINT "b2b_preference_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_preference_lists" ADD CONSTRAINT "b2b_preference_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_preference_lists" ADD CONSTRAINT "b2b_preference_lists_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_preferences" ADD CONSTRAINT "b2b_preferences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_preferences" ADD CONSTRAINT "b2b_preferences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_preferences" ADD CONSTRAINT "b2b_preferences_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_runs" ADD CONSTRAINT "b2b_runs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_runs" ADD CONSTRAINT "b2b_runs_based_on_run_id_b2b_runs_id_fk" FOREIGN KEY ("based_on_run_id") REFERENCES "public"."b2b_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_runs" ADD CONSTRAINT "b2b_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_meetings_table_key" ON "b2b_meetings" USING btree ("run_id","round","table_no");--> statement-breakpoint
CREATE INDEX "b2b_meetings_company_a_idx" ON "b2b_meetings" USING btree ("run_id","company_a");--> statement-breakpoint
CREATE INDEX "b2b_meetings_company_b_idx" ON "b2b_meetings" USING btree ("run_id","company_b");--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_preferences_rank_key" ON "b2b_preferences" USING btree ("event_id","company_id","rank");--> statement-breakpoint
CREATE INDEX "b2b_preferences_partner_idx" ON "b2b_preferences" USING btree ("event_id","partner_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_runs_event_number_key" ON "b2b_runs" USING btree ("event_id","number");
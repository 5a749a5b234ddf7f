CREATE TABLE "b2b_absences" (
	"event_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2b_absences_event_id_company_id_pk" PRIMARY KEY("event_id","company_id")
);
--> statement-breakpoint
ALTER TABLE "b2b_plans" ADD COLUMN "no_show_cutoff_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "b2b_absences" ADD CONSTRAINT "b2b_absences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_absences" ADD CONSTRAINT "b2b_absences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_absences" ADD CONSTRAINT "b2b_absences_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_plans" ADD CONSTRAINT "b2b_plans_no_show_cutoff" CHECK ("b2b_plans"."no_show_cutoff_minutes" BETWEEN 0 AND 240);